#!/usr/bin/env node
// node bench/baseline.mjs <git-rev> <dir>: makes the "before" checkout for
// `npm run bench -- --baseline <dir>`: a clone of this repository at <git-rev> (detached),
// its dependencies installed (`npm ci`) and its dist/ compiled. <dir> must not exist or be
// empty; it is a plain clone (no worktree bookkeeping in this repository), so removing it
// is `rm -rf <dir>`. Example:
//   node bench/baseline.mjs 3fb83ee /tmp/skillc-base && npm run bench -- --quick --baseline /tmp/skillc-base
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [rev, dirArg, ...extra] = process.argv.slice(2);
if (!rev || !dirArg || extra.length || rev.startsWith('-')) {
  process.stderr.write('usage: node bench/baseline.mjs <git-rev> <dir>\n');
  process.exit(2);
}
const dir = path.resolve(dirArg);
if (fs.existsSync(dir) && (!fs.lstatSync(dir).isDirectory() || fs.readdirSync(dir).length > 0)) {
  process.stderr.write(`baseline: ${dir} exists and is not an empty folder; remove it or pick another\n`);
  process.exit(2);
}

function run(cmd, argv, cwd) {
  const r = spawnSync(cmd, argv, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    process.stderr.write(`baseline: \`${cmd} ${argv.join(' ')}\` failed${r.error ? `: ${r.error.message}` : ` (exit ${r.status})`}\n`);
    process.exit(1);
  }
}

// Resolved here, where every branch and worktree commit is known, then checked out by hash.
const resolved = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], { cwd: root, encoding: 'utf8' });
if (resolved.status !== 0) {
  process.stderr.write(`baseline: ${rev} is not a commit of ${root}\n`);
  process.exit(2);
}
const sha = resolved.stdout.trim();
process.stderr.write(`baseline: cloning ${sha.slice(0, 12)} into ${dir}\n`);
run('git', ['clone', '--quiet', '--no-checkout', root, dir], root);
// A commit only on a worktree branch or detached HEAD is not in the clone's refs: fetch it by hash.
if (spawnSync('git', ['cat-file', '-e', `${sha}^{commit}`], { cwd: dir }).status !== 0) run('git', ['fetch', '--quiet', root, sha], dir);
run('git', ['checkout', '--quiet', '--detach', sha], dir);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
process.stderr.write('baseline: npm ci\n');
run(npm, ['ci', '--no-audit', '--no-fund', '--loglevel', 'error'], dir);
// npm ci runs `prepare` (the compile) in this repository's history; compile anyway if it did not.
if (!fs.existsSync(path.join(dir, 'dist', 'cli', 'main.js'))) run(process.execPath, [path.join(dir, 'scripts', 'compile.mjs')], dir);
if (!fs.existsSync(path.join(dir, 'bin', 'skillc.js')) || !fs.existsSync(path.join(dir, 'dist'))) {
  process.stderr.write(`baseline: ${dir} has no bin/skillc.js or dist/ after the install; is ${rev} a skillc commit?\n`);
  process.exit(1);
}
process.stderr.write(`baseline: ready; run npm run bench -- --baseline ${dir}\n`);
