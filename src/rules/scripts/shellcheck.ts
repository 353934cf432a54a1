import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Severity } from '../../model/diagnostic.js';
import { defineSkillRule } from '../rule.js';
import { parsedScript, shellScripts } from './shared.js';

export interface Options {
  /** Codes to leave out, as `SC2086` or `2086`. */
  exclude: (string | number)[];
  /** The mildest shellcheck level reported: error, warning, info or style. */
  severity: 'error' | 'warning' | 'info' | 'style';
  /**
   * Without shellcheck, report what the shell parser finds instead (default true);
   * `"notice"`: one warning per skill naming the scripts left unchecked, as tflow's validate.sh warns.
   */
  fallback: boolean | 'notice';
  /** The dialect shellcheck checks every script as (`--shell`), whatever its shebang; default: each script's own. */
  shell?: 'sh' | 'bash' | 'dash' | 'ksh';
  /** The shellcheck program (default `shellcheck` on the PATH). */
  path: string;
  /**
   * Report every finding at the rule's own severity, whatever its shellcheck level (default false:
   * error, warning, and info/style as info). tflow's validate.sh fails on any finding, since
   * shellcheck exits 1 for info and style ones too.
   */
  failOnAny: boolean;
}

const TIMEOUT_MS = 15000;

interface ShellcheckComment {
  line: number;
  endLine: number;
  column: number;
  endColumn: number;
  level: 'error' | 'warning' | 'info' | 'style';
  code: number;
  message: string;
}

const available = new Map<string, { ok: boolean; norc: boolean; version: string }>();

/** Whether a shellcheck program runs here, and whether it knows `--norc` (0.8+); asked once per process. */
export function shellcheckInfo(program: string): { ok: boolean; norc: boolean; version: string } {
  let info = available.get(program);
  if (!info) {
    const r = spawnSync(program, ['--help'], { encoding: 'utf8', timeout: 5000, windowsHide: true });
    const help = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    const ok = !r.error && /shellcheck/i.test(help);
    const v = ok ? spawnSync(program, ['--version'], { encoding: 'utf8', timeout: 5000, windowsHide: true }) : undefined;
    info = { ok, norc: help.includes('--norc'), version: ok ? (/version:\s*(\S+)/.exec(v?.stdout ?? '')?.[1] ?? 'unknown') : 'none' };
    available.set(program, info);
  }
  return info;
}

const LEVEL: Record<ShellcheckComment['level'], Severity> = { error: 'error', warning: 'warning', info: 'info', style: 'info' };

function code(c: string | number): string | undefined {
  const m = /^(?:SC)?(\d{4})$/i.exec(String(c).trim());
  return m ? `SC${m[1]}` : undefined;
}

/** Runs shellcheck on one script (from stdin); undefined when it cannot run or says nothing usable. */
export function runShellcheck(program: string, shell: string, text: string, options: Pick<Options, 'exclude' | 'severity'>): ShellcheckComment[] | undefined {
  const info = shellcheckInfo(program);
  if (!info.ok) return undefined;
  const excluded = (options.exclude ?? []).map(code).filter((c): c is string => !!c);
  const args = ['--format=json1', `--shell=${shell}`, `--severity=${options.severity ?? 'style'}`];
  if (info.norc) args.push('--norc');
  if (excluded.length) args.push(`--exclude=${excluded.join(',')}`);
  args.push('-');
  const r = spawnSync(program, args, { input: text, encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024, windowsHide: true });
  if (r.error || r.signal || (r.status !== 0 && r.status !== 1)) return undefined;
  try {
    return (JSON.parse(r.stdout) as { comments?: ShellcheckComment[] }).comments ?? [];
  } catch {
    return undefined;
  }
}

export default defineSkillRule<Options>(
  {
    id: 'scripts/shellcheck',
    description: 'Reports shellcheck findings in bundled shell scripts, with their SC codes; without shellcheck installed, falls back to the shell parser\'s syntax check.',
    severity: 'error',
    recommended: false,
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        exclude: { type: 'array', items: { anyOf: [{ type: 'string', pattern: '^(?:SC|sc)?\\d{4}$' }, { type: 'integer', minimum: 1000, maximum: 9999 }] } },
        severity: { enum: ['error', 'warning', 'info', 'style'] },
        fallback: { anyOf: [{ type: 'boolean' }, { const: 'notice' }] },
        shell: { enum: ['sh', 'bash', 'dash', 'ksh'] },
        path: { type: 'string', minLength: 1 },
        failOnAny: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    defaultOptions: { exclude: [], severity: 'style', fallback: true, path: 'shellcheck', failOnAny: false },
    // Results depend on which shellcheck runs (or none: the sh -n fallback).
    cacheKey: (options) => `shellcheck ${shellcheckInfo(options.path || 'shellcheck').version}`,
    messages: {
      finding: 'Unexpected shellcheck SC{{code}} ({{level}}): {{message}}',
      syntaxError: 'Unexpected syntax error ({{message}}), expected a script that parses as {{shell}} (shellcheck is not installed; checked with the shell parser)',
      notInstalled: 'Unexpected unchecked scripts ({{names}}): `{{program}}` is not installed, expected shellcheck on the PATH to check them',
    },
  },
  ({ skill, options, report }) => {
    const program = options.path || 'shellcheck';
    const unchecked: { path: string }[] = [];
    for (const script of shellScripts(skill)) {
      const { entry, file, shell } = script;
      // shellcheck reads sh, bash, dash and ksh; zsh scripts get the parser check only.
      const comments = shell === 'zsh' && !options.shell ? undefined : runShellcheck(program, options.shell ?? shell, file.text, options);
      if (comments) {
        for (const c of comments) {
          const start = file.lines.offsetAt(c.line, c.column);
          const end = Math.max(start, file.lines.offsetAt(c.endLine, c.endColumn));
          report({
            messageId: 'finding', data: { code: c.code, level: c.level, message: c.message },
            range: file.lines.range(start, end),
            file: entry.path,
            ...(options.failOnAny ? {} : { severity: LEVEL[c.level] ?? 'warning' }),
          });
        }
        continue;
      }
      if (options.fallback === false) continue;
      if (options.fallback === 'notice') {
        if (!shellcheckInfo(program).ok) unchecked.push(entry);
        continue;
      }
      const error = parsedScript(script)?.error;
      if (!error) continue;
      const offset = Math.min(error.offset, file.text.length);
      report({
        messageId: 'syntaxError', data: { message: error.message, shell },
        range: file.lines.range(offset, Math.min(offset + 1, file.text.length)),
        file: entry.path,
      });
    }
    if (unchecked.length) {
      const names = unchecked.map((e) => path.relative(skill.dir, e.path).split(path.sep).join('/'));
      report({
        messageId: 'notInstalled', data: { names: names.join(', '), program },
        file: unchecked[0]!.path,
        severity: 'warning',
      });
    }
  },
);
