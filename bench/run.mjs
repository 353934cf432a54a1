#!/usr/bin/env node
// npm run bench [-- N [runs]]: lints a synthetic catalog of N skills (default 1,000)
// with skillc and the tools a user would pick instead, in one run, and prints the
// medians, peak memory and ratios. Benchmarks are measured here, never asserted in tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.argv[2] ?? 1000);
const RUNS = Number(process.argv[3] ?? 5);
const corpus = path.join(root, 'bench', `corpus-${N}`);
const generator = path.resolve(root, '..', 'shared', 'bench', 'gen-corpus.mjs');
const localGenerator = path.join(root, 'bench', 'gen-corpus.mjs');

if (!fs.existsSync(path.join(corpus, '.complete'))) {
  const gen = fs.existsSync(generator) ? generator : localGenerator;
  const r = spawnSync(process.execPath, [gen, String(N), corpus], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(path.join(corpus, '.complete'), '');
}
if (!fs.existsSync(path.join(root, 'dist', 'cli', 'main.js'))) spawnSync(process.execPath, [path.join(root, 'scripts', 'compile.mjs')], { stdio: 'inherit' });

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const hasTime = fs.existsSync('/usr/bin/time');
const mdl2Config = path.join(corpus, '.markdownlint-cli2.jsonc');
fs.writeFileSync(mdl2Config, JSON.stringify({ config: { default: true } }));

const tools = [
  { name: 'read files', cmd: [process.execPath, path.join(root, 'bench', 'read.mjs'), corpus] },
  { name: 'bare parse (unified+remark)', cmd: [process.execPath, path.join(root, 'bench', 'parse.mjs'), corpus] },
  { name: 'skillc lint', cmd: [process.execPath, path.join(root, 'bin', 'skillc.js'), 'lint', corpus, '--format', 'json', '--output-file', '/dev/null'] },
  { name: 'markdownlint-cli2', cmd: [bin('markdownlint-cli2'), '**/*.md'], cwd: corpus },
  { name: 'remark-cli + lint-recommended', cmd: [bin('remark'), '--use', 'remark-preset-lint-recommended', '--use', 'remark-frontmatter', '--quiet', '--no-stdout', '--silent', '.'], cwd: corpus },
];

function once(tool) {
  const argv = hasTime ? ['/usr/bin/time', '-f', '%M', ...tool.cmd] : tool.cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { cwd: tool.cwd ?? root, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1' } });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const kib = hasTime ? Number(r.stderr.trim().split('\n').pop()) : NaN;
  if (r.error) return { seconds: NaN, mib: NaN, error: r.error.message };
  return { seconds, mib: kib / 1024, status: r.status };
}

const median = (xs) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

const rows = [];
for (const tool of tools) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(once(tool));
  rows.push({ name: tool.name, seconds: median(runs.map((r) => r.seconds)), mib: median(runs.map((r) => r.mib)), status: runs[0].status, error: runs[0].error });
  process.stderr.write(`.`);
}
process.stderr.write('\n');

const skillc = rows.find((r) => r.name === 'skillc lint');
const parse = rows.find((r) => r.name.startsWith('bare parse'));
const mb = (fs.readdirSync(corpus).length && Number(spawnSync(process.execPath, [path.join(root, 'bench', 'read.mjs'), corpus], { encoding: 'utf8' }).stdout)) / 1e6;
console.log(`\n${N} skills, ${mb.toFixed(1)} MB of Markdown, median of ${RUNS} runs, Node ${process.version}\n`);
console.log('| tool | median s | peak MiB | vs skillc | vs bare parse |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const vsSkillc = (r.seconds / skillc.seconds).toFixed(2);
  const vsParse = (r.seconds / parse.seconds).toFixed(2);
  const note = r.error ? ` (failed: ${r.error})` : '';
  console.log(`| ${r.name}${note} | ${r.seconds.toFixed(2)} | ${Number.isNaN(r.mib) ? '-' : r.mib.toFixed(0)} | ${vsSkillc}x | ${vsParse}x |`);
}
const mdl = rows.find((r) => r.name === 'markdownlint-cli2');
console.log(`\nskillc lint is ${(mdl.seconds / skillc.seconds).toFixed(2)}x faster than markdownlint-cli2 and costs ${(skillc.seconds / parse.seconds).toFixed(2)}x the bare parse.`);
