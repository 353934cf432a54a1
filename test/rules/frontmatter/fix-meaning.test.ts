import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyEdits } from '../../../src/lint/fix.js';
import descriptionXml from '../../../src/rules/frontmatter/description-xml.js';
import fieldType from '../../../src/rules/frontmatter/field-type.js';
import metadataStrings from '../../../src/rules/frontmatter/metadata-strings.js';
import missing from '../../../src/rules/frontmatter/missing.js';
import nameDirectory from '../../../src/rules/frontmatter/name-directory.js';
import nameFormat from '../../../src/rules/frontmatter/name-format.js';
import nameMissing from '../../../src/rules/frontmatter/name-missing.js';
import unknownKey from '../../../src/rules/frontmatter/unknown-key.js';
import yamlRule from '../../../src/rules/frontmatter/yaml.js';
import type { AnyRule } from '../../../src/rules/rule.js';
import { runRuleCase } from '../../../src/testing/rule-tester.js';

/**
 * `--fix` never changes what a value means (issue 13): for every fixable
 * frontmatter rule, a fix is applied, the output is linted again (clean of
 * that rule, nothing more to fix) and what the frontmatter says is compared
 * with what the author wrote.
 */

type Data = Record<string, unknown>;

const doc = (extra: string, name = 'my-skill') => `---\nname: ${name}\ndescription: Use when testing.\n${extra}\n---\n# T\n\nBody text.\n`;

function frontmatter(text: string): Data {
  const m = /^\uFEFF?(?:\s*\n)?---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  try {
    return (m ? parse(m[1]!) : {}) as Data;
  } catch {
    // The yaml rule's input does not parse: its meaning is checked against the text as written.
    return {};
  }
}

/** A tools string split as the spec's readers split it: on spaces, a parenthesised pattern kept whole. */
function specTools(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth === 0 && /[\s,]/.test(ch)) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

interface Case {
  name: string;
  rule: AnyRule;
  hosts?: string[];
  text: string;
  dir?: string;
  /** Null: the rule must offer no fix. Otherwise: what the fixed frontmatter must say. */
  means: ((before: Data, after: Data, fixed: string, original: string) => void) | null;
}

const CASES: Case[] = [
  { name: 'a quoted boolean is the boolean it spells', rule: fieldType, hosts: ['cursor'], text: doc('disable-model-invocation: "false"'), means: (_, a) => expect(a['disable-model-invocation']).toBe(false) },
  { name: 'yes is true', rule: fieldType, hosts: ['pi'], text: doc('disable-model-invocation: yes'), means: (_, a) => expect(a['disable-model-invocation']).toBe(true) },
  { name: 'a number for a string keeps its digits', rule: fieldType, hosts: ['hermes'], text: doc('version: 1.10'), means: (_, a) => expect(a.version).toBe('1.10') },
  { name: 'a value differing only in case', rule: fieldType, hosts: ['claude'], text: doc('context: Fork'), means: (_, a) => expect(a.context).toBe('fork') },
  {
    name: 'comma-separated tools keep every tool',
    rule: fieldType,
    text: doc('allowed-tools: Read, Grep, Bash(git:*)'),
    means: (b, a) => expect(specTools(a['allowed-tools'] as string)).toEqual(specTools(b['allowed-tools'] as string)),
  },
  { name: 'comma-separated tools with a pattern holding a space: no fix (issue 18)', rule: fieldType, text: doc('allowed-tools: Read, Grep, Bash(sh scripts/triage.sh:*)'), means: null },
  { name: 'a flow list of tools keeps every tool', rule: fieldType, text: doc('allowed-tools: [Read, "Bash(git:*)"]'), means: (b, a) => expect((a['allowed-tools'] as string).split(' ')).toEqual(b['allowed-tools']) },
  { name: 'a flow list with a pattern holding a space: no fix', rule: fieldType, text: doc('allowed-tools: [Read, "Bash(git add:*)"]'), means: null },
  {
    name: 'a literal tag is wrapped in a code span: every character kept',
    rule: descriptionXml,
    hosts: ['claude'],
    text: doc('', 'my-skill').replace('Use when testing.', 'Use when getting output without <think>, or tuning M3.'),
    means: (b, a) => {
      expect((a.description as string).replace(/`/g, '')).toBe(b.description);
      expect(a.description).toContain('`<think>`');
    },
  },
  {
    name: 'a value starting with a tag is quoted, every character kept',
    rule: descriptionXml,
    text: doc('').replace('Use when testing.', '<think> blocks are stripped. Use when asked.'),
    means: (b, a) => expect((a.description as string).replace(/`/g, '')).toBe(b.description),
  },
  { name: 'formatting tags: no fix (it would delete markup the author meant)', rule: descriptionXml, text: doc('').replace('Use when testing.', 'Use <b>when</b> asked.'), means: null },
  { name: 'a code span holding a tag is left alone', rule: descriptionXml, hosts: ['claude'], text: doc('').replace('Use when testing.', '"Use with `<ViewTransition>`."'), means: null },
  { name: 'name spelled like its folder', rule: nameDirectory, text: doc('', 'My_Skill'), means: (_, a) => expect(a.name).toBe('my-skill') },
  { name: 'a name in another spelling', rule: nameFormat, dir: 'pdf-tools', text: doc('', 'PDF Tools'), means: (_, a) => expect(a.name).toBe('pdf-tools') },
  { name: 'a missing name is the folder name hosts fall back to', rule: nameMissing, text: '---\ndescription: Use when testing.\n---\n# T\n', means: (b, a) => expect(a).toEqual({ name: 'my-skill', ...b }) },
  { name: 'a misspelt key keeps its value', rule: unknownKey, text: doc('allowed_tools: Read Grep'), means: (b, a) => expect(a['allowed-tools']).toBe(b.allowed_tools) },
  { name: 'a metadata number keeps its digits', rule: metadataStrings, text: doc('metadata:\n  version: 1.0\n  build: 007'), means: (_, a) => expect(a.metadata).toEqual({ version: '1.0', build: '007' }) },
  {
    name: 'a colon in a plain value: the text as written',
    rule: yamlRule,
    text: '---\nname: my-skill\ndescription: Use when: the user asks\n---\n# T\n',
    means: (_, a) => expect(a.description).toBe('Use when: the user asks'),
  },
  {
    name: 'blank lines before the frontmatter: the same frontmatter and body',
    rule: missing,
    text: `\n\n${doc('license: MIT')}`,
    means: (b, a, fixed, original) => {
      expect(a).toEqual(b);
      expect(fixed).toBe(original.trimStart());
    },
  },
];

describe('--fix never changes what a frontmatter value means', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const run = runRuleCase(c.rule, { files: { 'SKILL.md': c.text }, hosts: c.hosts ?? ['agentskills'], ...(c.dir ? { dir: c.dir } : {}) });
    try {
      const skill = run.skills[0]!;
      const edits = run.diagnostics.filter((d) => d.fix).flatMap((d) => d.fix!.edits);
      if (c.means === null) {
        expect(edits).toEqual([]);
        return;
      }
      expect(run.diagnostics.length).toBeGreaterThan(0);
      expect(edits.length).toBeGreaterThan(0);
      const fixed = applyEdits(skill.file.text, edits).text;
      // The body is never touched by a frontmatter fix.
      expect(fixed.slice(fixed.lastIndexOf('\n---\n'))).toBe(c.text.slice(c.text.lastIndexOf('\n---\n')));
      c.means(frontmatter(c.text), frontmatter(fixed), fixed, c.text);
      // Linted again: clean of the rule.
      const again = runRuleCase(c.rule, { files: { 'SKILL.md': fixed }, hosts: c.hosts ?? ['agentskills'], ...(c.dir ? { dir: c.dir } : {}) });
      try {
        expect(again.diagnostics.map((d) => d.message)).toEqual([]);
      } finally {
        fs.rmSync(again.root, { recursive: true, force: true });
      }
    } finally {
      fs.rmSync(run.root, { recursive: true, force: true });
    }
  });

  it('covers every fixable frontmatter rule', () => {
    const covered = new Set(CASES.filter((c) => c.means).map((c) => c.rule.meta.id));
    for (const rule of [descriptionXml, fieldType, metadataStrings, missing, nameDirectory, nameFormat, nameMissing, unknownKey, yamlRule]) {
      expect(rule.meta.fixable).toBe(true);
      expect(covered.has(rule.meta.id), rule.meta.id).toBe(true);
    }
  });
});
