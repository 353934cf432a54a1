import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { expandIncludes } from '../../src/build/includes.js';
import { lint } from '../../src/lint/engine.js';
import { INCLUDE_LIMITS } from '../../src/parse/includes.js';
import { parseSkill } from '../../src/parse/skill.js';
import { tempProject } from './helpers.js';

/**
 * Issue 15's acceptance test: lint and build walk includes with the one walker
 * (src/parse/includes.ts), so they agree on every include case. Each case is run
 * through both: lint's include rules (`skillc lint`), the build's own expansion
 * (what `skillc build` emits from), and the whole `build()`.
 */

const skill = (body: string): string => `---\nname: alpha\ndescription: Use when testing alpha.\n---\n\n# Alpha\n\n${body}`;
const inc = (p: string): string => `<!-- include: ${p} -->\n`;

/** A chain SKILL.md -> c1.md -> ... -> c<n>.md: the last include is `n` deep. */
function chain(n: number): Record<string, string> {
  const files: Record<string, string> = { 'skills-src/alpha/SKILL.md': skill(inc('../_shared/c1.md')) };
  for (let i = 1; i <= n; i++) files[`skills-src/_shared/c${i}.md`] = i < n ? `Step ${i}.\n\n${inc(`c${i + 1}.md`)}` : `Step ${i}.\n`;
  return files;
}

interface Case {
  name: string;
  files: Record<string, string>;
  /** Set up what a file map cannot hold (symlinks). */
  setup?: (dir: string) => void;
  /** The lint rule expected to refuse it, or undefined when the include is fine. */
  refused?: 'source/include-missing' | 'source/include-cycle';
  message?: RegExp;
}

const CASES: Case[] = [
  { name: 'a nested include', files: { 'skills-src/alpha/SKILL.md': skill(inc('../_shared/a.md')), 'skills-src/_shared/a.md': inc('b.md'), 'skills-src/_shared/b.md': 'B.\n' } },
  {
    name: 'a diamond',
    files: { 'skills-src/alpha/SKILL.md': skill(inc('a.md') + inc('b.md')), 'skills-src/alpha/a.md': inc('c.md'), 'skills-src/alpha/b.md': inc('c.md'), 'skills-src/alpha/c.md': 'C.\n' },
  },
  { name: `a chain exactly at the depth limit (${INCLUDE_LIMITS.depth})`, files: chain(INCLUDE_LIMITS.depth) },
  { name: 'a chain one past the depth limit', files: chain(INCLUDE_LIMITS.depth + 1), refused: 'source/include-missing', message: /nested more than 16 deep/ },
  { name: 'a 20-deep chain (the case of issue 15)', files: chain(20), refused: 'source/include-missing', message: /nested more than 16 deep/ },
  {
    name: 'a cycle',
    files: { 'skills-src/alpha/SKILL.md': skill(inc('a.md')), 'skills-src/alpha/a.md': inc('b.md'), 'skills-src/alpha/b.md': inc('a.md') },
    refused: 'source/include-cycle',
    message: /cycle a\.md -> b\.md -> a\.md/,
  },
  { name: 'SKILL.md including itself', files: { 'skills-src/alpha/SKILL.md': skill(inc('SKILL.md')) }, refused: 'source/include-cycle' },
  { name: 'an absolute path', files: { 'skills-src/alpha/SKILL.md': skill(inc('/etc/hosts')) }, refused: 'source/include-missing', message: /absolute/ },
  { name: 'a home path', files: { 'skills-src/alpha/SKILL.md': skill(inc('~/notes.md')) }, refused: 'source/include-missing', message: /absolute/ },
  { name: 'a missing file', files: { 'skills-src/alpha/SKILL.md': skill(inc('gone.md')) }, refused: 'source/include-missing', message: /missing file/ },
  {
    name: 'a missing file in an included file',
    files: { 'skills-src/alpha/SKILL.md': skill(inc('../_shared/a.md')), 'skills-src/_shared/a.md': inc('gone.md') },
    refused: 'source/include-missing',
    message: /missing file `gone\.md`/,
  },
  { name: 'a folder', files: { 'skills-src/alpha/SKILL.md': skill(inc('references')), 'skills-src/alpha/references/a.md': 'A.\n' }, refused: 'source/include-missing', message: /text file/ },
  { name: 'a path escaping the sources root', files: { 'README.md': '# Project\n', 'skills-src/alpha/SKILL.md': skill(inc('../../README.md')) }, refused: 'source/include-missing', message: /outside the sources root/ },
  {
    name: 'a symlink to outside the sources root',
    files: { 'private.md': 'Private.\n', 'skills-src/alpha/SKILL.md': skill(inc('../_shared/note.md')) },
    setup: (dir) => {
      fs.mkdirSync(path.join(dir, 'skills-src/_shared'), { recursive: true });
      fs.symlinkSync(path.join(dir, 'private.md'), path.join(dir, 'skills-src/_shared/note.md'));
    },
    refused: 'source/include-missing',
    message: /through a symlink/,
  },
  {
    name: 'a symlink inside the sources root',
    files: { 'skills-src/_shared/real.md': 'Real.\n', 'skills-src/alpha/SKILL.md': skill(inc('../_shared/note.md')) },
    setup: (dir) => fs.symlinkSync(path.join(dir, 'skills-src/_shared/real.md'), path.join(dir, 'skills-src/_shared/note.md')),
  },
  { name: 'an include in a code block is text', files: { 'skills-src/alpha/SKILL.md': skill('```md\n' + inc('gone.md') + '```\n') } },
  {
    name: 'an include in a code block of an included file is text',
    files: { 'skills-src/alpha/SKILL.md': skill(inc('a.md')), 'skills-src/alpha/a.md': '```md\n' + inc('gone.md') + '```\n' },
  },
];

describe('lint and build agree on every include case', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const dir = tempProject({ 'skillc.config.json': JSON.stringify({ hosts: ['agentskills'] }), ...c.files });
      c.setup?.(dir);

      const linted = await lint({ cwd: dir });
      const includeErrors = linted.files.flatMap((f) => f.messages).filter((d) => d.ruleId.startsWith('source/include-') && d.severity === 'error');

      const skillDir = path.join(dir, 'skills-src/alpha');
      const source = parseSkill({ dir: skillDir, text: fs.readFileSync(path.join(skillDir, 'SKILL.md'), 'utf8') });
      const expansion = expandIncludes(source.file.path, source.file.text, source.directives, skillDir, path.join(dir, 'skills-src'));

      const built = await build({ cwd: dir });

      if (c.refused) {
        expect(includeErrors.map((d) => d.ruleId)).toContain(c.refused);
        expect(expansion.problems.length).toBeGreaterThan(0);
        // One walker, one message: build states the same problem lint does.
        for (const p of expansion.problems) expect(includeErrors.some((d) => d.message.startsWith(p.message))).toBe(true);
        if (c.message) expect(includeErrors.map((d) => d.message).join('\n')).toMatch(c.message);
        expect(built.written).toBe(false);
      } else {
        expect(includeErrors).toEqual([]);
        expect(expansion.problems).toEqual([]);
        expect(built.errorCount, JSON.stringify(built.diagnostics)).toBe(0);
        expect(built.written).toBe(true);
      }
    });
  }
});

/** Companions and references are expanded by the build too: lint walks their includes the same way. */
const COMPANION_CASES: Case[] = [
  {
    name: 'a missing file included by a companion',
    files: { 'skills-src/alpha/SKILL.md': skill('See [patterns](patterns.md).\n'), 'skills-src/alpha/patterns.md': '# Patterns\n\n' + inc('gone.md') },
    refused: 'source/include-missing',
    message: /missing file `gone\.md`/,
  },
  {
    name: 'a cycle through a reference',
    files: {
      'skills-src/alpha/SKILL.md': skill('See [notes](references/notes.md).\n'),
      'skills-src/alpha/references/notes.md': '# Notes\n\n' + inc('a.md'),
      'skills-src/alpha/references/a.md': inc('b.md'),
      'skills-src/alpha/references/b.md': inc('a.md'),
    },
    refused: 'source/include-cycle',
  },
  {
    name: 'a companion that includes a shared fragment',
    files: { 'skills-src/alpha/SKILL.md': skill('See [patterns](patterns.md).\n'), 'skills-src/alpha/patterns.md': '# Patterns\n\n' + inc('../_shared/a.md'), 'skills-src/_shared/a.md': 'Shared.\n' },
  },
];

describe('lint and build agree on the includes of bundled Markdown', () => {
  for (const c of COMPANION_CASES) {
    it(c.name, async () => {
      const dir = tempProject({ 'skillc.config.json': JSON.stringify({ hosts: ['agentskills'] }), ...c.files });
      const linted = await lint({ cwd: dir });
      const includeErrors = linted.files.flatMap((f) => f.messages.map((m) => ({ ...m, path: f.path }))).filter((d) => d.ruleId.startsWith('source/include-') && d.severity === 'error');
      const built = await build({ cwd: dir });
      const buildErrors = built.diagnostics.filter((d) => d.ruleId === 'build/include');
      if (c.refused) {
        expect(includeErrors.map((d) => d.ruleId)).toContain(c.refused);
        // Reported in the bundled file that holds the directive, not in SKILL.md.
        expect(includeErrors.every((d) => !d.path.endsWith('SKILL.md'))).toBe(true);
        if (c.message) expect(includeErrors.map((d) => d.message).join('\n')).toMatch(c.message);
        expect(built.written).toBe(false);
        for (const p of buildErrors) expect(includeErrors.some((d) => d.message.startsWith(p.message))).toBe(true);
      } else {
        expect(includeErrors).toEqual([]);
        expect(buildErrors).toEqual([]);
        expect(built.written).toBe(true);
      }
    });
  }
});
