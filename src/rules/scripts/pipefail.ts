import { commandOf, type ShellCommand, type ShellPipeline } from '../../parse/shell.js';
import { defineSkillRule } from '../rule.js';
import { parsedScript, shellScripts } from './shared.js';

/** Commands that read a pipe and succeed whatever the producer did. */
const FILTERS = new Set([
  'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'sort', 'uniq', 'wc', 'cut', 'tr', 'sed', 'awk', 'gawk', 'mawk', 'nawk',
  'tee', 'jq', 'yq', 'column', 'nl', 'paste', 'rev', 'tac', 'fold', 'fmt', 'cat', 'less', 'more',
]);

/** Producers that cannot fail in a way worth catching: `echo "$x" | grep -q y` needs no pipefail. */
const SAFE_PRODUCERS = new Set(['echo', 'printf', 'true', ':', 'yes']);

/** Filters whose status *is* the question in a condition: `if ! nc … | grep -q ok` fails the same way either side. */
const PREDICATES = new Set(['grep', 'egrep', 'fgrep', 'rg']);

/** Commands that only read the files they are given: of a file the script just wrote (or of itself), they cannot fail. */
const FILE_READERS = new Set(['du', 'wc', 'cat', 'stat', 'ls', 'head', 'tail', 'file', 'md5sum', 'sha1sum', 'sha256sum', 'shasum', 'cksum', 'xxd', 'od', 'sed', 'awk', 'grep', 'sort']);
/** The script's own path: always there while it runs. */
const SELF = new Set(['$0', '${0}', '${BASH_SOURCE[0]}', '${BASH_SOURCE}', '$BASH_SOURCE']);

/**
 * Where the script first writes each file: redirect targets (`> "$f"`, `>> out.txt`), and the
 * operands of `tee`, `touch`, and of `cp`/`mv`/`install` as their last one. By the word as written.
 */
function firstWrites(commands: readonly ShellCommand[]): Map<string, number> {
  const out = new Map<string, number>();
  const add = (word: string, at: number): void => {
    if (!out.has(word)) out.set(word, at);
  };
  for (const c of commands) {
    for (const r of c.redirects) if ((r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '&>') && !r.fd && r.target) add(r.target.value, c.end);
    const cmd = commandOf(c);
    if (!cmd) continue;
    const operands = cmd.args.filter((a) => !a.value.startsWith('-'));
    if (cmd.name === 'tee' || cmd.name === 'touch') for (const a of operands) add(a.value, c.end);
    if ((cmd.name === 'cp' || cmd.name === 'mv' || cmd.name === 'install') && operands.length >= 2) add(operands[operands.length - 1]!.value, c.end);
  }
  return out;
}

/**
 * True when the producer's failure is no failure worth a pipefail: a command that cannot fail
 * (`echo`, `printf`, `cat` of a heredoc, a reader of the script itself or of a file it just wrote),
 * one meant to be cut off (`timeout`), or one whose errors the author silences (`2>/dev/null`):
 * they expect it to fail, and `set -o pipefail` with `set -e` would end the script there.
 */
function safeProducer(command: ShellCommand, at: number, written: () => Map<string, number>): boolean {
  if (command.kind === 'compound') return false;
  // `timeout 4 dns-sd -B …` is meant to be cut off: its exit status 124 is the plan, not a failure.
  if (command.words[0]?.value === 'timeout') return true;
  if (command.redirects.some((r) => (r.fd === '2' && (r.op === '>' || r.op === '>>') && r.target?.value === '/dev/null') || (r.op === '&>' && r.target?.value === '/dev/null') || (r.fd === '2' && r.op === '>&' && r.target?.value === '-'))) return true;
  const cmd = commandOf(command);
  if (!cmd) return true;
  if (SAFE_PRODUCERS.has(cmd.name)) return true;
  const operands = cmd.args.filter((a) => !a.value.startsWith('-') || a.value === '-');
  // `cat` of a heredoc or here-string (no file operands) cannot fail either.
  if (cmd.name === 'cat' && !operands.length) return true;
  if (!FILE_READERS.has(cmd.name) || !operands.length) return false;
  // `sed -n '2,18p' "$0"`, `du -h "$out"` after `… > "$out"`: the last operand is the file (a sed or awk program comes first).
  const file = operands[operands.length - 1]!.value;
  return SELF.has(file) || (written().get(file) ?? Infinity) <= at;
}

/**
 * Variables the script tests after `offset` (by the text: `[ -z "$x" ]`, `[[ -n $x ]]`, `"$x" = …`,
 * `${x:-fallback}`, `case $x in`), with the offset of the last such test: one pass over the script.
 */
function lastTests(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const re = /-[zn]\s+"?\$\{?(\w+)|\$\{(\w+):?[-=?]|"?\$\{?(\w+)\}?"?\s*(?:==?|!=|=~)\s|\[\[\s+"?\$\{?(\w+)\}?"?\s*\]\]|\bcase\s+"?\$\{?(\w+)/g;
  for (const m of text.matchAll(re)) out.set(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]!, m.index);
  return out;
}

/**
 * The assignment-only commands (`x=$(…)`), asked in source order for the innermost one holding a
 * pipeline: one sweep over them for the whole script (they nest as a stack).
 */
function assignments(commands: readonly ShellCommand[]): { around(pipeline: ShellPipeline): ShellCommand | undefined } {
  const list = commands.filter((c) => c.assigns.length && !c.words.length && c.kind === 'simple');
  const open: ShellCommand[] = [];
  let i = 0;
  return {
    around(pipeline) {
      while (i < list.length && list[i]!.start <= pipeline.start) open.push(list[i++]!);
      while (open.length && open[open.length - 1]!.end < pipeline.end) open.pop();
      return open[open.length - 1];
    },
  };
}

/** Why nobody would notice the producer failing here, or undefined when someone would. */
function statusMatters(pipeline: ShellPipeline): boolean {
  if (pipeline.ignored || pipeline.outputChecked) return false;
  return pipeline.errexit || pipeline.tested;
}

export default defineSkillRule(
  {
    id: 'scripts/pipefail',
    description:
      'Reports a pipeline into a filter (`head`, `grep`, `jq`...) whose exit status is used (`set -e`, `if`, `&&`/`||`, `$?`, the last command) in a bash, ksh or zsh script without `set -o pipefail` in effect.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      missingPipefail: 'Unexpected pipeline into `{{name}}` without `set -o pipefail`, expected `set -o pipefail` earlier in the script (a failure before `{{name}}` is lost)',
    },
  },
  ({ skill, report }) => {
    for (const script of shellScripts(skill)) {
      const { entry, file, shell } = script;
      // POSIX sh and dash up to 0.5.12 reject `set -o pipefail`; those scripts are not checked.
      if (shell === 'sh' || shell === 'dash') continue;
      // zsh is read as bash: close enough for pipelines and `set`; a script that does not parse is skipped.
      const parsed = parsedScript(script, shell === 'zsh' ? 'bash' : undefined);
      if (!parsed || parsed.error || parsed.readsPipestatus) continue;
      let tests: Map<string, number> | undefined;
      let written: Map<string, number> | undefined;
      const holders = assignments(parsed.commands);
      for (const pipeline of parsed.pipelines) {
        const commands = pipeline.commands;
        if (commands.length < 2 || pipeline.pipefail || !statusMatters(pipeline)) continue;
        const last = commandOf(commands[commands.length - 1]!);
        if (!last || !FILTERS.has(last.name)) continue;
        if (pipeline.tested && !pipeline.errexit && PREDICATES.has(last.name)) continue;
        if (commands.slice(0, -1).every((c) => safeProducer(c, pipeline.start, () => (written ??= firstWrites(parsed.commands))))) continue;
        // `x=$(a | grep y)` and `x` tested later: the script handles a failed or empty producer through its output,
        // and with `set -e` a pipefail would end the script before the test.
        if (pipeline.substituted) {
          const holder = holders.around(pipeline);
          tests ??= lastTests(file.text);
          if (holder && holder.assigns.some((name) => (tests!.get(name) ?? -1) > holder.end)) continue;
        }
        report({
          messageId: 'missingPipefail', data: { name: last.name },
          range: file.lines.range(last.nameWord.start, last.nameWord.end),
          file: entry.path,
        });
      }
    }
  },
);
