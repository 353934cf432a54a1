import { commandOf, parseShellSnippet, type ParsedShell, type ShellWord } from '../../parse/shell.js';
import { defineSkillRule } from '../rule.js';
import { show } from '../util.js';
import { parsedScript, shellFences, shellScripts } from './shared.js';

interface GrepSyntax {
  /** Short options that take a value (the rest of the cluster, or the next word). */
  short: string;
  /** Long options that take a value as the next word when written without `=`. */
  long: ReadonlySet<string>;
}

const GNU_GREP: GrepSyntax = {
  short: 'ABCDdefm',
  long: new Set(['regexp', 'file', 'after-context', 'before-context', 'context', 'max-count', 'devices', 'directories', 'binary-files', 'label', 'include', 'exclude', 'exclude-from', 'exclude-dir', 'group-separator']),
};

const RIPGREP: GrepSyntax = {
  short: 'ABCdefgjmMrtTE',
  long: new Set([
    'regexp', 'file', 'after-context', 'before-context', 'context', 'max-count', 'max-depth', 'glob', 'iglob', 'type', 'type-not', 'type-add', 'type-clear',
    'replace', 'threads', 'max-columns', 'encoding', 'color', 'colors', 'sort', 'sortr', 'path-separator', 'context-separator', 'field-match-separator',
    'field-context-separator', 'max-filesize', 'pre', 'pre-glob', 'ignore-file', 'engine', 'dfa-size-limit', 'regex-size-limit',
  ]),
};

/** grep and its variants; ripgrep parses a leading `-` the same way. `git grep` is left out: there `--` starts pathspecs. */
const GREPS: Readonly<Record<string, GrepSyntax>> = { grep: GNU_GREP, egrep: GNU_GREP, fgrep: GNU_GREP, rg: RIPGREP };

/** An unquoted word that reads as an option (`-rn`, `-5`, `--include=*.ts`). */
const OPTION = /^(?:--[A-Za-z0-9][A-Za-z0-9-]*(?:=.*)?|-[A-Za-z0-9]+)$/s;

/**
 * The word meant as the pattern when grep would parse it as an option: a
 * quoted word starting with `-` before any `--`, `-e` or `-f`, or an unquoted
 * one that is no option (`---`, `-[0-9]`).
 */
export function dashPattern(args: readonly ShellWord[], syntax: GrepSyntax): ShellWord | undefined {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = w.value;
    if (v === '--' && !w.quoted) return undefined;
    if (!v.startsWith('-') || v === '-') return undefined; // the pattern operand, or stdin
    if (w.quoted || !OPTION.test(v)) return w;
    if (v.startsWith('--')) {
      const name = v.slice(2).split('=')[0]!;
      if (name === 'regexp' || name === 'file') return undefined;
      if (!v.includes('=') && syntax.long.has(name)) i++;
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const ch = v[k]!;
      if (ch === 'e' || ch === 'f') return undefined;
      if (syntax.short.includes(ch)) {
        if (k === v.length - 1) i++;
        break;
      }
    }
  }
  return undefined;
}

const MENTIONS_GREP = /\b(?:[ef]?grep|rg)\b/;

/** Characters a shell word starts after (blanks, operators, a backtick), by character code. */
const WORD_BREAK = new Uint8Array(128);
for (const c of ' \t\n|&;()<>`') WORD_BREAK[c.charCodeAt(0)] = 1;
/** An unquoted word that is an option as written, so its value is itself and OPTION holds for it. */
const PLAIN_OPTION = /^(?:-[A-Za-z0-9]+|--[A-Za-z0-9][A-Za-z0-9-]*(?:=[^"'\\$`]*)?)$/;

/**
 * False only when no word of the shell text can be a pattern `dashPattern` reports: one whose
 * value starts with `-` and is quoted or no option. Such a word is written with a `-` right after a
 * quote or a backslash (`"-x"`, `''-x`, `\-x`, a `\` line break), or starts with a `-` and is not
 * a plain option up to the next blank or operator (`-[0-9]`, `---`, `-x"y"`). Most shell blocks
 * that call grep hold neither, and are not parsed for it (issue 30). One walk over the text.
 */
export function mayHoldDashPattern(text: string): boolean {
  const n = text.length;
  for (let i = text.indexOf('-'); i >= 0 && i < n; i = text.indexOf('-', i + 1)) {
    const prev = i > 0 ? text.charCodeAt(i - 1) : 10;
    if (prev === 34 || prev === 39 || prev === 92) return true; // " ' \
    if (prev === 10 && i > 1 && (text[i - 2] === '\\' || (text[i - 2] === '\r' && text[i - 3] === '\\'))) return true;
    if (prev >= 128 || !WORD_BREAK[prev]) continue;
    let end = i + 1;
    for (; end < n; end++) {
      const c = text.charCodeAt(end);
      if (c < 128 && WORD_BREAK[c]) break;
    }
    const stop = text[end];
    if (stop === '<' || stop === '>' || stop === '(' || !PLAIN_OPTION.test(text.slice(i, end))) return true;
    i = end - 1;
  }
  return false;
}

/** What `dashPattern` reports in a shell code block, read whole (or line by line when it does not parse). */
export function blockDashPatterns(script: string): { word: ShellWord; name: string }[] {
  return findings(parseShellSnippet(script, (line) => MENTIONS_GREP.test(line)));
}

function findings(parsed: ParsedShell | undefined): { word: ShellWord; name: string }[] {
  const out: { word: ShellWord; name: string }[] = [];
  for (const command of parsed?.commands ?? []) {
    const cmd = commandOf(command);
    const syntax = cmd && GREPS[cmd.name];
    if (!cmd || !syntax) continue;
    const word = dashPattern(cmd.args, syntax);
    if (word) out.push({ word, name: cmd.name });
  }
  return out;
}

function data(name: string, pattern: string): Record<string, string> {
  return { name, pattern: show(pattern) };
}

export default defineSkillRule(
  {
    id: 'scripts/grep-dash',
    description: 'Reports a `grep` (`egrep`, `fgrep`, `rg`) pattern starting with `-` without `--` or `-e` before it, in bundled shell scripts and shell code blocks.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      dashPattern: 'Unexpected `{{name}}` pattern `{{pattern}}` starting with `-`, expected `--` or `-e` before it ({{name}} reads it as an option)',
    },
  },
  ({ skill, report }) => {
    for (const script of shellScripts(skill)) {
      const { entry, file } = script;
      // A zsh script is read as bash; one that does not parse is scripts/syntax's.
      for (const { word, name } of findings(parsedScript(script, script.shell === 'zsh' ? 'bash' : undefined))) {
        report({ messageId: 'dashPattern', data: data(name, word.value), range: file.lines.range(word.start, word.end), file: entry.path });
      }
    }
    for (const block of shellFences(skill)) {
      // Most blocks name no grep, or write no word that could be a dash pattern: not worth a parse.
      if (!MENTIONS_GREP.test(block.script) || !mayHoldDashPattern(block.script)) continue;
      for (const { word, name } of blockDashPatterns(block.script)) {
        report({ messageId: 'dashPattern', data: data(name, word.value), range: skill.file.lines.range(block.toFile(word.start), block.toFile(word.end)) });
      }
    }
  },
);
