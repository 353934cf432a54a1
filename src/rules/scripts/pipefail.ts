import { defineSkillRule } from '../rule.js';
import { shebangProgram, shellScripts } from './shared.js';
import { commandOf, shellPipelines, type Command, type Word } from './shell.js';

/** Commands that read a pipe and succeed whatever the producer did. */
const FILTERS = new Set([
  'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'sort', 'uniq', 'wc', 'cut', 'tr', 'sed', 'awk', 'gawk', 'mawk', 'nawk',
  'tee', 'jq', 'yq', 'column', 'nl', 'paste', 'rev', 'tac', 'fold', 'fmt', 'cat', 'less', 'more',
]);

/** Producers that cannot fail in a way worth catching: `echo "$x" | grep -q y` needs no pipefail. */
const SAFE_PRODUCERS = new Set(['echo', 'printf', 'true', ':', 'yes']);

function safeProducer(command: Command): boolean {
  if (command.compound) return false;
  const cmd = commandOf(command);
  if (!cmd) return true;
  if (SAFE_PRODUCERS.has(cmd.name)) return true;
  // `cat` of a heredoc or here-string (no file operands) cannot fail either.
  return cmd.name === 'cat' && cmd.args.every((a) => a.value.startsWith('-') && a.value !== '-');
}

/** `set -o pipefail` (`-eo`, `-euo`, `+o`...), `shopt -so pipefail`, zsh's `setopt pipefail`: on, off, or no change. */
export function pipefailSetting(name: string, args: readonly Word[]): boolean | undefined {
  const values = args.map((a) => a.value);
  if (name === 'set') {
    let result: boolean | undefined;
    values.forEach((v, i) => {
      if (/^[-+][A-Za-z]*o$/.test(v) && values[i + 1] === 'pipefail') result = v.startsWith('-');
    });
    return result;
  }
  if (name === 'shopt' && values.includes('pipefail') && values.some((v) => /^-[su]*o[su]*$/.test(v))) {
    return values.some((v) => /^-[a-z]*s/.test(v));
  }
  if ((name === 'setopt' || name === 'unsetopt') && values.some((v) => v.toLowerCase().replace(/_/g, '') === 'pipefail')) return name === 'setopt';
  return undefined;
}

export default defineSkillRule(
  {
    id: 'scripts/pipefail',
    description: 'Reports a pipeline into a filter (`head`, `grep`, `jq`...) in a bash or zsh script without `set -o pipefail` before it.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    for (const { entry, file, shell } of shellScripts(skill)) {
      // POSIX sh and dash up to 0.5.12 reject `set -o pipefail`; those scripts are not checked.
      if (shell !== 'bash' && shell !== 'zsh') continue;
      if (/PIPESTATUS|\bpipestatus\b/.test(file.text)) continue;
      let pipefail = /pipefail/.test(shebangProgram(file.text)?.line ?? '');
      for (const pipeline of shellPipelines(file.text)) {
        const commands = pipeline.commands;
        if (commands.length === 1) {
          const cmd = commandOf(commands[0]!);
          const setting = cmd && pipefailSetting(cmd.name, cmd.args);
          if (setting !== undefined) pipefail = setting;
          continue;
        }
        if (pipefail) continue;
        const last = commandOf(commands[commands.length - 1]!);
        if (!last || !FILTERS.has(last.name)) continue;
        if (commands.slice(0, -1).every(safeProducer)) continue;
        report({
          message: `Unexpected pipeline into \`${last.name}\` without \`set -o pipefail\`, expected \`set -o pipefail\` earlier in the script (a failure before \`${last.name}\` is lost)`,
          range: file.lines.range(last.nameWord.start, last.nameWord.end),
          file: entry.path,
        });
      }
    }
  },
);
