import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, copyFixture } from '../build/helpers.js';
import { cliEnv } from '../helpers.js';

/** Every entry under `dir`: inode, mtime, mode, size and content hash, so a rewrite with equal bytes still shows. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (p: string): void => {
    const st = fs.lstatSync(p);
    const hash = st.isFile() ? createHash('sha256').update(fs.readFileSync(p)).digest('hex').slice(0, 16) : '';
    out.set(path.relative(dir, p) || '.', `${st.ino}:${st.mtimeMs}:${st.mode}:${st.size}:${hash}`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p).sort()) walk(path.join(p, e));
  };
  walk(dir);
  return out;
}

/** Paths created, changed or removed: lint and `build --check` write nothing at all, not even a cache. */
function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}

const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: cliEnv() });

describe('crash safety: what lint, --check and --fix write', () => {
  it('lint (every format) and build --check write nothing, not even an mtime', () => {
    const dir = copyFixture('basic');
    execFileSync(process.execPath, [bin, 'build'], { cwd: dir });
    // A fixable problem, so lint has something it could write.
    const file = path.join(dir, 'skills-src/changelog-style/SKILL.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('compatibility: Requires git.', 'compatibility: Requires: git.'));
    const before = tree(dir);
    for (const args of [['lint'], ['lint', '--format', 'json'], ['lint', '--format', 'sarif'], ['lint', '--format', 'github'], ['lint', '--fix-dry-run'], ['build', '--check']]) {
      const r = cli(args, dir);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).not.toBe(2);
      expect(changed(before, tree(dir)), args.join(' ')).toEqual([]);
    }
  });

  it('--fix replaces only the files it fixes, each by an atomic rename, and leaves no temporary file', () => {
    const dir = copyFixture('basic');
    const fixed = path.join(dir, 'skills-src/changelog-style/SKILL.md');
    fs.writeFileSync(fixed, fs.readFileSync(fixed, 'utf8').replace('compatibility: Requires git.', 'compatibility: Requires: git.'));
    fs.chmodSync(fixed, 0o640);
    const before = tree(dir);
    const r = cli(['lint', '--fix'], dir);
    expect(r.status, r.stdout + r.stderr).not.toBe(2);
    const after = tree(dir);
    const rel = path.relative(dir, fixed);
    expect(changed(before, after)).toEqual([rel, path.dirname(rel)].sort()); // the file, and its folder's mtime (the rename)
    const [inoBefore] = before.get(rel)!.split(':');
    const [inoAfter, , mode] = after.get(rel)!.split(':');
    expect(inoAfter).not.toBe(inoBefore); // a new inode: written beside and renamed over, never truncated in place
    expect(Number(mode) & 0o777).toBe(0o640); // the mode is kept
    expect(fs.readFileSync(fixed, 'utf8')).toContain('compatibility: "Requires: git."');
    expect(fs.readdirSync(path.dirname(fixed)).filter((e) => e.includes('.skillc-'))).toEqual([]);
    // A second --fix has nothing to do and writes nothing.
    const again = tree(dir);
    cli(['lint', '--fix'], dir);
    expect(changed(again, tree(dir))).toEqual([]);
  });
});
