import path from 'node:path';
import { loadConfig } from '../config/config.js';
import { UsageError } from '../core/errors.js';
import { printable } from '../model/text.js';
import { listSession, record, SessionError, type RecordedCase, type SessionSummary } from '../record/record.js';
import { oneOf, parse } from './args.js';
import type { Io } from './io.js';

export const RECORD_HELP = `Usage: skillc record <session.jsonl | session folder> [options]

Turn a real Claude Code or Codex session into a rehearsal case that
\`skillc rehearse\` replays in CI without the original workspace: case.yaml,
trace.jsonl, inputs/ (the files the span reads or edits, as they were before
it) and golden captures/. Each skill invocation (Claude Code's Skill tool, a
typed /name command, Codex's <skill> message) makes a case, from the
invocation to the end of its turn. Commands that run the skill's own files run
for real and are compared with the recording; every other command is answered
from the recording, its effects still captured. Home and project paths, user
names, e-mails, credentials and .env values are redacted before anything is
written, and the case is re-read to check it.

Options:
      --list                  print the session's skill invocations and turns; write nothing
      --skill <name>          the skill the case is for: only its invocations; required with --from/--to
  -o, --output <folder>       the case folder (in a skill's fixtures/); default
                              <skill>/fixtures/pass-recorded-<session>
      --from <turn|time>      a span of turns instead of the invocations: a turn number or a
      --to <turn|time>        timestamp in the turn (see --list)
      --force                 replace a case folder that exists
      --write-frontmatter     add the effects and delegated skills the span shows to the
                              skill's skillc.effects / skillc.requires
      --unsandboxed           rehearse the new case without a sandbox where none is available
  -f, --format <name>         stylish (default) or json
  -c, --config <file>         use this config file (its record.effects maps tools to effects)
  -h, --help                  show this help

Exit codes: 0 the case was written and passes its rehearsal, 1 it was written but does not
pass yet (the output says why), 2 usage error or a session that cannot be read (nothing written).

Examples:
  skillc record skills-src/release-notes/fixtures/_sessions/claude-code-release-1.1.0.jsonl --list
  skillc record skills-src/release-notes/fixtures/_sessions/claude-code-release-1.1.0.jsonl --skill release-notes --force
  skillc record skills-src/release-notes/fixtures/_sessions/claude-code-release-1.1.0.jsonl --from 1 --to 1 --skill release-notes -o skills-src/release-notes/fixtures/pass-recorded-turn-1 --force
`;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function header(s: SessionSummary, cwd: string): string {
  const file = path.relative(cwd, s.file) || s.file;
  const lines = [`${s.agent}${s.version ? ` ${s.version}` : ''} session${s.id ? ` ${s.id}` : ''} (${printable(file)}): ${plural(s.turns.length, 'turn')}, ${plural(s.invocations.length, 'skill invocation')}`];
  const skipped = Object.entries(s.skipped);
  if (skipped.length) lines.push(`  skipped ${plural(skipped.reduce((n, [, c]) => n + c, 0), 'record')} of unknown types: ${skipped.map(([t, n]) => `${printable(t)} ×${n}`).join(', ')}`);
  for (const note of s.notes) lines.push(`  note: ${printable(note)}`);
  return `${lines.join('\n')}\n`;
}

function listing(s: SessionSummary, cwd: string): string {
  const out = [header(s, cwd)];
  if (s.invocations.length) {
    out.push('invocations:\n');
    for (const i of s.invocations) out.push(`  ${String(i.n).padStart(2)}  line ${String(i.line).padEnd(6)} ${(i.at ?? '').padEnd(24)} ${i.via.padEnd(14)} ${printable(i.name)}${i.args ? ` ${printable(i.args.slice(0, 60))}` : ''}  (turn ${i.turn}${i.failed ? '; the Skill call failed' : ''})\n`);
  } else out.push('no skill invocation: pick a span of turns with --from/--to and name the skill with --skill\n');
  out.push('turns:\n');
  for (const t of s.turns) out.push(`  ${String(t.index).padStart(2)}  line ${String(t.line).padEnd(6)} ${(t.at ?? '').padEnd(24)} ${printable(t.prompt.replace(/\s+/g, ' ').slice(0, 70))}\n`);
  return out.join('');
}

function caseReport(c: RecordedCase, cwd: string): string {
  const s = c.stats;
  const rel = path.relative(cwd, c.dir) || c.dir;
  const lines = [`wrote ${printable(rel)}`];
  const inv = c.invocation;
  lines.push(inv ? `  invocation ${inv.n}: ${printable(inv.name)} (${inv.via}, line ${inv.line}) to the end of turn ${inv.turn}` : `  turns ${c.span.fromTurn} to ${c.span.toTurn}, for ${printable(c.skill)}`);
  lines.push(`  commands: ${s.commands} (${s.live} run for real, ${s.recorded} answered from the recording); file writes: ${s.writes}; tool calls: ${s.tools}; delegations: ${s.delegates.length}`);
  const dropped = Object.entries(s.dropped);
  lines.push(`  dropped: ${dropped.length ? dropped.map(([why, n]) => `${n} ${why}`).join('; ') : 'none'}`);
  lines.push(`  files seeded in inputs/: ${s.seeded.length ? `${s.seeded.length} (${s.seeded.slice(0, 6).map((x) => printable(x)).join(', ')}${s.seeded.length > 6 ? ', …' : ''})` : 'none'}`);
  if (s.unreconstructable.length) lines.push(`  not reconstructable (not written): ${s.unreconstructable.map((u) => `${printable(u.path)}: ${u.why}`).join('; ')}`);
  const redacted = Object.entries(c.redacted);
  lines.push(`  redacted: ${redacted.length ? redacted.map(([kind, n]) => `${n} ${kind}`).join(', ') : 'nothing'}`);
  if (s.unmapped.length) lines.push(`  MCP tools with no effect mapped: ${s.unmapped.map((x) => printable(x)).join(', ')} (map them in skillc.config.json: "record": { "effects": { "${printable(s.unmapped[0]!)}": "<effect>" } })`);
  if (c.frontmatter.lines.length) {
    lines.push(`  frontmatter: ${c.frontmatter.written ? 'added to' : 'add to'} ${printable(path.relative(cwd, path.join(c.skillDir, 'SKILL.md')))}${c.frontmatter.written ? '' : ' (or pass --write-frontmatter)'}:`);
    for (const l of c.frontmatter.lines) lines.push(`    ${printable(l)}`);
  }
  const r = c.rehearsal;
  lines.push(`  rehearse: ${r.ok ? 'pass' : `${r.verdict}${r.first ? `: ${printable(r.first)}` : ''}`} (${plural(r.captures, 'capture')} in captures/${r.sandbox === 'bwrap' ? '' : r.sandbox === 'refused' ? '; NO SANDBOX: commands were not run, rerun `skillc rehearse --update` where bubblewrap works' : '; UNSANDBOXED'})`);
  return `${lines.join('\n')}\n`;
}

export async function runRecord(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    list: { type: 'boolean' },
    skill: { type: 'string' },
    output: { type: 'string', short: 'o' },
    from: { type: 'string' },
    to: { type: 'string' },
    force: { type: 'boolean' },
    'write-frontmatter': { type: 'boolean' },
    unsandboxed: { type: 'boolean' },
    format: { type: 'string', short: 'f', default: 'stylish' },
    config: { type: 'string', short: 'c' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(RECORD_HELP);
    return 0;
  }
  const format = oneOf(values.format, ['stylish', 'json'], 'format');
  if (positionals.length !== 1) throw new UsageError('record needs exactly one session file or folder');
  const session = positionals[0]!;
  try {
    if (values.list) {
      const summary = await listSession({ session, cwd: io.cwd });
      io.stdout(format === 'json' ? `${JSON.stringify(summary, null, 2)}\n` : listing(summary, io.cwd));
      return 0;
    }
    const config = loadConfig(values.config ? { cwd: io.cwd, configFile: values.config } : { cwd: io.cwd });
    const result = await record({
      session,
      cwd: io.cwd,
      config,
      ...(values.skill ? { skill: values.skill } : {}),
      ...(values.output ? { output: values.output } : {}),
      ...(values.from !== undefined ? { from: values.from } : {}),
      ...(values.to !== undefined ? { to: values.to } : {}),
      ...(values.force ? { force: true } : {}),
      ...(values['write-frontmatter'] ? { writeFrontmatter: true } : {}),
      ...(values.unsandboxed ? { unsandboxed: true } : {}),
    });
    if (format === 'json') io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    else io.stdout(header(result.session, io.cwd) + result.cases.map((c) => caseReport(c, io.cwd)).join(''));
    return result.cases.every((c) => c.rehearsal.ok) ? 0 : 1;
  } catch (error) {
    if (error instanceof SessionError) throw new UsageError(error.message);
    throw error;
  }
}
