import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { tempProject } from './helpers.js';

const skill = (body: string) => `---\nname: big\ndescription: Use when testing budgets after includes.\n---\n\n# Big\n\n${body}`;

describe('build: budgets apply to the expanded skill', () => {
  it('reports a body pushed over max-lines by an include, at the include', async () => {
    const fragment = Array.from({ length: 600 }, (_, i) => `Line ${i + 1} of the shared fragment.`).join('\n\n');
    const cwd = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['agentskills'] }),
      'skills-src/_shared/huge.md': `${fragment}\n`,
      'skills-src/big/SKILL.md': skill('Intro.\n\n<!-- include: ../_shared/huge.md -->\n'),
    });
    const result = await build({ cwd });
    const over = result.diagnostics.filter((d) => d.ruleId === 'body/max-lines');
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({ severity: 'warning', file: path.join(cwd, 'skills-src/big/SKILL.md'), line: 10 });
    expect(over[0]!.message).toMatch(/expected at most 500.*\(once includes are expanded\)$/);
    expect(result.written).toBe(true);
  });

  it('stays quiet when the expanded skill is within budget', async () => {
    const cwd = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['agentskills'] }),
      'skills-src/_shared/small.md': 'A short shared paragraph.\n',
      'skills-src/big/SKILL.md': skill('<!-- include: ../_shared/small.md -->\n'),
    });
    const result = await build({ cwd });
    expect(result.diagnostics.filter((d) => d.ruleId.startsWith('body/'))).toEqual([]);
  });
});
