import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import { defineSkillRule } from '../../src/rules/rule.js';
import { tempTree } from '../helpers.js';

/**
 * Issue 26: `--cache` records the hash of the bytes the parse got, never the file read again
 * after the rules ran. A SKILL.md saved while its skill was being linted must not leave the old
 * diagnostics in the cache under the new text's hash.
 */
describe('the lint cache hashes the bytes the parse got', () => {
  it('re-lints a SKILL.md saved during the run instead of replaying what the old text gave', async () => {
    const root = tempTree({
      'skillc.config.json': JSON.stringify({ sources: 'skills-src', hosts: ['agentskills'] }),
      'skills-src/alpha/SKILL.md': '---\nname: alpha\ndescription: Use when testing alpha.\n---\n\n# Alpha\n\nText.\n',
    });
    const file = path.join(root, 'skills-src/alpha/SKILL.md');
    let saved = false;
    // Stands in for an editor saving the file while the rules run.
    const saver = defineSkillRule({ id: 'test/save', severity: 'warning', description: 'saves the file mid-run', fixable: false, defaultOptions: {} }, () => {
      if (saved) return;
      saved = true;
      fs.appendFileSync(file, '\nSee [gone](references/gone.md).\n');
    });
    const cacheLocation = path.join(root, 'cache.json');
    const first = await lint({ cwd: root, cache: true, cacheLocation, rules: [saver] });
    expect(first.files.flatMap((f) => f.messages.map((m) => m.ruleId))).not.toContain('links/broken');
    const second = await lint({ cwd: root, cache: true, cacheLocation, rules: [saver] });
    expect(second.cacheHits).toBe(0);
    expect(second.files.flatMap((f) => f.messages.map((m) => m.ruleId))).toContain('links/broken');
  });
});
