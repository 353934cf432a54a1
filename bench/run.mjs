#!/usr/bin/env node
// npm run bench [-- [--quick] [N] [runs]]: lints and builds a synthetic catalog of N skills
// (default 1,000) with skillc and the tools a user would pick instead, in one run, and prints
// the medians, peak memory and ratios: cold lint, the cache (nothing changed, one file
// changed), cold build, rebuild, pre-commit (`--changed` on one SKILL.md of the catalog, beside
// the lint of that skill alone), watch latency, the language server on the catalog (open and
// edit, to the first and the last diagnostics: bench/lsp.mjs), one-skill startup, 1,000/4,000/16,000
// scaling, the real-shaped tree of bench/real-shaped.mjs (skills of 300 bundled files, its rows
// compared with its own bare parse, serially and with threads, then the per-rule times of one run;
// --no-real-shaped skips it) and a stand-in for a real repository (bench/gen-stand-in.mjs: 1,000
// skills, beside its bare parse and markdownlint-cli2, serially and with threads; --no-stand-in
// skips it); last, issue #30's table: each of its goals with the figures and whether it is met.
// --quick: 3 runs, scaling 100/N only. --scales 1000,16000: the catalog sizes of the growth rows.
// Each section prints a progress line with the minutes since the start on stderr. --small: only the small-repo rows (this repo's
// own 4 skills: build cold, --no-incremental, --check, via npm run build:skills, and
// --version), each beside its goal. --baseline <dir>: <dir> is another checkout of skillc,
// installed and compiled (bench/baseline.mjs <rev> <dir> makes one); every skillc row is
// measured for it ("before") and for this checkout ("after"), run by run in turn, so load
// on the machine weighs on both alike; the tables get before/after columns and a ratio, and
// the goals are printed for both. A peer (bare parse, markdownlint-cli2...) is one row for both; a peer
// a goal divides by is run in the same rounds as the skillc row (peer, before, after, peer...), so a
// ratio never compares two windows of a machine whose speed drifts. A row the baseline cannot run
// (a flag it lacks, a crash) shows '-' for it. Benchmarks are measured here, never asserted in tests.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { realShapedLintArgs, realShapedTree } from './real-shaped.mjs';
import { scriptsCorpus, scriptsLintCmd } from './scripts.mjs';
import { lspLatency } from './lsp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const SMALL = args.includes('--small');
const baseAt = args.indexOf('--baseline');
const BASE = baseAt >= 0 ? path.resolve(args[baseAt + 1] ?? '') : undefined;
if (BASE !== undefined && (!args[baseAt + 1] || !fs.existsSync(path.join(BASE, 'bin', 'skillc.js')) || !fs.existsSync(path.join(BASE, 'dist')))) {
  process.stderr.write(`bench: --baseline needs a compiled skillc checkout (bin/skillc.js and dist/)${args[baseAt + 1] ? `; ${BASE} is not one` : ''}: make one with node bench/baseline.mjs <git-rev> <dir>\n`);
  process.exit(2);
}
const scalesAt = args.indexOf('--scales');
const [nArg, runsArg] = args.filter((a, i) => !a.startsWith('--') && (baseAt < 0 || i !== baseAt + 1) && (scalesAt < 0 || i !== scalesAt + 1));
const N = Number(nArg ?? 1000);
const RUNS = Number(runsArg ?? (QUICK ? 3 : 5));
// --scales 1000,16000: the catalog sizes of the growth rows (the first is the one the others are held to).
const scalesArg = scalesAt >= 0 ? (args[scalesAt + 1] ?? '').split(',').map(Number) : undefined;
if (scalesArg && (scalesArg.length < 2 || !scalesArg.every((n) => Number.isInteger(n) && n > 0))) {
  process.stderr.write('bench: --scales needs two or more catalog sizes, comma-separated (--scales 1000,16000)\n');
  process.exit(2);
}
const SCALES = scalesArg ?? (QUICK ? [...new Set([100, N])] : [1000, 4000, 16000]);
/** A progress line on stderr at the end of each section, with the minutes since the start (a full run is long). */
const started = performance.now();
const section = (name) => process.stderr.write(`\nbench: ${name} done at ${((performance.now() - started) / 60000).toFixed(1)} min\n`);
// ../shared beside the checkout, or beside the worktrees folder a worktree sits in (as bench/scripts.mjs looks).
const generator = [path.resolve(root, '..', 'shared'), path.resolve(root, '..', '..', 'shared')].map((s) => path.join(s, 'bench', 'gen-corpus.mjs')).find((g) => fs.existsSync(g)) ?? path.resolve(root, '..', 'shared', 'bench', 'gen-corpus.mjs');
const localGenerator = path.join(root, 'bench', 'gen-corpus.mjs');
const skillc = path.join(root, 'bin', 'skillc.js');
const node = process.execPath;
/** The checkouts every skillc row runs: the baseline first when there is one, then this one. */
const checkouts = [...(BASE ? [{ label: 'before', root: BASE }] : []), { label: 'after', root }].map((c) => ({ ...c, skillc: path.join(c.root, 'bin', 'skillc.js') }));
const after = checkouts.at(-1);
const baseRev = BASE ? spawnSync('git', ['-C', BASE, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() || '?' : undefined;
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
function projectOf(n, label = 'after') {
  const dir = path.join(root, 'bench', `.project-${n}${label === 'after' ? '' : `-${label}`}`);
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
  const lines = r.stderr.trim().split('\n');
  const [kib, user, sys] = hasTime ? lines.pop().split(' ').map(Number) : [NaN, NaN, NaN];
  // Exit 0 or 1 (findings, drift) is a measured run; anything else (a usage error, a crash) is not.
  const failed = r.status !== 0 && r.status !== 1 ? (lines.filter((l) => l.trim() && !/^Command exited with non-zero status/.test(l))[0] ?? `exit ${r.status ?? r.signal}`).slice(0, 120) : undefined;
  return { seconds, mib: kib / 1024, cpu: user + sys, status: r.status, failed };
}
const median = (xs) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const rows = [];
const stats = (results) => ({ seconds: median(results.map((r) => r.seconds)), mib: median(results.map((r) => r.mib)), cpu: median(results.map((r) => r.cpu)), status: results[0].status, error: results[0].error });
const NONE = { seconds: NaN, mib: NaN, cpu: NaN };
/** A peer or a floor: one row for both checkouts (before and after run the same command). */
function measure(name, cmd, { cwd, before, runs = RUNS } = {}) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    before?.(i);
    results.push(once(typeof cmd === 'function' ? cmd(i) : cmd, cwd));
  }
  const row = { name, ...stats(results) };
  rows.push(row);
  process.stderr.write('.');
  return row;
}
/**
 * A skillc row: `cmd(checkout, i)` and `cwd(checkout)` for each checkout, run in turn (before,
 * after, before, after...). The row's own figures are this checkout's; `by` holds each
 * checkout's. A checkout whose first run fails (exit status above 1) is not run again: '-'.
 * `peers` ({ name, cmd, cwd }) run first in each round and get rows of their own (returned
 * in `row.peers`, in order), pushed before this one. `companions` ({ name, cmd(checkout),
 * cwd(checkout) }) are skillc commands a goal divides by: each checkout runs them right after
 * the row's command in each round, and they get skillc rows of their own (`row.companions`),
 * pushed after this one.
 */
function measureSkillc(name, cmd, { cwd = () => root, before, runs = RUNS, peers = [], companions = [] } = {}) {
  const jobs = [{ name, cmd, cwd }, ...companions.map((k) => ({ ...k, cwd: k.cwd ?? cwd }))];
  const results = jobs.map(() => Object.fromEntries(checkouts.map((c) => [c.label, []])));
  const peerResults = peers.map(() => []);
  const failed = jobs.map(() => ({}));
  for (let i = 0; i < runs; i++) {
    peers.forEach((p, j) => peerResults[j].push(once(p.cmd, p.cwd)));
    for (const c of checkouts) {
      jobs.forEach((job, j) => {
        if (failed[j][c.label] && c !== after) return;
        if (j === 0) before?.(i, c);
        const r = once(job.cmd(c, i), job.cwd(c));
        if (r.failed && c !== after) failed[j][c.label] = r.failed;
        else results[j][c.label].push(r);
      });
    }
  }
  const rowOf = (job, j) => {
    const by = Object.fromEntries(checkouts.map((c) => [c.label, failed[j][c.label] ? { ...NONE, failed: failed[j][c.label] } : stats(results[j][c.label])]));
    return { name: job.name, skillc: true, ...by.after, by };
  };
  const peerRows = peers.map((p, j) => ({ name: p.name, ...stats(peerResults[j]) }));
  rows.push(...peerRows);
  const row = { ...rowOf(jobs[0], 0), peers: peerRows };
  row.companions = jobs.slice(1).map((job, j) => rowOf(job, j + 1));
  rows.push(row, ...row.companions);
  process.stderr.write('.');
  return row;
}

/** Watch latency: from writing a file to the end of the re-run's line, median over `times` edits. */
async function watchLatency(command, cwd, target, times, bin = skillc) {
  const proc = spawn(node, [bin, command, '--watch', ...(command === 'lint' ? ['--format', 'json', '--output-file', '/dev/null'] : [])], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  let err = '';
  let waiters = [];
  let exited = false;
  proc.stderr.on('data', (d) => {
    err += d;
    waiters = waiters.filter((w) => !w());
  });
  // A CLI that cannot watch (an old checkout, a crash) exits: fail the row, not the bench.
  proc.on('exit', () => {
    exited = true;
    waiters = waiters.filter((w) => !w());
  });
  proc.stdout.on('data', () => undefined);
  const until = (pred, ms = 600_000) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`watch timed out: ${err.slice(-500)}`)), ms);
      const check = () => (pred() ? (clearTimeout(t), resolve(), true) : exited ? (clearTimeout(t), reject(new Error(`watch exited: ${err.slice(-500)}`)), true) : false);
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

/** Watch latency for each checkout, one whole session after the other; NaN where it cannot run. */
async function watchRow(command, cwdOf, target, times) {
  const by = {};
  for (const c of checkouts) {
    try {
      by[c.label] = await watchLatency(command, cwdOf(c), target, times, c.skillc);
    } catch (e) {
      if (c === after) throw e;
      by[c.label] = NaN;
    }
  }
  return by;
}

/**
 * A copy of a checkout's repository files (no .git, tests, bench or node_modules, which is
 * linked) in the temp folder, for `npm run build:skills`: it runs there as in the checkout
 * (package.json, build.ts, scripts/, the compiled dist/ with its sources' times kept, so
 * fresh-dist.mjs compiles nothing) without writing to the checkout's generated/.
 */
function repoCopy(checkout) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `skillc-bench-repo-${checkout.label}-`));
  const skip = new Set(['.git', 'node_modules', 'bench', 'test', 'coverage']);
  for (const e of fs.readdirSync(checkout.root, { withFileTypes: true })) {
    if (skip.has(e.name) || e.name.startsWith('.skillc-tmp-') || e.isSymbolicLink()) continue;
    fs.cpSync(path.join(checkout.root, e.name), path.join(dir, e.name), { recursive: true, preserveTimestamps: true });
  }
  fs.symlinkSync(path.join(checkout.root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * The small repo a user has: a checkout's own 4 skills for 9 hosts, built in a copy
 * (bench/.project-small[-before]) so a checkout's generated/ is never touched; `npm run
 * build:skills` runs in a temp copy of the checkout's repository files (repoCopy).
 */
function smallRepoRows() {
  const dirs = {};
  const copies = {};
  for (const c of checkouts) {
    const dir = path.join(root, 'bench', `.project-small${c === after ? '' : `-${c.label}`}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.cpSync(path.join(c.root, 'skills-src'), path.join(dir, 'skills-src'), { recursive: true });
    fs.copyFileSync(path.join(c.root, 'skillc.config.json'), path.join(dir, 'skillc.config.json'));
    dirs[c.label] = dir;
    copies[c.label] = repoCopy(c);
  }
  const cwd = (c) => dirs[c.label];
  const fresh = (_i, c) => {
    for (const d of ['generated', 'node_modules']) fs.rmSync(path.join(dirs[c.label], d), { recursive: true, force: true });
  };
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = [];
  const row = (name, goal, cmd, options) => out.push({ ...measureSkillc(name, cmd, options), goal });
  try {
    row('skillc --version', '<= 0.15 s', (c) => [node, c.skillc, '--version']);
    out.push({ ...measure('node -e 0 (peer: the floor)', [node, '-e', '0']), goal: '' });
    const lintSmall = measureSkillc('skillc lint, 4 skills', (c) => [node, c.skillc, 'lint'], { cwd });
    out.push({ ...lintSmall, goal: '(peer of --check)' });
    row('skillc build, 4 skills, cold (no output, no cache: the type check runs)', '<= 1.0 s', (c) => [node, c.skillc, 'build'], { cwd, before: fresh });
    for (const c of checkouts) once([node, c.skillc, 'build'], cwd(c));
    row('skillc build --no-incremental, 4 skills', '<= 1.0 s', (c) => [node, c.skillc, 'build', '--no-incremental'], { cwd });
    const check = measureSkillc('skillc build --check, 4 skills', (c) => [node, c.skillc, 'build', '--check'], { cwd });
    const lintPlus = checkouts.map((c) => `${BASE ? `${c.label} ` : ''}${(lintSmall.by[c.label].seconds + 0.3).toFixed(2)}`).join(', ');
    out.push({ ...check, goal: `<= 1.0 s and <= lint + 0.3 s (${lintPlus})` });
    const copy = (c) => copies[c.label];
    row('npm run build:skills -- --check (the repo, copied)', '<= 1.2 s', () => [npm, 'run', '-s', 'build:skills', '--', '--check'], { cwd: copy });
    row('npm run build:skills (the repo, copied, up to date)', '<= 1.2 s', () => [npm, 'run', '-s', 'build:skills'], { cwd: copy });
  } finally {
    for (const c of checkouts) {
      fs.rmSync(dirs[c.label], { recursive: true, force: true });
      fs.rmSync(copies[c.label], { recursive: true, force: true });
    }
  }
  return out;
}

const f = (x, d = 2) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(d));
const ratio = (a, b) => (Number.isNaN(a / b) || !Number.isFinite(a / b) ? '-' : `${(a / b).toFixed(2)}x`);
/** The before/after cells of a row: wall s, ratio, CPU s, ratio (a peer's figures sit in "after"). */
function pairCells(r) {
  const b = r.skillc ? r.by.before : NONE;
  const a = r.skillc ? r.by.after : r;
  return [f(b.seconds), f(a.seconds), ratio(a.seconds, b.seconds), f(b.cpu), f(a.cpu), ratio(a.cpu, b.cpu)];
}
const rowName = (r) => `${r.name}${r.skillc || r.name.includes('(peer') ? '' : ' (peer: one row for both)'}${r.status > 1 ? ` (exit ${r.status})` : ''}${r.error ? ` (failed: ${r.error})` : ''}${r.skillc && r.by.before?.failed ? ` (before: ${r.by.before.failed.replace(/\|/g, '/')})` : ''}`;

const smallRows = smallRepoRows();
section('small repo');
const printSmall = () => {
  console.log(`\nSmall repo (each checkout's 4 skills, 9 hosts), median of ${RUNS} runs, Node ${process.version}${BASE ? `; before: ${BASE} at ${baseRev}, after: ${root}` : ''}\n`);
  if (BASE) {
    console.log('| command | before s | after s | after / before | before CPU s | after CPU s | after / before CPU | goal |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const r of smallRows) console.log(`| ${rowName(r)} | ${pairCells(r).join(' | ')} | ${r.goal} |`);
    return;
  }
  console.log('| command | median s | CPU s | peak MiB | goal |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const r of smallRows) console.log(`| ${r.name}${r.status ? ` (exit ${r.status})` : ''} | ${f(r.seconds)} | ${f(r.cpu)} | ${f(r.mib, 0)} | ${r.goal} |`);
};
if (SMALL) {
  process.stderr.write('\n');
  printSmall();
  process.exit(0);
}
rows.length = 0;

const corpus = corpusOf(N);
const projects = Object.fromEntries(checkouts.map((c) => [c.label, projectOf(N, c.label)]));
const projectCwd = (c) => projects[c.label];
const one = path.join(corpus, 'skill-0001', 'SKILL.md');
const oneText = fs.readFileSync(one, 'utf8');
let edits = 0;
const editOne = () => fs.writeFileSync(one, `${oneText}\nEdited ${++edits}.\n`);
const restoreOne = () => fs.writeFileSync(one, oneText);
const lintCmd = (c, extra = []) => [node, c.skillc, 'lint', corpus, '--format', 'json', '--output-file', '/dev/null', ...extra];
// The lint rows' cache lives apart from the one the build rows' lint step uses (node_modules/.cache/skillc), one per checkout.
const cacheOf = (c) => path.join(projects[c.label], '.bench-lint-cache');
const cacheArgs = (c) => ['--cache', '--cache-location', `${cacheOf(c)}/`];
// Each checkout lints from its own folder (its own config, if the linted path has none).
const own = (c) => c.root;

const read = measure('read files', [node, path.join(root, 'bench', 'read.mjs'), corpus]);
// The cold lint's goals divide by the bare parse and by markdownlint-cli2: they run in its rounds.
const lint = measureSkillc('skillc lint (cold)', (c) => lintCmd(c), {
  cwd: own,
  peers: [
    { name: 'bare parse (unified+remark), every .md', cmd: [node, path.join(root, 'bench', 'parse.mjs'), corpus] },
    ...(fs.existsSync(bin('markdownlint-cli2')) ? [{ name: 'markdownlint-cli2', cmd: [bin('markdownlint-cli2'), '**/*.md'], cwd: corpus }] : []),
  ],
});
const parse = lint.peers[0];
measure('bare parse, SKILL.md files only', [node, path.join(root, 'bench', 'parse.mjs'), corpus, '--skill-md-only']);
if (os.availableParallelism() > 1) measureSkillc(`skillc lint (cold, --concurrency ${os.availableParallelism()})`, (c) => lintCmd(c, ['--concurrency', String(os.availableParallelism())]), { cwd: own });
if (fs.existsSync(bin('remark'))) measure('remark-cli + lint-recommended', [bin('remark'), '--use', 'remark-preset-lint-recommended', '--use', 'remark-frontmatter', '--quiet', '--no-stdout', '--silent', '.'], { cwd: corpus });
if (fs.existsSync(bin('skill-check'))) measure('skill-check 1.2.0 check (no security scan)', [bin('skill-check'), 'check', corpus, '--no-security-scan', '--format', 'json'], { cwd: root });
for (const c of checkouts) {
  fs.rmSync(cacheOf(c), { recursive: true, force: true });
  once(lintCmd(c, cacheArgs(c)), own(c));
}
const cached = measureSkillc('skillc lint --cache (nothing changed)', (c) => lintCmd(c, cacheArgs(c)), { cwd: own });
const cachedOne = measureSkillc('skillc lint --cache (one file changed)', (c) => lintCmd(c, cacheArgs(c)), { cwd: own, before: editOne });
restoreOne();
// Each cold build writes a fresh output folder, removed only after every timed row: deleting
// 18,000 files just before a run charges the file system's deferred work (ext4 with online
// discard here: seconds) to the build, which a build on a fresh clone never pays.
const coldOut = (i) => `generated-cold-${i}`;
const buildCold = measureSkillc('skillc build (cold, 9 hosts)', (c, i) => [node, c.skillc, 'build', '--out', coldOut(i)], { cwd: projectCwd, before: (_i, c) => fs.rmSync(path.join(projects[c.label], 'node_modules'), { recursive: true, force: true }) });
for (const c of checkouts) once([node, c.skillc, 'build'], projectCwd(c));
const rebuild = measureSkillc('skillc build (rebuild, nothing changed)', (c) => [node, c.skillc, 'build'], { cwd: projectCwd });
const rebuildOne = measureSkillc('skillc build (rebuild, one skill changed)', (c) => [node, c.skillc, 'build'], { cwd: projectCwd, before: editOne });
restoreOne();
for (const c of checkouts) once([node, c.skillc, 'build'], projectCwd(c));
// Issue #30, pre-commit in a big repository: `--changed` on one edited SKILL.md of the catalog, the
// cache written by the builds above; beside it, in the same rounds, the lint of that skill alone.
const changedCmd = (c) => [node, c.skillc, 'lint', '--changed', one, '--format', 'json', '--output-file', '/dev/null'];
const precommit = measureSkillc(`pre-commit: skillc lint --changed <one SKILL.md> (${N} skills, cache from an earlier build)`, changedCmd, {
  cwd: projectCwd,
  before: editOne,
  companions: [{ name: 'skillc lint <that skill alone> (the one-skill lint)', cmd: (c) => [node, c.skillc, 'lint', path.dirname(one), '--format', 'json', '--output-file', '/dev/null'] }],
});
const lintCacheOf = (c) => path.join(projects[c.label], 'node_modules', '.cache', 'skillc', 'lint-cache.json');
const precommitCold = measureSkillc(`pre-commit: skillc lint --changed <one SKILL.md> (${N} skills, no cache yet: fills it)`, changedCmd, { cwd: projectCwd, before: (_i, c) => (editOne(), fs.rmSync(lintCacheOf(c), { force: true })) });
restoreOne();
for (const c of checkouts) once([node, c.skillc, 'build'], projectCwd(c));
const oneSkill = path.join(root, 'skills-src', 'skillc-author');
const startup = measureSkillc('skillc lint, one skill (pre-commit)', (c) => [node, c.skillc, 'lint', oneSkill], { cwd: own });
measure('node -e 0', [node, '-e', '0']);
const scripts = scriptsCorpus();
const scriptCmds = Object.fromEntries(checkouts.map((c) => [c.label, scriptsLintCmd(c.skillc, scripts)]));
measureSkillc(`skillc lint, script rules only (${scripts.scripts} ${scripts.real ? 'cc-skills' : 'generated'} shell scripts, ${(scripts.bytes / 1e6).toFixed(1)} MB)`, (c) => scriptCmds[c.label], { cwd: own });
if (fs.existsSync(bin('skills-ref'))) measure('skills-ref 0.1.5 validate, one skill', [bin('skills-ref'), 'validate', oneSkill]);
if (fs.existsSync(bin('skill-check'))) measure('skill-check 1.2.0, one skill', [bin('skill-check'), 'check', oneSkill, '--no-security-scan', '--format', 'json']);
// The real-shaped tree (issue #17): skills that ship hundreds of files (bench/real-shaped.mjs).
section('catalog rows');
const REAL_SHAPED = !args.includes('--no-real-shaped');
const realN = QUICK ? 5 : 20;
let realParse;
let realParseScripts;
let realLint;
if (REAL_SHAPED) {
  const tree = realShapedTree(realN);
  const realRuns = Math.min(RUNS, 3);
  realLint = measureSkillc(`skillc lint --host claude, real-shaped tree (${realN} x 300 files, 1 thread)`, (c) => [node, ...realShapedLintArgs(c.skillc, tree, path.join(tree, `.lint-${c.label}.json`))], {
    cwd: () => tree,
    runs: realRuns,
    peers: [
      { name: `bare parse, real-shaped tree (${realN} skills x 300 bundled files)`, cmd: [node, path.join(root, 'bench', 'parse.mjs'), tree] },
      // Lint also parses the tree's shell scripts (scripts/syntax and the other script rules): the
      // files lint must parse, as the issue words the goal. Shown beside the Markdown-only ratio.
      { name: `bare parse with the shell scripts, real-shaped tree (mvdan-sh for .sh)`, cmd: [node, path.join(root, 'bench', 'parse.mjs'), tree, '--with-scripts'] },
    ],
  });
  realParse = realLint.peers[0];
  realParseScripts = realLint.peers[1];
  realParseScripts.ref = realParse;
  // Their "vs bare parse" is against the tree's own parse, not the catalog's.
  realParse.ref = realParse;
  realLint.ref = realParse;
  // Issue #30: threads on a real tree, beside the serial run; `auto` decides from the work and the free cores.
  for (const threads of ['2', 'auto']) {
    const row = measureSkillc(`skillc lint --host claude, real-shaped tree (${realN} x 300 files, --concurrency ${threads})`, (c) => [node, ...realShapedLintArgs(c.skillc, tree, path.join(tree, `.lint-${c.label}.json`)).map((a, k, all) => (all[k - 1] === '--concurrency' ? threads : a))], { cwd: () => tree, runs: realRuns });
    row.ref = realParse;
  }
}
section('real-shaped tree');
// Issue #30: a stand-in for a real marketplace repository (bench/gen-stand-in.mjs: 1,000 skills in
// plugin folders, shell fences, references up to 200 KB), beside its bare parse and markdownlint-cli2
// in the same rounds, serially, with 2 threads and with `auto`.
const STAND_IN = !args.includes('--no-stand-in');
const standN = 1000;
let standLint;
let standParse;
let standMdl;
const standRows = {};
if (STAND_IN) {
  const tree = path.join(root, 'bench', `corpus-stand-in-${standN}`);
  if (!fs.existsSync(path.join(tree, '.complete'))) {
    const r = spawnSync(node, [path.join(root, 'bench', 'gen-stand-in.mjs'), String(standN), tree], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    fs.writeFileSync(path.join(tree, '.complete'), '');
  }
  fs.writeFileSync(path.join(tree, '.markdownlint-cli2.jsonc'), JSON.stringify({ config: { default: true } }));
  const standCmd = (c, threads) => [node, c.skillc, 'lint', 'plugins', '--format', 'json', '--output-file', '/dev/null', ...(threads ? ['--concurrency', threads] : [])];
  const standRuns = Math.min(RUNS, 3);
  standLint = measureSkillc(`skillc lint, stand-in repository (${standN} skills, 1 thread)`, (c) => standCmd(c, '1'), {
    cwd: () => tree,
    runs: standRuns,
    peers: [
      { name: `bare parse, stand-in repository (${standN} skills), every .md`, cmd: [node, path.join(root, 'bench', 'parse.mjs'), tree] },
      ...(fs.existsSync(bin('markdownlint-cli2')) ? [{ name: 'markdownlint-cli2, stand-in repository', cmd: [bin('markdownlint-cli2'), 'plugins/**/*.md'], cwd: tree }] : []),
    ],
  });
  [standParse, standMdl] = standLint.peers;
  for (const r of [standLint, standParse, standMdl]) if (r) r.ref = standParse;
  for (const threads of ['2', 'auto']) {
    standRows[threads] = measureSkillc(`skillc lint, stand-in repository (${standN} skills, --concurrency ${threads})`, (c) => standCmd(c, threads), { cwd: () => tree, runs: standRuns });
    standRows[threads].ref = standParse;
  }
}
process.stderr.write('\n');
section('stand-in repository');

const watchTimes = QUICK ? 3 : 5;
const watchLint = await watchRow('lint', projectCwd, one, watchTimes);
const watchBuild = await watchRow('build', projectCwd, one, watchTimes);
restoreOne();

// Issue #30, the language server on the catalog: a project whose config sits above the skills (the
// server finds the config from the open file), one per checkout. A session with no cache yet, then
// one after `skillc lint --cache` wrote it; each opens one SKILL.md and makes `watchTimes` edits.
const lspProjects = {};
for (const c of checkouts) {
  const dir = path.join(root, 'bench', `.lsp-${N}${c === after ? '' : `-${c.label}`}`);
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(corpus, path.join(dir, 'skills'), { recursive: true, filter: (src) => !/[\\/]\.(?:complete|markdownlint-cli2\.jsonc)$/.test(src) });
    fs.writeFileSync(path.join(dir, 'skillc.config.json'), JSON.stringify({ sources: 'skills' }));
    fs.writeFileSync(path.join(dir, '.complete'), '');
  }
  lspProjects[c.label] = dir;
}
const lspFile = (c) => path.join(lspProjects[c.label], 'skills', path.basename(path.dirname(one)), 'SKILL.md');
const lsp = { cold: {}, warm: {} };
for (const c of checkouts) {
  fs.rmSync(path.join(lspProjects[c.label], 'node_modules'), { recursive: true, force: true });
  try {
    lsp.cold[c.label] = await lspLatency(c.skillc, lspProjects[c.label], lspFile(c), watchTimes);
  } catch {
    lsp.cold[c.label] = undefined;
  }
}
for (const c of checkouts) {
  once([node, c.skillc, 'lint', '--cache', '--format', 'json', '--output-file', '/dev/null'], lspProjects[c.label]);
  try {
    lsp.warm[c.label] = await lspLatency(c.skillc, lspProjects[c.label], lspFile(c), watchTimes);
  } catch {
    lsp.warm[c.label] = undefined;
  }
}
/** Latency rows (wall clock only): name, goal, and the figure of each checkout. */
const latencyRows = [
  ['skillc lint --watch, one skill changed (latency)', '', (l) => watchLint[l]],
  ['skillc build --watch, one skill changed: edit -> rebuilt (latency)', '<= 0.2 s', (l) => watchBuild[l]],
  [`language server, ${N} skills: open -> first diagnostics (cache from an earlier lint)`, '<= 0.6 s', (l) => lsp.warm[l]?.open.first],
  [`language server, ${N} skills: open -> all diagnostics, catalog rules too (cache from an earlier lint)`, '', (l) => lsp.warm[l]?.open.last],
  [`language server, ${N} skills: open -> first diagnostics (no cache yet)`, '<= 0.6 s', (l) => lsp.cold[l]?.open.first],
  [`language server, ${N} skills: open -> all diagnostics (no cache yet: every skill read)`, '', (l) => lsp.cold[l]?.open.last],
  [`language server, ${N} skills: edit -> first diagnostics (150 ms debounce included; median)`, '', (l) => lsp.warm[l]?.edit.first],
  [`language server, ${N} skills: edit -> all diagnostics (150 ms debounce included; median)`, '<= 0.25 s', (l) => lsp.warm[l]?.edit.last],
];

section('watch and language server');
const scaling = [];
for (const n of SCALES) {
  const c = corpusOf(n);
  const runs = n >= 4000 ? Math.min(RUNS, 3) : RUNS;
  const p = median(Array.from({ length: runs }, () => once([node, path.join(root, 'bench', 'parse.mjs'), c]).seconds));
  const l = measureSkillc(`scaling ${n}`, (k) => [node, k.skillc, 'lint', c, '--format', 'json', '--output-file', '/dev/null'], { cwd: own, runs });
  rows.pop();
  scaling.push({ n, parse: p, by: l.by });
}
process.stderr.write('\n');
section('scaling');

for (let i = 0; i < RUNS; i++) for (const c of checkouts) fs.rmSync(path.join(projects[c.label], coldOut(i)), { recursive: true, force: true });

const mb = Number(spawnSync(node, [path.join(root, 'bench', 'read.mjs'), corpus], { encoding: 'utf8' }).stdout) / 1e6;
console.log(`\n${N} skills, ${mb.toFixed(1)} MB of Markdown, median of ${RUNS} runs, Node ${process.version}${BASE ? `; before: ${BASE} at ${baseRev}, after: ${root}, run in turn` : ''}\n`);
if (BASE) {
  // CPU s (user + system, GC and compiler threads included): on a shared machine, the figure the load inflates least.
  console.log('| tool | before s | after s | after / before | before CPU s | after CPU s | after / before CPU | before MiB | after MiB | after vs its bare parse |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) console.log(`| ${rowName(r)} | ${pairCells(r).join(' | ')} | ${f(r.skillc ? r.by.before.mib : NaN, 0)} | ${f(r.mib, 0)} | ${ratio(r.seconds, (r.ref ?? parse).seconds)} |`);
  for (const [name, , w] of latencyRows) console.log(`| ${name} | ${f(w('before'), 3)} | ${f(w('after'), 3)} | ${ratio(w('after'), w('before'))} | - | - | - | - | - | - |`);
  console.log('\n| skills | bare parse s | before lint s | after lint s | before lint / parse | after lint / parse | before CPU ms a skill | after CPU ms a skill | before peak MiB | after peak MiB |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const s of scaling) console.log(`| ${s.n} | ${f(s.parse)} | ${f(s.by.before.seconds)} | ${f(s.by.after.seconds)} | ${ratio(s.by.before.seconds, s.parse)} | ${ratio(s.by.after.seconds, s.parse)} | ${f((s.by.before.cpu / s.n) * 1000, 1)} | ${f((s.by.after.cpu / s.n) * 1000, 1)} | ${f(s.by.before.mib, 0)} | ${f(s.by.after.mib, 0)} |`);
} else {
  // CPU s (user + system, GC and compiler threads included): on a shared machine, the figure the load inflates least.
  console.log('| tool | median s | CPU s | peak MiB | vs skillc lint | vs bare parse | vs read |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const note = r.error ? ` (failed: ${r.error})` : '';
    console.log(`| ${r.name}${note} | ${f(r.seconds)} | ${f(r.cpu)} | ${f(r.mib, 0)} | ${f(r.seconds / lint.seconds)}x | ${f(r.seconds / (r.ref ?? parse).seconds)}x | ${f(r.seconds / read.seconds, 1)}x |`);
  }
  for (const [name, , w] of latencyRows) console.log(`| ${name} | ${f(w('after'), 3)} | - | - | - | - | - |`);
  console.log('\n| skills | bare parse s | skillc lint s | lint / parse | lint s per 1,000 skills | CPU ms a skill | peak MiB |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const s of scaling) console.log(`| ${s.n} | ${f(s.parse)} | ${f(s.by.after.seconds)} | ${f(s.by.after.seconds / s.parse)}x | ${f((s.by.after.seconds / s.n) * 1000)} | ${f((s.by.after.cpu / s.n) * 1000, 1)} | ${f(s.by.after.mib, 0)} |`);
}
const mdl = rows.find((r) => r.name === 'markdownlint-cli2');
const par = rows.find((r) => r.name.startsWith('skillc lint (cold, --concurrency'));
/** The goals line, from one checkout's figures (the peers' are shared). */
function printGoals(label) {
  const at = (r) => (r ? (r.skillc ? r.by[label] : r) : NONE);
  const [l, p, c1, c2, bc, rb, rb1, st] = [lint, par, cached, cachedOne, buildCold, rebuild, rebuildOne, startup].map(at);
  const rl = realLint ? at(realLint) : undefined;
  console.log(`\nGoals${BASE ? ` (${label}: ${label === 'before' ? `${BASE} at ${baseRev}` : root})` : ''}: cold lint ${f(l.seconds / parse.seconds)}x the bare parse (<= 1.15x; CPU ${f(l.cpu / parse.cpu)}x), ${mdl ? f(mdl.seconds / l.seconds) : '?'}x faster than markdownlint-cli2 (>= 1.5x${mdl && par ? `; ${f(mdl.seconds / p.seconds)}x with ${par.name.match(/--concurrency \d+/)[0]}` : ''}), peak ${f(l.mib, 0)} MiB (<= 200);`);
  console.log(`cache unchanged ${f(c1.seconds / read.seconds, 1)}x the read (<= 3x; CPU ${f(c1.cpu / read.cpu, 1)}x); one changed ${f(c2.seconds, 2)} s vs read + one parse;`);
  console.log(`cold build ${f(bc.seconds / l.seconds)}x cold lint (<= 1.5x); rebuild ${f(rb.seconds / read.seconds, 1)}x the read (<= 3x; CPU ${f(rb.cpu / read.cpu, 1)}x), one changed ${f(rb1.seconds, 2)} s;`);
  console.log(`watch latency lint ${f(watchLint[label] * 1000, 0)} ms, build ${f(watchBuild[label] * 1000, 0)} ms (<= 200 ms); one-skill startup ${f(st.seconds, 2)} s (target 0.15 s)${rl ? `; real-shaped tree ${f(rl.seconds / realParse.seconds)}x its bare parse (<= 1.3x; CPU ${f(rl.cpu / realParse.cpu)}x), ${f(rl.seconds / realParseScripts.seconds)}x with its scripts' parse` : ''}.`);
}
for (const c of checkouts) printGoals(c.label);
printSmall();
printIssue30();

/**
 * Issue #30's table, one line for each of its lines: each checkout's figure beside the goal, and
 * whether the goal is met. A ratio is of CPU times (user + system) where the goal allows, from the
 * same rounds; latencies are wall clock.
 */
function printIssue30() {
  const at = (r, l) => (r ? (r.skillc ? r.by[l] : r) : NONE);
  const smallRow = (prefix) => smallRows.find((r) => r.name.startsWith(prefix));
  const [first, last] = [scaling[0], scaling.at(-1)];
  const perSkill = (sc, l) => sc.by[l].cpu / sc.n;
  const lines = [
    ['pre-commit: `lint --changed <one SKILL.md>`, ' + N + ' skills (CPU / the one-skill lint; wall s)', (l) => `${ratio(at(precommit, l).cpu, at(precommit.companions[0], l).cpu)} (${f(at(precommit, l).seconds)} s, ${f(at(precommit, l).mib, 0)} MiB)`, '<= 2x', (l) => at(precommit, l).cpu <= 2 * at(precommit.companions[0], l).cpu],
    ['pre-commit, no cache yet (it fills it): wall s, CPU s', (l) => `${f(at(precommitCold, l).seconds)} s, ${f(at(precommitCold, l).cpu)} CPU s`, '(never a full cold lint)', undefined],
    [`language server, ${N} skills: open -> first diagnostics (cache from an earlier lint; no cache)`, (l) => `${f(lsp.warm[l]?.open.first, 3)} s; ${f(lsp.cold[l]?.open.first, 3)} s`, '<= 0.6 s', (l) => Math.max(lsp.warm[l]?.open.first ?? NaN, lsp.cold[l]?.open.first ?? NaN) <= 0.6],
    [`language server, ${N} skills: edit -> all diagnostics (first ones)`, (l) => `${f(lsp.warm[l]?.edit.last, 3)} s (${f(lsp.warm[l]?.edit.first, 3)} s)`, '<= 0.25 s', (l) => lsp.warm[l]?.edit.last <= 0.25],
    [`cold lint vs markdownlint-cli2: its CPU / skillc's (catalog; stand-in)`, (l) => `${mdl ? ratio(mdl.cpu, at(lint, l).cpu) : '-'}; ${standMdl ? ratio(standMdl.cpu, at(standLint, l).cpu) : '-'}`, '>= 1.5x', (l) => mdl && mdl.cpu >= 1.5 * at(lint, l).cpu && (!standMdl || standMdl.cpu >= 1.5 * at(standLint, l).cpu)],
    ['cold lint vs the bare parse: CPU (catalog; stand-in; real-shaped tree)', (l) => `${ratio(at(lint, l).cpu, parse.cpu)}; ${standParse ? ratio(at(standLint, l).cpu, standParse.cpu) : '-'}; ${realLint ? ratio(at(realLint, l).cpu, realParse.cpu) : '-'}`, '<= 1.15x', (l) => at(lint, l).cpu <= 1.15 * parse.cpu && (!standParse || at(standLint, l).cpu <= 1.15 * standParse.cpu)],
    [`growth: CPU ms a skill at ${last.n} vs ${first.n}; peak MiB at ${last.n}`, (l) => `${f(perSkill(last, l) * 1000, 1)} vs ${f(perSkill(first, l) * 1000, 1)} (${ratio(perSkill(last, l), perSkill(first, l))}); ${f(last.by[l].mib, 0)} MiB`, '<= 1.1x; <= 300 MiB at 16,000', (l) => perSkill(last, l) <= 1.1 * perSkill(first, l) && (last.n < 16000 || last.by[l].mib <= 300)],
    ['`--concurrency 2` / `auto` vs 1 thread, stand-in: wall, CPU, MiB', (l) => (standRows['2'] ? `${ratio(at(standRows['2'], l).seconds, at(standLint, l).seconds)}, ${ratio(at(standRows['2'], l).cpu, at(standLint, l).cpu)}, ${ratio(at(standRows['2'], l).mib, at(standLint, l).mib)} / ${ratio(at(standRows.auto, l).seconds, at(standLint, l).seconds)}, ${ratio(at(standRows.auto, l).cpu, at(standLint, l).cpu)}, ${ratio(at(standRows.auto, l).mib, at(standLint, l).mib)}` : '-'), 'threads faster when 2 cores are free; else auto stays serial', undefined],
    ['rebuild, nothing changed: CPU / the read', (l) => ratio(at(rebuild, l).cpu, read.cpu), '<= 3x', (l) => at(rebuild, l).cpu <= 3 * read.cpu],
    ['watch: edit -> rebuilt', (l) => `${f(watchBuild[l] * 1000, 0)} ms`, '<= 200 ms', (l) => watchBuild[l] <= 0.2],
    ['`npm run build:skills -- --check`, up to date; cold 4-skill build (wall s)', (l) => `${f(at(smallRow('npm run build:skills -- --check'), l).seconds)} s; ${f(at(smallRow('skillc build, 4 skills, cold'), l).seconds)} s`, '<= 1.2 s; <= 1.0 s', (l) => at(smallRow('npm run build:skills -- --check'), l).seconds <= 1.2 && at(smallRow('skillc build, 4 skills, cold'), l).seconds <= 1.0],
  ];
  console.log(`\nIssue #30's goals${BASE ? ` (before: ${BASE} at ${baseRev}; after: ${root})` : ''}\n`);
  const labels = checkouts.map((c) => c.label);
  console.log(`| where | ${labels.join(' | ')} | goal | met (${labels.at(-1)}) |`);
  console.log(`| --- | ${labels.map(() => '---').join(' | ')} | --- | --- |`);
  for (const [name, figure, goal, met] of lines) console.log(`| ${name} | ${labels.map((l) => figure(l)).join(' | ')} | ${goal} | ${met ? (met(labels.at(-1)) ? 'yes' : 'no') : '-'} |`);
}

// The per-rule times of one run of this checkout on the real-shaped tree (TIMING=all), slowest first.
if (REAL_SHAPED) {
  const tree = realShapedTree(realN);
  const timed = spawnSync(node, realShapedLintArgs(skillc, tree), { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1', TIMING: 'all' } });
  console.log(`\nReal-shaped tree (${realN} skills x 300 bundled files), one run of ${BASE ? 'after' : 'skillc'} with TIMING=all:\n`);
  console.log(timed.stderr.trim());
}
