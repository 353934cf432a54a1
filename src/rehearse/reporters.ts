/** Reporters for `skillc rehearse` (stylish, json, junit) and `skillc replay` (stylish, json). */
import pc from 'picocolors';
import { printable } from '../model/text.js';
import type { CaseResult, Check, RehearsalReport } from './result.js';
import type { WhatIfResult } from './whatif.js';

export type RehearsalFormat = 'stylish' | 'json' | 'junit';
export const REHEARSAL_FORMATS: RehearsalFormat[] = ['stylish', 'json', 'junit'];

const checkLine = (k: Check): string =>
  `${k.step ? `[${k.step}] ` : ''}${k.id}: ${k.message}${k.line && !k.message.includes(`trace.jsonl:${k.line}`) ? ` (trace.jsonl:${k.line})` : ''}`;
/** Case names, messages and evidence come from the skill and its commands' output: never raw to a terminal. */
const shown = (k: Check): string => printable(checkLine(k));

const indent = (text: string, by: string): string => text.split('\n').map((l) => `${by}${l}`).join('\n');

export function networkNote(report: RehearsalReport): string {
  return report.sandbox === 'bwrap'
    ? 'sandbox: bubblewrap (no network, read-only system, private /tmp, HOME hidden, no capabilities, seccomp, process and size limits, the whole process tree ends with each command), plus the capture fakes'
    : report.sandbox === 'none'
      ? 'sandbox: NONE (--unsandboxed): commands ran with your rights; only the capture fakes on PATH and the node preload stood between them and the network'
      : 'sandbox: none available: no command of a case was run';
}

/** The report's first line when commands did not run in a sandbox: it must not be missed. */
export function sandboxWarning(report: RehearsalReport): string | undefined {
  const why = report.sandboxProblem ? ` (${report.sandboxProblem})` : '';
  if (report.sandbox === 'none') return `UNSANDBOXED: no sandbox${why}; --unsandboxed ran the cases' commands with your own rights, network and files`;
  if (report.sandbox === 'refused') return `NO SANDBOX: no sandbox${why}; the cases' commands were not run (install bubblewrap, or pass --unsandboxed to run them without one)`;
  return undefined;
}

export function stylish(report: RehearsalReport, color = false): string {
  const c = color ? pc : { green: String, red: String, dim: String, bold: String, yellow: String };
  const lines: string[] = [];
  const warning = sandboxWarning(report);
  if (warning) lines.push(c.red(warning));
  let skill = '';
  for (const r of report.cases) {
    if (r.skill !== skill) {
      skill = r.skill;
      lines.push(c.bold(printable(skill)));
    }
    const mark = r.ok ? c.green('✓') : c.red('✖');
    const verdict = r.actual === r.expected ? r.actual : `${r.actual}, expected ${r.expected ?? '(nothing)'}`;
    lines.push(`  ${mark} ${printable(r.case)}  ${c.dim(`${r.kind}, ${verdict}${r.updated ? ', captures updated' : ''}, ${r.ms} ms`)}`);
    // The missed expectation first; when that is the golden captures (a new case has none yet), the
    // check that failed besides it too, so a new fail- case still shows what it caught.
    const other = r.firstFailure?.id === 'captures' ? r.checks.find((k) => !k.ok && k !== r.firstFailure) : undefined;
    for (const check of [r.firstFailure, other]) {
      if (!check) continue;
      lines.push(indent(shown(check), '      '));
      if (check.evidence) lines.push(c.dim(indent(printable(check.evidence.slice(0, 1500), { keepNewlines: true }), '        ')));
    }
  }
  const { cases, ok, mismatched } = report.summary;
  lines.push('');
  if (cases === 0) lines.push(c.yellow('No case found (a case is a folder under a skill\'s fixtures/)'));
  else if (mismatched === 0) lines.push(c.green(`✓ ${ok} of ${cases === 1 ? '1 case got its' : `${cases} cases got their`} expected verdict`));
  else lines.push(c.red(`✖ ${mismatched} of ${cases === 1 ? '1 case did not get its' : `${cases} cases did not get their`} expected verdict`));
  lines.push(c.dim(networkNote(report)));
  return `${lines.join('\n')}\n`;
}

export function json(report: RehearsalReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * What XML 1.0 cannot hold at all (its `Char` production): C0 controls but tab, LF and CR,
 * U+FFFE and U+FFFF, and UTF-16 surrogates that are not a pair. Dropped, so the report always
 * parses, whatever a case name or a command's output holds (issue #24).
 */
// eslint-disable-next-line no-control-regex -- these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const xml = (s: string): string => s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one suite a skill, one test case a case; a case that missed its expectation is a failure. */
export function junit(report: RehearsalReport): string {
  const bySkill = new Map<string, CaseResult[]>();
  for (const r of report.cases) bySkill.set(r.skill, [...(bySkill.get(r.skill) ?? []), r]);
  const secs = (ms: number): string => (ms / 1000).toFixed(3);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const warning = sandboxWarning(report);
  if (warning) out.push(`<!-- ${warning.replace(/--/g, '- -')} -->`);
  const total = report.cases.reduce((n, r) => n + r.ms, 0);
  out.push(`<testsuites name="skillc rehearse" tests="${report.summary.cases}" failures="${report.summary.mismatched - report.summary.errors}" errors="${report.summary.errors}" time="${secs(total)}">`);
  for (const [skill, results] of bySkill) {
    const failures = results.filter((r) => !r.ok && r.actual !== 'error').length;
    const errors = results.filter((r) => r.actual === 'error').length;
    out.push(`  <testsuite name="${xml(skill)}" tests="${results.length}" failures="${failures}" errors="${errors}" time="${secs(results.reduce((n, r) => n + r.ms, 0))}">`);
    for (const r of results) {
      out.push(`    <testcase classname="${xml(skill)}" name="${xml(r.case)}" file="${xml(r.path)}" time="${secs(r.ms)}">`);
      if (!r.ok) {
        const tag = r.actual === 'error' ? 'error' : 'failure';
        const head = `expected ${r.expected ?? '(nothing)'}, got ${r.actual}${r.firstFailure ? `: ${checkLine(r.firstFailure)}` : ''}`;
        out.push(`      <${tag} message="${xml(head)}" type="${xml(r.firstFailure?.id ?? 'verdict')}">${xml(r.firstFailure?.evidence ?? '')}</${tag}>`);
      }
      out.push(`      <system-out>${xml(r.checks.map((k) => `${k.ok ? 'ok  ' : 'FAIL'} ${checkLine(k)}`).join('\n'))}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

export const REHEARSAL_REPORTERS: Record<RehearsalFormat, (report: RehearsalReport, color?: boolean) => string> = { stylish, json, junit };

export function replayStylish(result: WhatIfResult, trace: string): string {
  const lines = [printable(`${trace}${Object.keys(result.knobs).length ? `  (${Object.entries(result.knobs).map(([k, v]) => `${k}=${v}`).join(', ')})` : ''}`)];
  const width = result.steps.reduce((w, s) => Math.max(w, printable(s.step).length), 4);
  for (const s of result.steps) lines.push(`  ${s.line ? String(s.line).padStart(4) : '   -'}  ${printable(s.step).padEnd(width)}  ${s.outcome.padEnd(19)}  ${printable(s.detail)}`);
  lines.push('', `recorded: ${result.recorded}; would: ${result.would}${result.changed ? '' : ' (nothing changes)'}`);
  return `${lines.join('\n')}\n`;
}
