import { spawnSync } from 'node:child_process';
import { defineSkillRule } from '../rule.js';
import { shellScripts, type ShellKind } from './shared.js';

/** How long one `-n` parse may take before the script is skipped. */
const TIMEOUT_MS = 5000;

/** `bash: /dev/stdin: line 4: msg` (bash) or `/dev/stdin: 4: msg` (dash, sh). */
const ERROR_LINE = /^(?:[^:\n]*: )?\/dev\/stdin:(?: line)? (\d+): (.+)$/m;

/** Flags that keep a shell from reading startup files. */
const NO_STARTUP_FILES: Readonly<Record<ShellKind, readonly string[]>> = { bash: ['--norc', '--noprofile'], zsh: ['-f'], sh: [], dash: [] };

export interface SyntaxError {
  line: number;
  detail: string;
}

/**
 * Parses a script with `<shell> -n` (read, never run). Undefined when the script
 * parses, or when the shell is missing, times out or says nothing usable.
 * The script goes in on stdin and is parsed as /dev/stdin, so errors carry line numbers.
 */
export function shellSyntaxError(shell: ShellKind, text: string): SyntaxError | undefined {
  const flags = NO_STARTUP_FILES[shell];
  // Node's stdin is a socket, which /dev/stdin cannot reopen (and which makes bash
  // read ~/.bashrc, as under sshd): `cat` turns it into a pipe the parser can open.
  const result = spawnSync(shell, [...flags, '-c', `cat | ${shell} ${flags.join(' ')} -n /dev/stdin`], {
    input: text,
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    maxBuffer: 256 * 1024,
    // No BASH_ENV, ENV or profile: nothing but the parser runs.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  if (result.error || result.signal || result.status === 0 || result.status === null) return undefined;
  const m = ERROR_LINE.exec(result.stderr ?? '');
  if (!m) return undefined;
  return { line: Number(m[1]), detail: m[2]!.replace(/^syntax error:?\s*/i, '').trim() };
}

export default defineSkillRule(
  {
    id: 'scripts/syntax',
    description: 'Reports bundled shell scripts that their shell cannot parse (`bash -n`, `sh -n`).',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    for (const { entry, file, shell } of shellScripts(skill)) {
      const error = shellSyntaxError(shell, file.text);
      if (!error) continue;
      const line = Math.min(Math.max(error.line, 1), file.lines.lineCount);
      report({
        message: `Unexpected syntax error (${error.detail}), expected a script \`${shell} -n\` accepts`,
        range: file.lines.lineRange(line),
        file: entry.path,
      });
    }
  },
);
