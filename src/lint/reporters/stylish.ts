import pc from 'picocolors';
import type { Reporter } from './context.js';
import { printable, relativePath } from './context.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** ESLint's stylish: one block a file, aligned columns, a summary line. */
export const stylish: Reporter = (result, { cwd, color }) => {
  const c = pc.createColors(color);
  const out: string[] = [];
  for (const f of result.files) {
    if (f.messages.length === 0) continue;
    out.push(c.underline(printable(relativePath(f.path, cwd))));
    const rows = f.messages.map((d) => [`${d.line}:${d.column}`, d.severity, printable(d.message), printable(d.ruleId)] as const);
    // A loop, not Math.max(...rows): spreading 300,000 rows overflows the call stack.
    let w0 = 0;
    let w1 = 0;
    for (const r of rows) {
      if (r[0].length > w0) w0 = r[0].length;
      if (r[1].length > w1) w1 = r[1].length;
    }
    for (const [pos, sev, msg, rule] of rows) {
      const sevText = sev === 'error' ? c.red(sev.padEnd(w1)) : sev === 'warning' ? c.yellow(sev.padEnd(w1)) : c.blue(sev.padEnd(w1));
      out.push(`  ${c.dim(pos.padEnd(w0))}  ${sevText}  ${msg}  ${c.dim(rule)}`);
    }
    out.push('');
  }
  const total = result.errorCount + result.warningCount + result.infoCount;
  if (total === 0) return '';
  const parts = [plural(result.errorCount, 'error'), plural(result.warningCount, 'warning')];
  if (result.infoCount) parts.push(plural(result.infoCount, 'info'));
  const summary = `✖ ${plural(total, 'problem')} (${parts.join(', ')})`;
  out.push(result.errorCount ? c.bold(c.red(summary)) : c.bold(c.yellow(summary)));
  if (result.fixableCount) out.push(c.dim(`  ${plural(result.fixableCount, 'problem')} potentially fixable with the \`--fix\` option.`));
  return `${out.join('\n')}\n`;
};
