import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import { params, structured } from './arbitraries.js';
import { tempDir } from '../helpers.js';

const root = fs.realpathSync(tempDir('skillc-fuzz-fix-'));
const skillDir = path.join(root, 'skills', 'fuzz-skill');
fs.mkdirSync(skillDir, { recursive: true });
const file = path.join(skillDir, 'SKILL.md');
const config = { hosts: ['agentskills', 'claude', 'codex'] };

function errorsByRule(messages: { ruleId: string; severity: string }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of messages) if (d.severity === 'error') m.set(d.ruleId, (m.get(d.ruleId) ?? 0) + 1);
  return m;
}

describe('fuzz: --fix converges', () => {
  it('the fixed text, linted again, has no fixable diagnostic left and no new error', async () => {
    await fc.assert(
      fc.asyncProperty(structured, async (text) => {
        fs.writeFileSync(file, text);
        const before = await lint({ cwd: root, paths: ['skills'], config, fixDryRun: true });
        expect(before.internalErrors).toBe(0);
        const output = before.files.find((f) => f.path === file)?.output;
        if (output === undefined) return;
        const beforePlain = await lint({ cwd: root, paths: ['skills'], config });
        fs.writeFileSync(file, output);
        const after = await lint({ cwd: root, paths: ['skills'], config });
        expect(after.internalErrors).toBe(0);
        const messages = after.files.flatMap((f) => f.messages);
        expect(messages.filter((d) => d.fix).map((d) => `${d.ruleId}: ${d.message}`)).toEqual([]);
        const was = errorsByRule(beforePlain.files.flatMap((f) => f.messages));
        const now = errorsByRule(messages);
        // Fixing invalid YAML lets the rules that read the frontmatter (frontmatter/, skills/, source/) see
        // the fields it hid: those errors were there, masked. Rules of the body, links and files must not grow.
        // Likewise a value whose type was fixed (`name: 123` -> `name: "123"`) is now checked as a name.
        const fewer = (rule: string): boolean => (now.get(rule) ?? 0) < (was.get(rule) ?? 0);
        const unmasked = fewer('frontmatter/yaml') || fewer('frontmatter/field-type');
        for (const [rule, n] of now) {
          if (unmasked && /^(frontmatter|skills|source)\//.test(rule)) continue;
          expect(`${rule}: ${n}`).toBe(`${rule}: ${Math.min(n, was.get(rule) ?? 0)}`);
        }
      }),
      params(8),
    );
  });
});
