import type { Reporter } from './context.js';
import { relativePath } from './context.js';

/** The JSON contract (docs/architecture.md, "The design in brief"): stable keys, every linted file listed. */
export const json: Reporter = (result, { cwd }) => {
  const files = result.files.map((f) => {
    const entry: Record<string, unknown> = {
      path: relativePath(f.path, cwd),
      messages: f.messages.map((d) => ({
        ruleId: d.ruleId,
        severity: d.severity,
        message: d.message,
        line: d.line,
        column: d.column,
        endLine: d.endLine,
        endColumn: d.endColumn,
        fixable: d.fix !== undefined,
      })),
    };
    if (f.output !== undefined) entry.output = f.output;
    if (f.diff !== undefined) entry.diff = f.diff;
    return entry;
  });
  const doc = {
    version: 1,
    files,
    summary: { files: files.length, errors: result.errorCount, warnings: result.warningCount },
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
};
