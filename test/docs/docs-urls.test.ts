import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsPageUrl } from '../../src/core/package.js';
import { lint } from '../../src/lint/engine.js';
import { REPORTERS } from '../../src/lint/reporters/index.js';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { PROBLEMS } from '../../src/rules/problems.js';
import { docsUrl } from '../../src/rules/rule.js';
import { SKILL, tempTree } from '../helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
/** A release tags `v<version>` (CONTRIBUTING.md, "Releasing"): every docs link names that tag, never a branch. */
const PINNED = `https://github.com/skillc-dev/skillc/blob/v${version}/docs/`;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('docs URLs are pinned to the package version', () => {
  it('every rule and problem page URL is docsPageUrl of its page, at the version tag', () => {
    for (const r of BUILTIN_RULES) {
      expect(docsUrl(r.meta.id)).toBe(`${PINNED}rules/${r.meta.id}.md`);
      expect(fs.existsSync(path.join(root, 'docs/rules', `${r.meta.id}.md`)), r.meta.id).toBe(true);
    }
    for (const p of PROBLEMS) expect(docsUrl(p.id)).toBe(`${PINNED}problems/${p.id}.md`);
    expect(docsPageUrl('plugins.md')).toBe(`${PINNED}plugins.md`);
  });

  it('no module of src/ but the one helper spells a URL into the repository', () => {
    const helper = path.join(root, 'src/core/package.ts');
    const spelled = sourceFiles(path.join(root, 'src'))
      .filter((f) => f !== helper && /github\.com\/skillc-dev\/skillc\/(blob|tree|raw)\//.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(spelled).toEqual([]);
  });

  it('diagnostics, SARIF and plugin load errors carry the pinned URLs', async () => {
    const cwd = tempTree({
      'skills/Bad_Name/SKILL.md': SKILL('Bad_Name'),
      'skillc.config.json': JSON.stringify({ sources: 'skills', plugins: ['./missing-plugin.mjs'] }),
    });
    const result = await lint({ cwd });
    const messages = result.files.flatMap((f) => f.messages);
    expect(messages.length).toBeGreaterThan(0);
    for (const d of messages) {
      expect(d.url, d.ruleId).toBe(docsUrl(d.ruleId));
      expect(d.url).toContain(`/blob/v${version}/`);
    }
    expect(messages.map((d) => d.ruleId)).toEqual(expect.arrayContaining(['frontmatter/name-format', 'plugin/load']));
    const sarif = JSON.parse(REPORTERS.sarif!(result, { cwd, color: false, rules: result.rules })) as {
      runs: { tool: { driver: { version: string; rules: { helpUri: string }[] } } }[];
    };
    const driver = sarif.runs[0]!.tool.driver;
    expect(driver.version).toBe(version);
    for (const r of driver.rules) expect(r.helpUri.startsWith(PINNED)).toBe(true);
  });
});
