import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tempDir } from '../helpers.js';

export const repo = path.resolve(import.meta.dirname, '..', '..');
export const bin = path.join(repo, 'bin', 'skillc.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in a child process, as a user would (no colour, a HOME of the test's choosing). */
export function skillc(args: string[], cwd: string, env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), NO_COLOR: '1', ...(process.env.XDG_CACHE_HOME ? { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME } : {}), ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh temporary folder with files (relative path -> content). */
export function project(files: Record<string, string> = {}): string {
  const root = tempDir('skillc-eco-');
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  return root;
}

export function git(args: string[], cwd: string): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

export const SKILL = (name: string, body = '# Title\n\nText.\n', extra = ''): string => `---\nname: ${name}\ndescription: Use when testing ${name}.\n${extra}---\n\n${body}`;

export const CONFIG = (hosts: string[] = ['agentskills', 'claude', 'codex']): string => `${JSON.stringify({ sources: 'skills-src', out: 'generated', hosts })}\n`;

/**
 * The tarball `npm publish` would upload from this checkout (the suite compiled dist/ already), packed
 * once per run of the suite and shared by the files that install it. The caller must not remove it: the
 * run's temporary folder goes at the end (test/global-setup.ts).
 *
 * The checkout is never written: test files run in parallel, and one copying the repo (the pre-commit
 * test) must not see the manifest `prepack` strips. npm lists what it would pack (`--dry-run`); those
 * files are copied to a staging folder with the scripts its lifecycle runs (`prepack`/`postpack`:
 * scripts/pack-manifest.mjs; `prepare`: scripts/compile.mjs, which finds no sources there and compiles
 * nothing), and npm packs the copy, running them as a release would.
 */
export function packTarball(): string {
  if (!fs.existsSync(path.join(repo, 'dist', 'cli', 'main.js'))) throw new Error('dist/ is not compiled; run `npm run compile`');
  const shared = path.join(os.tmpdir(), 'skillc-pack-shared');
  const existing = tarballIn(shared);
  if (existing) return existing;
  const npm = (args: string[], cwd: string) => {
    const r = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
    if (r.status !== 0) throw new Error(`npm ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-pack-'));
  try {
    const stage = path.join(work, 'stage');
    const [listed] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], repo)) as [{ files: { path: string }[] }];
    for (const { path: rel } of listed.files) {
      fs.mkdirSync(path.dirname(path.join(stage, rel)), { recursive: true });
      fs.copyFileSync(path.join(repo, rel), path.join(stage, rel));
      fs.chmodSync(path.join(stage, rel), fs.statSync(path.join(repo, rel)).mode);
    }
    for (const rel of ['.npmrc', 'scripts/pack-manifest.mjs', 'scripts/compile.mjs']) {
      fs.mkdirSync(path.dirname(path.join(stage, rel)), { recursive: true });
      fs.copyFileSync(path.join(repo, rel), path.join(stage, rel));
    }
    const out = path.join(work, 'out');
    fs.mkdirSync(out);
    npm(['pack', '--pack-destination', out], stage);
    fs.rmSync(stage, { recursive: true });
    try {
      fs.renameSync(out, shared); // atomic: a parallel file that packed first keeps its copy
    } catch {
      // another test file's tarball is there (same bytes)
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const tgz = tarballIn(shared);
  if (!tgz) throw new Error('npm pack wrote no tarball');
  return tgz;
}

function tarballIn(dir: string): string | undefined {
  const name = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith('.tgz')) : undefined;
  return name === undefined ? undefined : path.join(dir, name);
}

/** The environment for npm in a test project: the user's npm cache (so installs work offline once cached), no notifier. */
export function npmEnv(home: string): Record<string, string> {
  return {
    PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    HOME: home,
    NO_COLOR: '1',
    npm_config_cache: process.env.npm_config_cache ?? path.join(os.homedir(), '.npm'),
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    GIT_AUTHOR_NAME: 'T',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 'T',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
}
