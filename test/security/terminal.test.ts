// Issue #14: text a skill controls never reaches a terminal raw, and a huge report cannot
// crash the reporter. One sanitiser (printable, src/model/text.ts) serves every text output.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stylish } from '../../src/lint/reporters/stylish.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { printable } from '../../src/model/text.js';
import { replayStylish, stylish as rehearsalStylish } from '../../src/rehearse/reporters.js';
import type { RehearsalReport } from '../../src/rehearse/result.js';
import { skillc } from '../ecosystem/helpers.js';

const ESC = '\u001b';
// eslint-disable-next-line no-control-regex -- the control characters the terminal output must not carry
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

describe('terminal output', () => {
  it('printable escapes ANSI/OSC introducers, C1 CSI, CR, BEL, bidi controls and line separators', () => {
    const hostile = `a${ESC}[2J${ESC}]8;;http://x${ESC}\\b\u009b31m\rc\u0007\u202e\u2066\u200f\u2028d`;
    const out = printable(hostile);
    expect(out).not.toMatch(RAW);
    expect(out).not.toMatch(/[\u200e\u200f\u2028\u2029]/);
    expect(out).toContain('\\u001b[2J');
    expect(printable('x\ny', { keepNewlines: true })).toBe('x\ny');
    expect(printable('x\ny')).toBe('x y');
  });

  it('the stylish reporter survives 300,000 problems in one file (no Math.max(...rows) stack overflow)', () => {
    const d = (i: number): Diagnostic => ({ file: '/p/s/SKILL.md', ruleId: 'body/heading', severity: 'warning', message: `m${i}`, line: i + 1, column: 1 } as Diagnostic);
    const messages = Array.from({ length: 300_000 }, (_, i) => d(i));
    const out = stylish({ files: [{ path: '/p/s/SKILL.md', messages }], errorCount: 0, warningCount: messages.length, infoCount: 0, fixableCount: 0 }, { cwd: '/p', color: false, rules: [], version: '0' });
    expect(out).toContain('300000 problems');
  });

  it('rehearse and replay stylish output show escapes from case names, messages and evidence as text', () => {
    const report: RehearsalReport = {
      version: 1,
      network: 'namespace',
      sandbox: 'bwrap',
      cases: [{ skill: `s${ESC}[31m`, case: `c${ESC}]0;pwned${ESC}\\`, path: 'p', kind: 'script', expected: 'pass', actual: 'fail', ok: false, firstFailure: { id: 'exit-code', ok: false, message: `m${ESC}[2J`, evidence: `line1\n${ESC}[1Aline2\r` } as never, checks: [], captures: [], ms: 1 } as never],
      summary: { cases: 1, ok: 0, mismatched: 1, errors: 0 },
    };
    const out = rehearsalStylish(report, false);
    expect(out).not.toMatch(RAW);
    expect(out).toContain('\\u001b[2J');
    expect(out).toContain('line1\n');
    const replay = replayStylish({ knobs: {}, steps: [{ line: 1, step: `x${ESC}[2K`, outcome: 'ok', detail: `d${ESC}[5m` }], recorded: 'pass', would: 'pass', changed: false } as never, `t${ESC}[1m`);
    expect(replay).not.toMatch(RAW);
  });

  it('skillc catalog prints a description with terminal escapes as text', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-term-'));
    roots.push(root);
    fs.mkdirSync(path.join(root, 'skills/evil'), { recursive: true });
    // YAML double-quoted escapes decode to ESC, BEL and RLO.
    fs.writeFileSync(path.join(root, 'skills/evil/SKILL.md'), '---\nname: evil\ndescription: "Use when \\e[2J\\e]0;owned\\a testing \\u202Eevil."\n---\n\n# Evil\n');
    for (const args of [['catalog', 'skills'], ['catalog', 'skills', '--host', 'claude']]) {
      const r = skillc(args, root);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('evil\tUse when \\u001b[2J\\u001b]0;owned\\u0007');
      expect(r.stdout + r.stderr).not.toMatch(RAW);
    }
  });

  it('skillc graph (mermaid, dot) shows a skill name with terminal escapes as text', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-term-'));
    roots.push(root);
    fs.mkdirSync(path.join(root, 'skills/evil'), { recursive: true });
    fs.writeFileSync(path.join(root, 'skills/evil/SKILL.md'), '---\nname: "evil\\e[31m"\ndescription: "Use when \\e[2J testing."\n---\n\n# Evil\n');
    for (const format of ['mermaid', 'dot']) {
      const r = skillc(['graph', 'skills', '--format', format], root);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('u001b[31m');
      expect(r.stdout).not.toMatch(RAW);
    }
  });
});
