import type { Reporter } from './context.js';
import { relativePath } from './context.js';

/**
 * Characters a workflow command must not carry (issue #24): C0 and C1 controls but CR and LF
 * (escaped below), bidirectional controls and the Unicode line separators. They are dropped:
 * an annotation is shown by GitHub's UI, not a terminal, and none of them is text there.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

// Workflow-command escaping, as @actions/core does it (`%`, CR and LF; in properties `:` and `,` too).
const escapeData = (s: string): string => s.replace(CONTROL, '').replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
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
