import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { tempDir, cliEnv } from '../helpers.js';

export const repo = path.resolve(import.meta.dirname, '..', '..');
export const bin = path.join(repo, 'bin', 'skillc.js');
export const fixtures = path.join(repo, 'test', 'fixtures', 'build');

export { tempDir };

/** Copies a fixture project to a fresh temporary folder (builds never touch the repo). */
export function copyFixture(name: string): string {
  const dir = tempDir(`skillc-build-${name}-`);
  fs.cpSync(path.join(fixtures, name), dir, { recursive: true });
  // git keeps 755 but a checkout with core.fileMode=false does not: set the run bits the fixtures rely on.
  for (const rel of listAll(dir)) if (/\/scripts\/[^/]+\.sh$/.test(rel)) fs.chmodSync(path.join(dir, rel), 0o755);
  return dir;
}

/** Writes files (relative path -> content) into a folder. */
export function writeTree(root: string, files: Record<string, string>): string {
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  return root;
}

/** A fresh temporary project from files. */
export function tempProject(files: Record<string, string>): string {
  return writeTree(tempDir('skillc-build-'), files);
}

/** Every entry under a folder that is not a directory, relative with `/`, sorted; symlinks not followed. */
export function listAll(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string): void => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(abs, e.name), r);
      else out.push(r);
    }
  };
  if (fs.existsSync(dir)) walk(dir, '');
  return out.sort();
}

export interface Entry {
  data: Buffer;
  /** True when any run bit is set. */
  exec: boolean;
}

/** A folder's files with their bytes and run bits, for byte-for-byte comparison. */
export function snapshot(dir: string): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const rel of listAll(dir)) {
    const p = path.join(dir, rel);
    out.set(rel, { data: fs.readFileSync(p), exec: (fs.lstatSync(p).mode & 0o111) !== 0 });
  }
  return out;
}

/** Differences between two snapshots, as readable lines (empty when equal). */
export function diffSnapshots(actual: Map<string, Entry>, expected: Map<string, Entry>): string[] {
  const lines: string[] = [];
  for (const [rel, e] of expected) {
    const a = actual.get(rel);
    if (!a) lines.push(`missing: ${rel}`);
    else if (!a.data.equals(e.data)) lines.push(`changed: ${rel}`);
    else if (a.exec !== e.exec) lines.push(`run bit: ${rel} (${a.exec} != ${e.exec})`);
  }
  for (const rel of actual.keys()) if (!expected.has(rel)) lines.push(`extra: ${rel}`);
  return lines;
}

/**
 * Runs the CLI's `main` in this process, output captured: the same code the bin runs, without
 * a process start (~0.3 s each). For tests of what a command does; the bin itself (its exit
 * code, its streams) is tested through `skillc` below and in test/cli.test.ts.
 */
export async function skillcHere(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const noColor = process.env.NO_COLOR;
  process.env.NO_COLOR = '1';
  try {
    const code = await main(args, { cwd, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    return { code, stdout, stderr };
  } finally {
    if (noColor === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = noColor;
  }
}

/** Runs the real CLI in a child process, as a user would. */
export function skillc(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: cliEnv() });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Siblings a swap leaves beside the output folder when it is interrupted. */
export function swapLeftovers(outDir: string): string[] {
  const base = path.basename(outDir);
  return fs.readdirSync(path.dirname(outDir)).filter((s) => s.startsWith(`${base}.skillc-`));
}

/** The frontmatter block and the rest of an emitted SKILL.md. */
export function splitSkillMd(text: string): { yaml: string; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`no frontmatter in:\n${text}`);
  return { yaml: m[1]!, body: m[2]! };
}
