import type { Reporter } from './context.js';
import { relativePath } from './context.js';

// Workflow-command escaping, as @actions/core does it.
const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** GitHub Actions annotations: `::error file=..,line=..::message`. */
export const github: Reporter = (result, { cwd }) => {
  const lines: string[] = [];
  for (const f of result.files) {
    const file = escapeProperty(relativePath(f.path, cwd));
    for (const d of f.messages) {
      const props = [`file=${file}`, `line=${d.line}`, `col=${d.column}`, `endLine=${d.endLine}`, `endColumn=${d.endColumn}`, `title=${escapeProperty(d.ruleId)}`];
      // build --check: the file's diff under the message (an annotation keeps its line breaks).
      const diff = f.diff === undefined ? '' : `\n${f.diff}`;
      lines.push(`::${COMMAND[d.severity]} ${props.join(',')}::${escapeData(`${d.message} (${d.ruleId})${diff}`)}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
};
