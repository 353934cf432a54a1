#!/usr/bin/env node
// node bench/real-shaped.mjs [skills] [runs] [--skillc <bin>]: lints a generated tree shaped like real
// skill libraries (bench/gen-real-shaped.mjs: each skill ships 300 files, 50 references, scripts
// importing each other) and prints the median wall time beside the bare parse of the Markdown lint
// must parse, then the per-rule times of one run (TIMING=all), slowest first. --skillc runs another
// build of the CLI (e.g. a checkout of main) on the same tree, for a before/after. Measured, never asserted.
// bench/run.mjs imports `realShapedTree` and `realShapedLintArgs` for its rows.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The tree of `n` skills (under bench/, gitignored), generated once. */
export function realShapedTree(n) {
  const tree = path.join(root, 'bench', `corpus-real-shaped-${n}`);
  if (!fs.existsSync(path.join(tree, '.complete'))) {
    const r = spawnSync(process.execPath, [path.join(root, 'bench', 'gen-real-shaped.mjs'), String(n), tree], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    fs.writeFileSync(path.join(tree, '.complete'), '');
  }
  return tree;
}

/** One thread, no cache: the cost of the rules themselves, not of the scheduling. Run with cwd = the tree. */
export function realShapedLintArgs(skillc, tree, out = path.join(tree, '.lint.json')) {
  return [skillc, 'lint', '.', '--host', 'claude', '--concurrency', '1', '--format', 'json', '-o', out];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--skillc');
  const skillc = at >= 0 ? path.resolve(args[at + 1]) : path.join(root, 'bin', 'skillc.js');
  const [nArg, runsArg] = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  const N = Number(nArg ?? 20);
  const RUNS = Number(runsArg ?? 3);
  const tree = realShapedTree(N);

  const time = (argv, env = {}) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, argv, { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1', ...env } });
    return { seconds: Number(process.hrtime.bigint() - t0) / 1e9, stderr: r.stderr, status: r.status };
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

  const lintArgs = realShapedLintArgs(skillc, tree);
  const parse = median(Array.from({ length: RUNS }, () => time([path.join(root, 'bench', 'parse.mjs'), tree]).seconds));
  const lint = median(Array.from({ length: RUNS }, () => time(lintArgs).seconds));
  const timed = time(lintArgs, { TIMING: 'all' });
  if (timed.status !== 0 && timed.status !== 1) {
    console.error(timed.stderr);
    process.exit(1);
  }
  console.log(`real-shaped tree: ${N} skills x 300 bundled files, median of ${RUNS} runs`);
  console.log(`| what | seconds |\n| --- | ---: |\n| bare parse of every Markdown file | ${parse.toFixed(2)} |\n| skillc lint --host claude (1 thread) | ${lint.toFixed(2)} (${(lint / parse).toFixed(2)}x) |\n`);
  console.log(timed.stderr.trim());
}
