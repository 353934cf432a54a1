/**
 * The repo's own skills build (`npm run build:skills`): compiles skills-src/ into
 * generated/ for every configured host through the public API, as a user's build
 * script would: it imports the package by name, i.e. the compiled dist/
 * (scripts/fresh-dist.mjs compiles it first when stale; scripts/ts-entry.mjs strips
 * this file's types). `npm run build:skills -- --check` writes nothing and refuses drift.
 */
import path from 'node:path';
import { build, REPORTERS, type Diagnostic } from 'skillc';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--check');
if (unknown.length) {
  process.stderr.write(`build.ts: unexpected argument ${unknown.join(' ')}, expected --check or nothing\n`);
  process.exit(2);
}
const check = args.includes('--check');
const cwd = process.cwd();
// incremental: as `skillc build` does by default, reuse the lint and build caches for unchanged skills.
const result = await build({ cwd, check, incremental: true });

// The diagnostics by file, as the reporters take them (lint's result has this shape).
const byFile = new Map<string, Diagnostic[]>();
for (const d of result.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
const count = (s: Diagnostic['severity']): number => result.diagnostics.filter((d) => d.severity === s).length;
const report = REPORTERS.stylish!(
  { files: [...byFile].map(([file, messages]) => ({ path: file, messages })), errorCount: count('error'), warningCount: count('warning'), infoCount: count('info'), fixableCount: result.diagnostics.filter((d) => d.fix).length },
  { cwd, color: false },
);
process.stdout.write(report);

const out = path.relative(cwd, result.outDir) || '.';
if (result.errorCount || result.lint.internalErrors) {
  process.stderr.write(`build.ts: ${result.errorCount} error(s); nothing was written to ${out}/.\n`);
  process.exitCode = 1;
} else if (result.drift) {
  const { changed, missing, extra } = result.drift;
  const lines = [...changed.map((f) => `DRIFT: ${out}/${f}`), ...missing.map((f) => `MISSING: ${out}/${f}`), ...extra.map((f) => `EXTRA: ${out}/${f}`)];
  if (lines.length) {
    process.stderr.write(`${lines.join('\n')}\nbuild.ts --check: ${out}/ is out of date; run \`npm run build:skills\` and commit the result.\n`);
    process.exitCode = 1;
  } else process.stdout.write(`build.ts --check: ${out}/ is up to date (${result.files.length} files).\n`);
} else process.stdout.write(`build.ts: ${result.hosts.join(', ')} -> ${out}/ (${result.files.length} files).\n`);
