import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frontmatterRules } from '../../../src/rules/frontmatter/index.js';
import { runRuleCase } from '../../../src/testing/rule-tester.js';

/** Odd frontmatter no rule may throw on: every rule must report or stay quiet, never crash. */
const ODD = [
  '',
  'no frontmatter at all',
  '---\n',
  '---\n---\n',
  '\uFEFF---\nname: my-skill\n---\n',
  '---\n- a\n- b\n---\n',
  '---\njust text\n---\n',
  '---\n? [a, b]\n: c\n1: 2\ntrue: false\n"": x\n---\n',
  '---\nname: [a, {b: c}]\ndescription: {x: [1]}\nlicense: 3\nmetadata: [1]\nallowed-tools: {a: b}\ncompatibility: true\n---\n',
  '---\nname: null\ndescription: ~\nmetadata:\n  ? [a]\n  : b\n  c: *missing\n---\n',
  '---\nname: !!binary aGVsbG8=\ndescription: !!js/function "f"\n---\n',
  '---\nbase: &m {a: 1}\nmetadata: *m\nself: &s [*s]\n---\n',
  '---\nname: a\nname: b\ndescription: Use when: x: y\n\tbad: tab\n---\n',
  '---\r\nname: my-skill\r\ndescription: Use <b>when</b>: asked\r\n---\r\n',
  `---\nname: ${'x'.repeat(5000)}\ndescription: "${'<a>'.repeat(2000)}"\n---\n`,
];

describe('frontmatter rules on odd input', () => {
  for (const rule of frontmatterRules) {
    it(`${rule.meta.id} never throws`, () => {
      for (const text of ODD) {
        const run = runRuleCase(rule, { hosts: ['agentskills', 'claude', 'codex'], files: { 'SKILL.md': text } });
        fs.rmSync(run.root, { recursive: true, force: true });
        expect(run.internalErrors, `${rule.meta.id} on ${JSON.stringify(text.slice(0, 40))}: ${run.diagnostics.map((d) => d.message).join('; ')}`).toBe(0);
      }
    });
  }
});
