import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../../src/lint/engine.js';
import { json } from '../../../src/lint/reporters/json.js';
import rule from '../../../src/rules/skills/listing-budget.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# T\n`;
const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');
// Ten skills of about 1,000 characters each: 10,000+ characters of listing.
const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`s${i}/SKILL.md`, skill(`s${i}`, `Use when ${words(200, `w${i}x`)}`.slice(0, 1000).trim())]));

testRule(
  rule,
  {
    valid: [
      { name: 'a small catalog', hosts: ['claude', 'codex'], files: { 'a/SKILL.md': skill('a', 'Use when a.'), 'b/SKILL.md': skill('b', 'Use when b.') } },
      { name: 'a host without a documented budget', hosts: ['agentskills', 'gemini'], files: many },
      { name: 'within Claude Code budget at a bigger context', hosts: ['claude'], files: many, options: { contextTokens: 1_000_000, unit: 'catalog' } },
      { name: 'within Codex budget at 200,000 tokens (2%: 16,000 characters)', hosts: ['codex'], files: many, options: { unit: 'catalog' } },
      {
        name: 'a marketplace: each plugin is installed on its own and lists within budget, whatever they add up to',
        hosts: ['claude'],
        skills: [...Object.keys(many).slice(0, 5).map((f) => `plugins/one/skills/${f.replace('/SKILL.md', '')}`), ...Object.keys(many).slice(5).map((f) => `plugins/two/skills/${f.replace('/SKILL.md', '')}`)],
        files: Object.fromEntries(Object.entries(many).map(([f, t], i) => [`plugins/${i < 5 ? 'one' : 'two'}/skills/${f}`, t])),
      },
      { name: 'a registry of skill folders, no config: each skill installs alone', hosts: ['claude', 'codex'], files: many },
      {
        name: 'a manual skill is not listed',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('my-skill', 'Use when testing.', `when_to_use: ${'x'.repeat(1600)}\nskillc:\n  invocation: manual\n`) },
      },
      {
        name: "a long description of Codex's own (no entry cut) beside a short one for Claude Code",
        hosts: ['claude', 'codex'],
        files: { 'SKILL.md': skill('my-skill', 'Use when testing.', `skillc:\n  codex:\n    description: Use when ${'x'.repeat(1600)}\n`) },
      },
    ],
    invalid: [
      {
        name: "each host counted with its own description: Claude Code's own is cut, at its position",
        hosts: ['claude', 'codex'],
        files: { 'SKILL.md': skill('my-skill', 'Use when testing.', `skillc:\n  claude:\n    description: Use when ${'x'.repeat(1600)}\n`) },
        errors: [
          {
            line: 6,
            column: 18,
            message: 'Unexpected listing entry of 1,609 characters (`description` with `when_to_use`) for Claude Code, which cuts each entry at 1,536: the last 73 characters are not listed',
          },
        ],
      },
      {
        name: 'Claude Code cuts description and when_to_use at 1,536',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('my-skill', 'Use when testing.', `when_to_use: ${'x'.repeat(1600)}\n`) },
        errors: [
          {
            line: 3,
            column: 14,
            message: 'Unexpected listing entry of 1,618 characters (`description` with `when_to_use`) for Claude Code, which cuts each entry at 1,536: the last 82 characters are not listed',
          },
        ],
      },
      {
        name: 'over Claude Code budget at 200,000 tokens: reported once for the catalog, every name kept, descriptions dropped (issue 13)',
        hosts: ['claude'],
        options: { unit: 'catalog' },
        files: many,
        errors: [
          {
            file: 's0/SKILL.md',
            line: 3,
            message:
              /^Unexpected listing of 10 skills in 10,\d{3} characters, over Claude Code's budget of 8,000 \(1% of 200,000 tokens at 4 characters a token\): it keeps every skill's name and drops the descriptions of about 3, the least used first \(the model cannot pick those by description\)\. Largest entries: `s0` \(1,000\), `s1` \(1,000\), `s2` \(1,000\), `s3` \(1,000\), `s4` \(1,000\), and 5 more; shorten descriptions or mark manual skills so they leave the listing$/,
          },
        ],
      },
      {
        name: 'Codex with an unknown context size: 8,000 characters, the end of the list cut',
        hosts: ['codex'],
        files: many,
        options: { contextTokens: 0, unit: 'catalog' },
        errors: [{ file: 's0/SKILL.md', message: /over OpenAI Codex's budget of 8,000 \(its cap when the context size is unknown\): it cuts the listing's text, so about 3 entries are shortened or left out\./ }],
      },
      {
        name: 'a marketplace: the plugin that overflows is named, the one within budget is not reported',
        hosts: ['claude'],
        skills: [...Object.keys(many).map((f) => `plugins/big/skills/${f.replace('/SKILL.md', '')}`), 'plugins/small/skills/tiny'],
        files: { ...Object.fromEntries(Object.entries(many).map(([f, t]) => [`plugins/big/skills/${f}`, t])), 'plugins/small/skills/tiny/SKILL.md': skill('tiny', 'Use when tiny.') },
        errors: [{ file: 'plugins/big/skills/s0/SKILL.md', line: 3, message: /^Unexpected listing of 10 skills in plugin `big` in 10,\d{3} characters, over Claude Code's budget of 8,000/ }],
      },
      {
        name: "a host's own skills folder is one listing",
        hosts: ['codex'],
        options: { contextTokens: 0 },
        skills: Object.keys(many).map((f) => `.agents/skills/${f.replace('/SKILL.md', '')}`),
        files: Object.fromEntries(Object.entries(many).map(([f, t]) => [`.agents/skills/${f}`, t])),
        errors: [{ file: '.agents/skills/s0/SKILL.md', message: /^Unexpected listing of 10 skills in 10,\d{3} characters, over OpenAI Codex's budget of 8,000/ }],
      },
      {
        name: 'the config sets the context size',
        hosts: ['claude'],
        config: { contextTokens: 100_000 },
        options: { unit: 'catalog' },
        files: many,
        errors: [{ file: 's0/SKILL.md', message: /budget of 4,000 \(1% of 100,000 tokens.*drops the descriptions of about 7,/ }],
      },
      {
        name: 'the largest entries are named, the longest first',
        hosts: ['claude'],
        options: { unit: 'catalog' },
        files: { ...many, 'big/SKILL.md': skill('zz-big', `Use when ${'y'.repeat(1400)}`) },
        errors: [{ file: 's0/SKILL.md', message: /^Unexpected listing of 11 skills.*Largest entries: `zz-big` \(1,409\), `s0` \(1,000\)/ }],
      },
      {
        name: 'an unknown context size: Claude Code (a share of the window) has no budget, Codex its fixed cap',
        hosts: ['claude', 'codex'],
        files: many,
        options: { contextTokens: 0, unit: 'catalog' },
        errors: [{ file: 's0/SKILL.md', message: /OpenAI Codex's budget/ }],
      },
    ],
  },
  { describe, it },
);

describe('skills/listing-budget on a project with a config file', () => {
  it('reports the catalog-wide budget once, on the config file, and the JSON report lists that file (issue 13)', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-budget-'));
    try {
      fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ hosts: ['claude'], rules: { 'skills/listing-budget': 'warn' } }));
      for (const [file, text] of Object.entries(many)) {
        fs.mkdirSync(path.join(root, 'skills', path.dirname(file)), { recursive: true });
        fs.writeFileSync(path.join(root, 'skills', file), text);
      }
      const result = await lint({ cwd: root, paths: ['skills'] });
      const found = result.files.flatMap((f) => f.messages.filter((m) => m.ruleId === 'skills/listing-budget').map((m) => ({ file: path.relative(root, f.path), line: m.line, message: m.message })));
      expect(found).toHaveLength(1);
      expect(found[0]!.file).toBe('skillc.config.json');
      expect(found[0]!.line).toBe(1);
      expect(found[0]!.message).toMatch(/^Unexpected listing of 10 skills .*over Claude Code's budget.*Largest entries: `s\d`/);
      const doc = JSON.parse(json(result, { cwd: root, color: false, rules: [rule], version: 'test' })) as { files: { path: string; messages: { ruleId: string }[] }[] };
      expect(doc.files.find((f) => f.path === 'skillc.config.json')?.messages.map((m) => m.ruleId)).toEqual(['skills/listing-budget']);
      // Without a config file, the same finding goes on the catalog's first skill (the cases above).
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
