import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { readSkill } from '../../src/parse/skill.js';
import { repo } from './helpers.js';

const schemaFile = path.join(repo, 'schema', 'frontmatter.schema.json');

describe('editor schemas', () => {
  it('accepts every source skill of this repository and rejects a bad skillc block', () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
    const dirs = fs.readdirSync(path.join(repo, 'skills-src')).filter((d) => fs.existsSync(path.join(repo, 'skills-src', d, 'SKILL.md')));
    expect(dirs.length).toBeGreaterThan(0);
    for (const d of dirs) {
      const data = readSkill(path.join(repo, 'skills-src', d)).frontmatter?.data;
      expect(validate(data), `${d}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate({ name: 'a', description: 'x', skillc: { invocation: 'sometimes' } })).toBe(false);
    expect(validate({ name: 'a', description: 'x', skillc: { claude: { context: 'fork' }, targets: ['claude'] } })).toBe(true);
    expect(validate({ name: 'a', description: 'x', skillc: { targets: ['nohost'] } })).toBe(false);
  });

  it('ships the schemas in the package', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
    expect(pkg.files).toContain('schema');
    for (const f of ['skillc.config.schema.json', 'case.schema.json', 'frontmatter.schema.json']) expect(fs.existsSync(path.join(repo, 'schema', f))).toBe(true);
  });
});
