import type { ShellDialect } from '../../parse/shell.js';
import { defineSkillRule } from '../rule.js';
import { parsedScript, shellScripts } from './shared.js';

export interface Options {
  /** `auto` parses each script in its shell's dialect (by shebang; bash for a `.sh` without one); or one dialect for all. */
  dialect: 'auto' | ShellDialect;
}

const DIALECT_NAMES: Readonly<Record<ShellDialect, string>> = { posix: 'POSIX sh', bash: 'bash', mksh: 'mksh' };

export default defineSkillRule<Options>(
  {
    id: 'scripts/syntax',
    description: 'Reports bundled shell scripts that do not parse in their dialect (POSIX sh, bash or mksh, by shebang), with the parser\'s own message and position.',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { dialect: { enum: ['auto', 'posix', 'bash', 'mksh'] } },
      additionalProperties: false,
    },
    defaultOptions: { dialect: 'auto' },
    messages: {
      syntaxError: 'Unexpected syntax error ({{message}}), expected a script that parses as {{dialect}}',
    },
  },
  ({ skill, options, report }) => {
    const forced = options.dialect && options.dialect !== 'auto' ? options.dialect : undefined;
    for (const script of shellScripts(skill)) {
      // zsh has no parser here: its scripts are checked only when a dialect is forced.
      const parsed = parsedScript(script, forced);
      if (!parsed?.error) continue;
      const { file, entry } = script;
      const offset = Math.min(parsed.error.offset, file.text.length);
      report({
        messageId: 'syntaxError', data: { message: parsed.error.message, dialect: DIALECT_NAMES[parsed.dialect] },
        range: file.lines.range(offset, Math.min(offset + 1, file.text.length)),
        file: entry.path,
      });
    }
  },
);
