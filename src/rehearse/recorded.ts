/**
 * The recorded-answer mode of trace commands. A recorded session does not hold the workspace it
 * ran in (the project's files, its git history, its tools), so most of its commands cannot run
 * again anywhere else. As HTTP cassettes do (VCR, Polly.js, nock's recorder), a command that is
 * not the skill's own is answered from the recording: its recorded stdout, stderr and exit status
 * stand, nothing runs. What the skill ships (`{skill}/scripts/...`) runs for real, and its exit
 * status and stdout are compared with the recording: that is what the case tests.
 *
 * An answered command still has its effects: each command of its line that a capture fake of the
 * registry (fakes/index.ts) shadows and that has an effect (curl, `git push`, sendmail, ...; a
 * fake's `effectful`) is handed to that fake, in the sandbox, where it records what would have
 * been sent and sends nothing; so a recorded `git push` or `curl -X POST` is a capture checked
 * against `skillc.effects` as a live one would be. Nothing else of the line runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { commandOf, parseShell, parseShellSnippet, type ParsedShell } from '../parse/shell.js';
import { firstDifference } from './captures.js';
import { COMMAND_FAKES } from './fakes/index.js';
import { readInside } from './paths.js';
import type { Sandbox } from './sandbox.js';
import type { CommandRun, CommandShell, RecordedOutput } from './trace.js';

/** Largest recorded output a `from:` file may hold. */
export const MAX_RECORDED_OUTPUT = 16 << 20;

export type CommandMode = 'live' | 'recorded';

/** Programs that run the file they are given: `sh {skill}/scripts/x.sh`, `python3 {skill}/x.py`, `uv run {skill}/x.py`. */
const INTERPRETERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'python', 'python3', 'node', 'deno', 'bun', 'tsx', 'ts-node', 'ruby', 'perl', 'php', 'Rscript', 'uv', 'pipx', 'npx', 'source', '.']);
const SKILL_PATH = /^(?:\{skill\}|\$\{?SKILL_DIR\}?)(?:\/|$)/;

/**
 * True when the command runs a file the skill ships: the command itself is `{skill}/…` (or
 * `$SKILL_DIR/…`), an interpreter is given one (`sh {skill}/scripts/x.sh`), or the line `cd`s into
 * the skill first; or it runs in the skill folder (`cwd: skill`). Reading a skill file
 * (`cat {skill}/SKILL.md`) is not running it: such a command is answered from the recording.
 */
export function runsSkillFile(e: CommandRun): boolean {
  if (e.cwd === 'skill') return true;
  const commands = e.argv ? [e.argv] : parsed(e).commands.map((c) => {
    const found = commandOf(c);
    return found ? [found.nameWord.value, ...found.args.map((w) => w.value)] : [];
  });
  return commands.some(([name, ...args]) => {
    if (name === undefined) return false;
    const base = path.basename(name);
    return SKILL_PATH.test(name) || ((INTERPRETERS.has(base) || base === 'cd') && args.some((a) => SKILL_PATH.test(a)));
  });
}

export const hasRecording = (e: CommandRun): boolean => e.stdout !== undefined || e.stderr !== undefined;

/** How a command replays, and why (for the report). */
export function modeOf(e: CommandRun): { mode: CommandMode; why: string } {
  if (e.replay === 'live' || e.replay === 'recorded') return { mode: e.replay, why: `\`replay: ${e.replay}\` in the trace` };
  if (runsSkillFile(e)) return { mode: 'live', why: 'it runs a file of the skill' };
  if (!hasRecording(e)) return { mode: 'live', why: 'the trace holds no recorded output for it' };
  return { mode: 'recorded', why: 'it is not the skill’s own' };
}

const SHELL_CANDIDATES: Record<Exclude<CommandShell, 'sh'>, string[]> = {
  bash: ['/usr/bin/bash', '/bin/bash'],
  zsh: ['/usr/bin/zsh', '/bin/zsh'],
};

/**
 * The program that runs a `run` line written for `shell`: `sh` from the sandbox's PATH, bash and
 * zsh by absolute path under /usr or /bin (what the sandbox mounts), or undefined when the machine
 * does not have that shell: the command is then answered from the recording, never run with sh.
 */
export function shellProgram(shell: CommandShell): string | undefined {
  if (shell === 'sh') return 'sh';
  for (const candidate of SHELL_CANDIDATES[shell]) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // next
    }
  }
  return undefined;
}

/** The text of a recorded output: inline, or read from its `from:` file in the case folder (never through a link). */
export function recordedText(caseDir: string, output: RecordedOutput | undefined, what: string): { text: string } | { problem: string } {
  if (output === undefined) return { text: '' };
  if (typeof output === 'string') return { text: output };
  const read = readInside(caseDir, output.from, `\`${what}\` file`, MAX_RECORDED_OUTPUT);
  return 'problem' in read ? { problem: read.problem } : { text: read.text };
}

/** A live command's output as the recording spells its paths: the run folder `{run}`, the skill `{skill}`, HOME `~`. */
export function asRecorded(text: string, sb: Sandbox): string {
  return text.split(sb.skillDir).join('{skill}').split(sb.runDir).join('{run}').split(sb.home).join('~').split(sb.root).join('<sandbox>');
}

const lines = (text: string): string => text.replace(/\r\n/g, '\n').trimEnd();

/** Where a live command's stdout first differs from the recorded one, or undefined when they agree (trailing white space aside). */
export function stdoutDifference(recorded: string, actual: string): string | undefined {
  const a = lines(recorded);
  const b = lines(actual);
  return a === b ? undefined : firstDifference(a, b);
}

function parsed(e: CommandRun): ParsedShell {
  const shell = e.shell ?? 'sh';
  const whole = parseShell(e.run!, shell === 'sh' ? 'posix' : 'bash');
  // zsh lines bash cannot parse: each line that does still names its commands.
  return whole.error ? parseShellSnippet(e.run!) : whole;
}

/**
 * The commands of an answered line that a capture fake shadows, as argv for the fake: `curl -X
 * POST …`, `git push origin main` (the git fake decides which git commands have an effect). Words
 * keep what the recording wrote, `$VAR` and `$(…)` included: nothing is expanded, nothing runs.
 */
/** Whether the program a fake stands in for has an effect with these arguments (no fake: none). */
function hasEffect(name: string, args: readonly string[]): boolean {
  const fake = COMMAND_FAKES.find((f) => f.names.includes(name));
  return fake !== undefined && (fake.effectful?.(args) ?? true);
}

export function effectCommands(e: CommandRun, expand: (word: string) => string): string[][] {
  if (e.argv) {
    const name = path.basename(e.argv[0]!);
    const args = e.argv.slice(1).map(expand);
    return hasEffect(name, args) ? [[name, ...args]] : [];
  }
  const out: string[][] = [];
  for (const command of parsed(e).commands) {
    const found = commandOf(command);
    const args = found?.args.map((w) => expand(w.value)) ?? [];
    // Only the commands with an effect go to their fake: `git status` answered from the recording spawns nothing.
    if (found && hasEffect(found.name, args)) out.push([found.name, ...args]);
  }
  return out;
}
