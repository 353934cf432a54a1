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
