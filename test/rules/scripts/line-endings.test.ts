import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitSkill, prepareSkill } from '../../../src/build/emit-skill.js';
import { BUILT_IN_HOSTS, getHost, type HostProfile } from '../../../src/hosts/index.js';
import { lint } from '../../../src/lint/engine.js';
import { applyEdits } from '../../../src/lint/fix.js';
import { readSkill } from '../../../src/parse/skill.js';
import rule from '../../../src/rules/scripts/line-endings.js';
import { runRuleCase, testRule } from '../../../src/testing/rule-tester.js';

const SKILL = '---\nname: my-skill\ndescription: Use when testing.\n---\n# T\n';
const script = (text: string) => ({ text, mode: 0o755 });
const CRLF = '#!/bin/bash\r\nset -eu\r\necho "a\r\nb"\r\n';

testRule(
  rule,
  {
    valid: [
      { name: 'LF scripts', files: { 'SKILL.md': SKILL, 'scripts/a.sh': script('#!/bin/bash\nset -eu\necho ok\n') } },
      { name: 'CRLF in files that are not shell scripts', files: { 'SKILL.md': SKILL, 'scripts/a.py': script('#!/usr/bin/env python3\r\nprint(1)\r\n'), 'references/r.md': '# R\r\n\r\nText\r\n', 'scripts/a.bat': '@echo off\r\n' } },
    ],
    invalid: [
      {
        name: 'a CRLF bash script',
        files: { 'SKILL.md': SKILL, 'scripts/run.sh': script(CRLF) },
        errors: [{ file: 'scripts/run.sh', line: 1, column: 12, endLine: 2, endColumn: 1, message: /^Unexpected CRLF line endings \(4 lines, the first on line 1\) in a shell script, expected LF/ }],
        outputFile: 'scripts/run.sh',
        output: '#!/bin/bash\nset -eu\necho "a\nb"\n',
      },
      {
        name: 'one CRLF in an extensionless sh script',
        files: { 'SKILL.md': SKILL, 'bin/tool': script('#!/bin/sh\necho a\r\necho b\n') },
        errors: [{ file: 'bin/tool', line: 2, column: 7, message: /^Unexpected CRLF line ending in a shell script, expected LF/ }],
        outputFile: 'bin/tool',
        output: '#!/bin/sh\necho a\necho b\n',
      },
    ],
  },
  { describe, it },
);

describe('scripts/line-endings fix and build', () => {
  it('the fix makes every line end LF, keeps the text, and lints clean', () => {
    const run = runRuleCase(rule, { files: { 'SKILL.md': SKILL, 'scripts/run.sh': script(CRLF) } });
    try {
      const [d] = run.diagnostics;
      const file = path.join(run.root, 'my-skill', 'scripts', 'run.sh');
      expect(d?.fix?.file).toBe(file);
      const fixed = applyEdits(CRLF, d!.fix!.edits).text;
      expect(fixed).toBe('#!/bin/bash\nset -eu\necho "a\nb"\n');
      fs.writeFileSync(file, fixed);
      const again = runRuleCase(rule, { files: { 'SKILL.md': SKILL, 'scripts/run.sh': script(fixed) } });
      fs.rmSync(again.root, { recursive: true, force: true });
      expect(again.diagnostics).toEqual([]);
    } finally {
      fs.rmSync(run.root, { recursive: true, force: true });
    }
  });

  it('lint --fix writes the fixed script (never through a symlink), --fix-dry-run only returns it', async () => {
    const run = runRuleCase(rule, { files: { 'SKILL.md': SKILL, 'scripts/run.sh': script(CRLF), 'scripts/link.sh': { symlink: 'run.sh' } } });
    try {
      const file = path.join(run.root, 'my-skill', 'scripts', 'run.sh');
      const config = { rules: { 'scripts/line-endings': 'error' as const } };
      const dry = await lint({ cwd: run.root, paths: ['my-skill'], fixDryRun: true, config });
      expect(dry.files.find((f) => f.path === file)?.output).toBe('#!/bin/bash\nset -eu\necho "a\nb"\n');
      expect(fs.readFileSync(file, 'utf8')).toBe(CRLF);
      const fixed = await lint({ cwd: run.root, paths: ['my-skill'], fix: true, config });
      expect(fs.readFileSync(file, 'utf8')).toBe('#!/bin/bash\nset -eu\necho "a\nb"\n');
      expect(fs.lstatSync(path.join(run.root, 'my-skill', 'scripts', 'link.sh')).isSymbolicLink()).toBe(true);
      expect(fixed.files.flatMap((f) => f.messages).filter((m) => m.ruleId === 'scripts/line-endings')).toEqual([]);
    } finally {
      fs.rmSync(run.root, { recursive: true, force: true });
    }
  });

  it('the build never emits a CRLF shell script, and leaves other files as they are', () => {
    const run = runRuleCase(rule, { files: { 'SKILL.md': SKILL, 'scripts/run.sh': script(CRLF), 'scripts/win.bat': '@echo off\r\n', 'references/r.md': '# R\r\n' } });
    try {
      const skill = readSkill(path.join(run.root, 'my-skill'));
      const { files } = emitSkill(prepareSkill(skill, run.root), getHost('claude', BUILT_IN_HOSTS) as HostProfile, 'my-skill/SKILL.md');
      const byName = new Map(files.map((f) => [path.basename(f.path), f]));
      expect(byName.get('run.sh')?.data.toString('utf8')).toBe('#!/bin/bash\nset -eu\necho "a\nb"\n');
      expect(byName.get('run.sh')?.mode).toBe(0o755);
      expect(byName.get('win.bat')?.data.toString('utf8')).toBe('@echo off\r\n');
      expect(byName.get('r.md')?.data.toString('utf8')).toBe('# R\r\n');
    } finally {
      fs.rmSync(run.root, { recursive: true, force: true });
    }
  });
});
