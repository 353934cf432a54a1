#!/usr/bin/env node
// npm run bench [-- [--quick] [N] [runs]]: lints and builds a synthetic catalog of N skills
// (default 1,000) with skillc and the tools a user would pick instead, in one run, and prints
// the medians, peak memory and ratios: cold lint, the cache (nothing changed, one file
// changed), cold build, rebuild, watch latency, one-skill startup, 100/1,000/5,000 scaling, and the
// real-shaped tree of bench/real-shaped.mjs (skills of 300 bundled files; --no-real-shaped skips it).
// --quick: 3 runs, scaling 100/1,000 only. --small: only the small-repo rows (this repo's
// own 4 skills: build cold, --no-incremental, --check, via npm run build:skills, and
// --version), each beside its goal. Benchmarks are measured here, never asserted in tests.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptsCorpus, scriptsLintCmd } from './scripts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const SMALL = args.includes('--small');
const [nArg, runsArg] = args.filter((a) => !a.startsWith('--'));
const N = Number(nArg ?? 1000);
const RUNS = Number(runsArg ?? (QUICK ? 3 : 5));
const SCALES = QUICK ? [100, N] : [100, 1000, 5000];
const generator = path.resolve(root, '..', 'shared', 'bench', 'gen-corpus.mjs');
const localGenerator = path.join(root, 'bench', 'gen-corpus.mjs');
const skillc = path.join(root, 'bin', 'skillc.js');
const node = process.execPath;
// The tools skillc is compared with are not dev dependencies (some need a newer Node than skillc
// supports, and contributors would get EBADENGINE warnings on every install): the bench installs
// these pinned versions itself into bench/node_modules, its own cache folder, on first run.
// remark-cli resolves its plugins from the corpus folder (bench/corpus-N) upwards, so it finds the
// preset there and remark-frontmatter in the project's node_modules.
const PEERS = { 'markdownlint-cli2': '0.22.1', 'remark-cli': '12.0.1', 'remark-preset-lint-recommended': '7.0.1', 'skill-check': '1.2.0', 'skills-ref': '0.1.5' };
const peerRoot = path.join(root, 'bench');
const bin = (name) => path.join(peerRoot, 'node_modules', '.bin', name);
function installPeers() {
  const installed = (name) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(peerRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return undefined;
    }
  };
  const missing = Object.entries(PEERS).filter(([name, version]) => installed(name) !== version);
  if (missing.length === 0) return;
  process.stderr.write(`bench: installing the compared tools into bench/node_modules (${missing.map(([n]) => n).join(', ')})\n`);
  // All at once, --no-save: bench/ has no package.json, and a partial install would prune the others.
  const specs = Object.entries(PEERS).map(([name, version]) => `${name}@${version}`);
  const r = spawnSync('npm', ['install', '--prefix', peerRoot, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel', 'error', ...specs], { stdio: 'inherit' });
  if (r.status !== 0) process.stderr.write('bench: could not install the compared tools; their rows are skipped\n');
}
installPeers();
const hasTime = fs.existsSync('/usr/bin/time');
const HOSTS = ['agentskills', 'claude', 'codex', 'opencode', 'gemini', 'copilot', 'cursor', 'pi', 'hermes'];

function corpusOf(n) {
  const corpus = path.join(root, 'bench', `corpus-${n}`);
  if (!fs.existsSync(path.join(corpus, '.complete'))) {
    const gen = fs.existsSync(generator) ? generator : localGenerator;
    const r = spawnSync(node, [gen, String(n), corpus], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    fs.writeFileSync(path.join(corpus, '.complete'), '');
  }
  fs.writeFileSync(path.join(corpus, '.markdownlint-cli2.jsonc'), JSON.stringify({ config: { default: true } }));
  return corpus;
}
if (!fs.existsSync(path.join(root, 'dist', 'cli', 'main.js'))) spawnSync(node, [path.join(root, 'scripts', 'compile.mjs')], { stdio: 'inherit' });

/** A project whose sources are the corpus, for build and cache rows (its caches and output live in it). */
function projectOf(n) {
  const dir = path.join(root, 'bench', `.project-${n}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'skillc.config.json'), JSON.stringify({ sources: corpusOf(n), out: 'generated', hosts: HOSTS, plugin: { name: 'bench' } }));
  return dir;
}

function once(cmd, cwd = root) {
  // Peak memory and CPU time (user + system: what a loaded machine does not inflate as much as the wall time).
  const argv = hasTime ? ['/usr/bin/time', '-f', '%M %U %S', ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1' } });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.error) return { seconds: NaN, mib: NaN, cpu: NaN, error: r.error.message };
  const [kib, user, sys] = hasTime ? r.stderr.trim().split('\n').pop().split(' ').map(Number) : [NaN, NaN, NaN];
  return { seconds, mib: kib / 1024, cpu: user + sys, status: r.status };
}
const median = (xs) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const rows = [];
function measure(name, cmd, { cwd, before, runs = RUNS } = {}) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    before?.(i);
    results.push(once(typeof cmd === 'function' ? cmd(i) : cmd, cwd));
  }
  const row = { name, seconds: median(results.map((r) => r.seconds)), mib: median(results.map((r) => r.mib)), cpu: median(results.map((r) => r.cpu)), status: results[0].status, error: results[0].error };
  rows.push(row);
  process.stderr.write('.');
  return row;
}

/** Watch latency: from writing a file to the end of the re-run's line, median over `times` edits. */
async function watchLatency(command, cwd, target, times) {
  const proc = spawn(node, [skillc, command, '--watch', ...(command === 'lint' ? ['--format', 'json', '--output-file', '/dev/null'] : [])], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  let err = '';
  let waiters = [];
  proc.stderr.on('data', (d) => {
    err += d;
    waiters = waiters.filter((w) => !w());
  });
  proc.stdout.on('data', () => undefined);
  const until = (pred, ms = 600_000) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`watch timed out: ${err.slice(-500)}`)), ms);
      const check = () => (pred() ? (clearTimeout(t), resolve(), true) : false);
      if (!check()) waiters.push(check);
    });
  const samples = [];
  try {
    await until(() => /run 1 /.test(err));
    const original = fs.readFileSync(target, 'utf8');
    for (let i = 0; i < times; i++) {
      const runs = (err.match(/\] run \d+/g) ?? []).length;
      const t0 = performance.now();
      fs.writeFileSync(target, `${original}\nEdit ${i}.\n`);
      await until(() => (err.match(/\] run \d+/g) ?? []).length > runs);
      samples.push((performance.now() - t0) / 1000);
      await new Promise((r) => setTimeout(r, 100));
    }
    fs.writeFileSync(target, original);
  } finally {
    proc.kill('SIGTERM');
  }
  return median(samples);
}

/**
 * The small repo a user has: this repository's own 4 skills for 9 hosts, built in a copy
 * (bench/.project-small) so the repo's generated/ is never touched, except by the
 * read-only `npm run build:skills -- --check` and the up-to-date `npm run build:skills`.
 */
function smallRepoRows() {
  const dir = path.join(root, 'bench', '.project-small');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(root, 'skills-src'), path.join(dir, 'skills-src'), { recursive: true });
  fs.copyFileSync(path.join(root, 'skillc.config.json'), path.join(dir, 'skillc.config.json'));
  const fresh = () => {
    for (const d of ['generated', 'node_modules']) fs.rmSync(path.join(dir, d), { recursive: true, force: true });
  };
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = [];
  const row = (name, goal, cmd, options) => out.push({ ...measure(name, cmd, options), goal });
  row('skillc --version', '<= 0.15 s', [node, skillc, '--version']);
  row('node -e 0 (peer: the floor)', '', [node, '-e', '0']);
  const lintSmall = measure('skillc lint, 4 skills', [node, skillc, 'lint'], { cwd: dir });
  out.push({ ...lintSmall, goal: '(peer of --check)' });
  row('skillc build, 4 skills, cold (no output, no cache: the type check runs)', '<= 1.0 s', [node, skillc, 'build'], { cwd: dir, before: fresh });
  once([node, skillc, 'build'], dir);
  row('skillc build --no-incremental, 4 skills', '<= 1.0 s', [node, skillc, 'build', '--no-incremental'], { cwd: dir });
  const check = measure('skillc build --check, 4 skills', [node, skillc, 'build', '--check'], { cwd: dir });
  out.push({ ...check, goal: `<= 1.0 s and <= lint + 0.3 s (${(lintSmall.seconds + 0.3).toFixed(2)})` });
  row('npm run build:skills -- --check (this repo)', '<= 1.2 s', [npm, 'run', '-s', 'build:skills', '--', '--check']);
  row('npm run build:skills (this repo, up to date)', '<= 1.2 s', [npm, 'run', '-s', 'build:skills']);
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}
const smallRows = smallRepoRows();
const printSmall = () => {
  const f2 = (x) => (Number.isNaN(x) ? '-' : x.toFixed(2));
  console.log(`\nSmall repo (this repo's 4 skills, 9 hosts), median of ${RUNS} runs, Node ${process.version}\n`);
  console.log('| command | median s | CPU s | peak MiB | goal |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const r of smallRows) console.log(`| ${r.name}${r.status ? ` (exit ${r.status})` : ''} | ${f2(r.seconds)} | ${f2(r.cpu)} | ${Number.isNaN(r.mib) ? '-' : r.mib.toFixed(0)} | ${r.goal} |`);
};
if (SMALL) {
  process.stderr.write('\n');
  printSmall();
  process.exit(0);
}
rows.length = 0;

const corpus = corpusOf(N);
const project = projectOf(N);
const one = path.join(corpus, 'skill-0001', 'SKILL.md');
const oneText = fs.readFileSync(one, 'utf8');
let edits = 0;
const editOne = () => fs.writeFileSync(one, `${oneText}\nEdited ${++edits}.\n`);
const restoreOne = () => fs.writeFileSync(one, oneText);
const lintCmd = (extra = []) => [node, skillc, 'lint', corpus, '--format', 'json', '--output-file', '/dev/null', ...extra];
// The lint rows' cache lives apart from the one the build rows' lint step uses (node_modules/.cache/skillc).
const cacheDir = path.join(project, '.bench-lint-cache');

const read = measure('read files', [node, path.join(root, 'bench', 'read.mjs'), corpus]);
const parse = measure('bare parse (unified+remark), every .md', [node, path.join(root, 'bench', 'parse.mjs'), corpus]);
measure('bare parse, SKILL.md files only', [node, path.join(root, 'bench', 'parse.mjs'), corpus, '--skill-md-only']);
const lint = measure('skillc lint (cold)', lintCmd());
if (os.availableParallelism() > 1) measure(`skillc lint (cold, --concurrency ${os.availableParallelism()})`, lintCmd(['--concurrency', String(os.availableParallelism())]));
if (fs.existsSync(bin('markdownlint-cli2'))) measure('markdownlint-cli2', [bin('markdownlint-cli2'), '**/*.md'], { cwd: corpus });
if (fs.existsSync(bin('remark'))) measure('remark-cli + lint-recommended', [bin('remark'), '--use', 'remark-preset-lint-recommended', '--use', 'remark-frontmatter', '--quiet', '--no-stdout', '--silent', '.'], { cwd: corpus });
if (fs.existsSync(bin('skill-check'))) measure('skill-check 1.2.0 check (no security scan)', [bin('skill-check'), 'check', corpus, '--no-security-scan', '--format', 'json'], { cwd: root });
fs.rmSync(cacheDir, { recursive: true, force: true });
once(lintCmd(['--cache', '--cache-location', `${cacheDir}/`]));
const cached = measure('skillc lint --cache (nothing changed)', lintCmd(['--cache', '--cache-location', `${cacheDir}/`]));
const cachedOne = measure('skillc lint --cache (one file changed)', lintCmd(['--cache', '--cache-location', `${cacheDir}/`]), { before: editOne });
restoreOne();
// Each cold build writes a fresh output folder, removed only after every timed row: deleting
// 18,000 files just before a run charges the file system's deferred work (ext4 with online
// discard here: seconds) to the build, which a build on a fresh clone never pays.
const coldOut = (i) => `generated-cold-${i}`;
const buildCold = measure('skillc build (cold, 9 hosts)', (i) => [node, skillc, 'build', '--out', coldOut(i)], { cwd: project, before: () => fs.rmSync(path.join(project, 'node_modules'), { recursive: true, force: true }) });
once([node, skillc, 'build'], project);
const rebuild = measure('skillc build (rebuild, nothing changed)', [node, skillc, 'build'], { cwd: project });
const rebuildOne = measure('skillc build (rebuild, one skill changed)', [node, skillc, 'build'], { cwd: project, before: editOne });
restoreOne();
once([node, skillc, 'build'], project);
const startup = measure('skillc lint, one skill (pre-commit)', [node, skillc, 'lint', path.join(root, 'skills-src', 'skillc-author')]);
measure('node -e 0', [node, '-e', '0']);
const scripts = scriptsCorpus();
measure(`skillc lint, script rules only (${scripts.scripts} ${scripts.real ? 'cc-skills' : 'generated'} shell scripts, ${(scripts.bytes / 1e6).toFixed(1)} MB)`, scriptsLintCmd(skillc, scripts));
if (fs.existsSync(bin('skills-ref'))) measure('skills-ref 0.1.5 validate, one skill', [bin('skills-ref'), 'validate', path.join(root, 'skills-src', 'skillc-author')]);
if (fs.existsSync(bin('skill-check'))) measure('skill-check 1.2.0, one skill', [bin('skill-check'), 'check', path.join(root, 'skills-src', 'skillc-author'), '--no-security-scan', '--format', 'json']);
process.stderr.write('\n');

const watchLint = await watchLatency('lint', project, one, QUICK ? 3 : 5);
const watchBuild = await watchLatency('build', project, one, QUICK ? 3 : 5);
restoreOne();

const scaling = [];
for (const n of SCALES) {
  const c = corpusOf(n);
  const runs = n >= 5000 ? Math.min(RUNS, 3) : RUNS;
  const p = median(Array.from({ length: runs }, () => once([node, path.join(root, 'bench', 'parse.mjs'), c]).seconds));
  const l = Array.from({ length: runs }, () => once([node, skillc, 'lint', c, '--format', 'json', '--output-file', '/dev/null']));
  scaling.push({ n, parse: p, lint: median(l.map((r) => r.seconds)), mib: median(l.map((r) => r.mib)) });
  process.stderr.write('.');
}
process.stderr.write('\n');

for (let i = 0; i < RUNS; i++) fs.rmSync(path.join(project, coldOut(i)), { recursive: true, force: true });

const mb = Number(spawnSync(node, [path.join(root, 'bench', 'read.mjs'), corpus], { encoding: 'utf8' }).stdout) / 1e6;
const f = (x, d = 2) => (Number.isNaN(x) ? '-' : x.toFixed(d));
console.log(`\n${N} skills, ${mb.toFixed(1)} MB of Markdown, median of ${RUNS} runs, Node ${process.version}\n`);
// CPU s (user + system, GC and compiler threads included): on a shared machine, the figure the load inflates least.
console.log('| tool | median s | CPU s | peak MiB | vs skillc lint | vs bare parse | vs read |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const note = r.error ? ` (failed: ${r.error})` : '';
  console.log(`| ${r.name}${note} | ${f(r.seconds)} | ${f(r.cpu)} | ${f(r.mib, 0)} | ${f(r.seconds / lint.seconds)}x | ${f(r.seconds / parse.seconds)}x | ${f(r.seconds / read.seconds, 1)}x |`);
}
console.log(`| skillc lint --watch, one skill changed (latency) | ${f(watchLint, 3)} | - | - | - | - | - |`);
console.log(`| skillc build --watch, one skill changed (latency) | ${f(watchBuild, 3)} | - | - | - | - | - |`);
console.log('\n| skills | bare parse s | skillc lint s | lint / parse | lint s per 1,000 skills | peak MiB |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
for (const s of scaling) console.log(`| ${s.n} | ${f(s.parse)} | ${f(s.lint)} | ${f(s.lint / s.parse)}x | ${f((s.lint / s.n) * 1000)} | ${f(s.mib, 0)} |`);
const mdl = rows.find((r) => r.name === 'markdownlint-cli2');
const par = rows.find((r) => r.name.startsWith('skillc lint (cold, --concurrency'));
console.log(`\nGoals: cold lint ${f(lint.seconds / parse.seconds)}x the bare parse (<= 1.15x; CPU ${f(lint.cpu / parse.cpu)}x), ${mdl ? f(mdl.seconds / lint.seconds) : '?'}x faster than markdownlint-cli2 (>= 1.8x${mdl && par ? `; ${f(mdl.seconds / par.seconds)}x with ${par.name.match(/--concurrency \d+/)[0]}` : ''}), peak ${f(lint.mib, 0)} MiB (<= 200);`);
console.log(`cache unchanged ${f(cached.seconds / read.seconds, 1)}x the read (<= 3x; CPU ${f(cached.cpu / read.cpu, 1)}x); one changed ${f(cachedOne.seconds, 2)} s vs read + one parse;`);
console.log(`cold build ${f(buildCold.seconds / lint.seconds)}x cold lint (<= 1.5x); rebuild ${f(rebuild.seconds / read.seconds, 1)}x the read (<= 3x; CPU ${f(rebuild.cpu / read.cpu, 1)}x), one changed ${f(rebuildOne.seconds, 2)} s;`);
console.log(`watch latency lint ${f(watchLint * 1000, 0)} ms, build ${f(watchBuild * 1000, 0)} ms (<= 200 ms); one-skill startup ${f(startup.seconds, 2)} s (target 0.15 s).`);
printSmall();

// The real-shaped tree (issue #17): skills that ship hundreds of files; its own script prints the per-rule table.
if (!args.includes('--no-real-shaped')) {
  console.log('');
  spawnSync(node, [path.join(root, 'bench', 'real-shaped.mjs'), QUICK ? '5' : '20', String(Math.min(RUNS, 3))], { stdio: 'inherit' });
}
