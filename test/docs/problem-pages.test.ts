import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PROBLEMS } from '../../src/rules/problems.js';
import { docsUrl } from '../../src/rules/rule.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Every `ruleId: 'group/name'` literal in src/ that no rule module defines is a problem of the engine or the build. */
function problemIdsInSource(): Set<string> {
  const ids = new Set<string>();
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !p.includes(`${path.sep}rules${path.sep}`)) {
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/ruleId: '([a-z]+\/[a-z-]+)'|= '((?:plugin|build)\/[a-z-]+)'/g)) ids.add((m[1] ?? m[2])!);
      }
    }
  };
  walk(path.join(root, 'src'));
  return ids;
}

describe('problems that are not rules', () => {
  it('every one the engine or the build reports is listed, and each listed one has a page', () => {
    const listed = new Set(PROBLEMS.map((p) => p.id));
    for (const id of problemIdsInSource()) expect(listed, id).toContain(id);
    for (const p of PROBLEMS) {
      expect(fs.existsSync(path.join(root, 'docs/problems', `${p.id}.md`)), p.id).toBe(true);
      expect(fs.readFileSync(path.join(root, 'docs/problems/README.md'), 'utf8')).toContain(`\`${p.id}\``);
      expect(docsUrl(p.id)).toMatch(new RegExp(`/docs/problems/${p.id}\\.md$`));
    }
  });

  it('skillc explain prints a problem page and suggests a near id', async () => {
    let out = '';
    let err = '';
    const io = { cwd: root, stdout: (s: string) => void (out += s), stderr: (s: string) => void (err += s) };
    expect(await main(['explain', 'plugin/load'], io)).toBe(0);
    expect(out).toMatch(/^# plugin\/load\n/);
    expect(await main(['explain', 'build/includ'], io)).toBe(2);
    expect(err).toContain("did you mean 'build/include'?");
  });
});
