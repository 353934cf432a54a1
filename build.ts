/**
 * The repo's own skills build (`npm run build:skills`): lints skills-src/ with
 * the public API, the way a user's build script would.
 */
import { lint } from './src/index.js';
import { REPORTERS } from './src/lint/reporters/index.js';
import { BUILTIN_RULES } from './src/rules/index.js';

const result = await lint({ cwd: import.meta.dirname });
const report = REPORTERS.stylish!(result, { cwd: process.cwd(), color: !!process.stdout.isTTY && !process.env.NO_COLOR, rules: BUILTIN_RULES, version: 'dev' });
process.stdout.write(report);
const skills = result.files.length;
process.stdout.write(`skillc: linted ${skills} skill file${skills === 1 ? '' : 's'} in skills-src/: ${result.errorCount} errors, ${result.warningCount} warnings\n`);
process.exitCode = result.errorCount || result.internalErrors ? 1 : 0;
