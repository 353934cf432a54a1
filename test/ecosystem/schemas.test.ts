import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { frontmatterSchema } from '../../src/adopt/frontmatter-schema.js';
import { readSkill } from '../../src/parse/skill.js';
import { repo } from './helpers.js';

const schemaFile = path.join(repo, 'schema', 'frontmatter.schema.json');

describe('editor schemas', () => {
  it('schema/frontmatter.schema.json is generated from the host profiles (run the generator when this fails)', () => {
    // Regenerate: node --import tsx -e "import('./src/adopt/frontmatter-schema.ts').then(m => require('fs').writeFileSync('schema/frontmatter.schema.json', JSON.stringify(m.frontmatterSchema(), null, 2) + '\n'))"
    expect(JSON.parse(fs.readFileSync(schemaFile, 'utf8'))).toEqual(frontmatterSchema());
  });

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
