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
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), NO_COLOR: '1', ...env } });
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
 * Packs this checkout as npm would publish it (`npm pack`; the suite compiled dist/ already) into a fresh temp folder; returns the tarball's path. The caller removes the folder.
 */
export function packTarball(): string {
  if (!fs.existsSync(path.join(repo, 'dist', 'cli', 'main.js'))) throw new Error('dist/ is not compiled; run `npm run compile`');
  const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-pack-'));
  // `prepare` (a full compile) is skipped; `prepack`/`postpack` (the manifest without `prepare`) are run by hand.
  const manifest = (mode: string): void => void spawnSync(process.execPath, [path.join(repo, 'scripts', 'pack-manifest.mjs'), mode], { cwd: repo });
  manifest('strip');
  let r;
  try {
    r = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dest], { cwd: repo, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  } finally {
    manifest('restore');
  }
  if (r.status !== 0) throw new Error(`npm pack: ${r.stderr}`);
  return path.join(dest, r.stdout.trim().split('\n').pop()!);
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
