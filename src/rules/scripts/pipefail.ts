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

function safeProducer(command: ShellCommand): boolean {
  if (command.kind === 'compound') return false;
  // `timeout 4 dns-sd -B …` is meant to be cut off: its exit status 124 is the plan, not a failure.
  if (command.words[0]?.value === 'timeout') return true;
  const cmd = commandOf(command);
  if (!cmd) return true;
  if (SAFE_PRODUCERS.has(cmd.name)) return true;
  // `cat` of a heredoc or here-string (no file operands) cannot fail either.
  return cmd.name === 'cat' && cmd.args.every((a) => a.value.startsWith('-') && a.value !== '-');
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
      for (const pipeline of parsed.pipelines) {
        const commands = pipeline.commands;
        if (commands.length < 2 || pipeline.pipefail || !statusMatters(pipeline)) continue;
        const last = commandOf(commands[commands.length - 1]!);
        if (!last || !FILTERS.has(last.name)) continue;
        if (pipeline.tested && !pipeline.errexit && PREDICATES.has(last.name)) continue;
        if (commands.slice(0, -1).every(safeProducer)) continue;
        report({
          messageId: 'missingPipefail', data: { name: last.name },
          range: file.lines.range(last.nameWord.start, last.nameWord.end),
          file: entry.path,
        });
      }
    }
  },
);
