// The one path guard (core/paths.ts) and the one atomic writer (core/atomic-write.ts) that every
// command that writes goes through (issues #24 and #26).
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFileExclusive, createFolderAtomic, writeFileAtomic } from '../src/core/atomic-write.js';
import { UnsafePathError } from '../src/core/errors.js';
import { guardedPath, isInside, linkOnTheWay, unsafeRelativePath, unsafeSegment } from '../src/core/paths.js';
import { params } from './fuzz/arbitraries.js';
import { tempDir } from './helpers.js';

describe('unsafeSegment / unsafeRelativePath', () => {
  it('takes plain names and refuses every way out of a folder or into .git', () => {
    for (const ok of ['alpha', 'release-notes', 'a.b', '.hidden', '...x', 'git', '.gitignore', 'ab:c', 'é']) expect(unsafeSegment(ok), ok).toBeUndefined();
    for (const bad of ['', '.', '..', 'a/b', 'a\\b', '/abs', 'C:', 'c:evil', '.git', '.GIT', '.Git.', '.git ', 'git~1', 'a\0b', 'x'.repeat(256)]) expect(unsafeSegment(bad), JSON.stringify(bad)).toBeDefined();
    for (const ok of ['a', 'claude/skills/alpha/SKILL.md', '.skillc-manifest.json']) expect(unsafeRelativePath(ok), ok).toBeUndefined();
    for (const bad of ['', '/etc/passwd', '\\\\server\\share', 'C:/x', 'a//b', 'a/./b', 'a/../b', '../x', 'a/', 'a/.git/hooks/pre-commit', 'x\0y']) expect(unsafeRelativePath(bad), JSON.stringify(bad)).toBeDefined();
  });

  it('a path it takes always names something strictly inside its folder, never in a .git (property)', () => {
    const root = path.resolve('/work/root');
    const piece = fc.oneof(fc.constantFrom('..', '.', '', '.git', '.GIT', 'C:', '/', '\\', '\0', 'a', 'b.md', 'git~1'), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(fc.sample(fc.constantFrom('/', '', '\\'), 1)[0])), (rel) => {
        if (unsafeRelativePath(rel)) return;
        const abs = path.join(root, ...rel.split('/'));
        expect(isInside(abs, root) && abs !== root).toBe(true);
        expect(path.relative(root, abs).split(path.sep).some((s) => s.toLowerCase() === '.git')).toBe(false);
      }),
      params(),
    );
  });
});

describe('linkOnTheWay / guardedPath', () => {
  it('finds a link or a file on the way below the root (and at the path with self), never above it', () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, 'real/deeper'), { recursive: true });
    fs.symlinkSync(tempDir(), path.join(root, 'linked'));
    fs.writeFileSync(path.join(root, 'file'), '');
    expect(linkOnTheWay(root, path.join(root, 'real/deeper/x'))).toBeUndefined();
    expect(linkOnTheWay(root, path.join(root, 'missing/a/b'))).toBeUndefined();
    expect(linkOnTheWay(root, path.join(root, 'linked/x'))).toContain('is a symbolic link');
    expect(linkOnTheWay(root, path.join(root, 'linked'))).toBeUndefined();
    expect(linkOnTheWay(root, path.join(root, 'linked'), { self: true })).toContain('is a symbolic link');
    expect(linkOnTheWay(root, path.join(root, 'file/x'))).toContain('is not a folder');
    expect(linkOnTheWay(root, path.join(root, '../x'))).toContain('is outside');
    // The root itself, and what is above it, are the caller's.
    const above = tempDir();
    fs.symlinkSync(root, path.join(above, 'link-to-root'));
    expect(linkOnTheWay(path.join(above, 'link-to-root'), path.join(above, 'link-to-root/real/x'))).toBeUndefined();
    expect(() => guardedPath(root, '../x')).toThrow(UnsafePathError);
    expect(() => guardedPath(root, 'linked/x')).toThrow(/symbolic link/);
    expect(guardedPath(root, 'real/deeper/x')).toBe(path.join(root, 'real/deeper/x'));
  });
});

describe('writeFileAtomic', () => {
  it('replaces a file by rename (a new inode), keeps its mode, leaves no temporary file', () => {
    const dir = tempDir();
    const file = path.join(dir, 'SKILL.md');
    fs.writeFileSync(file, 'old');
    fs.chmodSync(file, 0o640);
    const ino = fs.statSync(file).ino;
    writeFileAtomic(file, 'new', { durable: true });
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(fs.statSync(file).ino).not.toBe(ino);
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(dir)).toEqual(['SKILL.md']);
    writeFileAtomic(path.join(dir, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    expect(fs.statSync(path.join(dir, 'run.sh')).mode & 0o777).toBe(0o755);
  });

  it('refuses a target that is a link or not a regular file, and writes nothing through it', () => {
    const dir = tempDir();
    const outside = path.join(tempDir(), 'victim.txt');
    fs.writeFileSync(outside, 'precious');
    fs.symlinkSync(outside, path.join(dir, 'SKILL.md'));
    expect(() => writeFileAtomic(path.join(dir, 'SKILL.md'), 'evil')).toThrow(UnsafePathError);
    expect(fs.readFileSync(outside, 'utf8')).toBe('precious');
    expect(fs.lstatSync(path.join(dir, 'SKILL.md')).isSymbolicLink()).toBe(true);
    fs.mkdirSync(path.join(dir, 'folder'));
    expect(() => writeFileAtomic(path.join(dir, 'folder'), 'x')).toThrow(/not a regular file/);
    expect(fs.readdirSync(dir).sort()).toEqual(['SKILL.md', 'folder']);
  });

  it('with `within`, makes missing folders one by one and refuses a link on the way', () => {
    const root = tempDir();
    writeFileAtomic(path.join(root, 'a/b/c.json'), '{}', { within: root });
    expect(fs.readFileSync(path.join(root, 'a/b/c.json'), 'utf8')).toBe('{}');
    const outside = tempDir();
    fs.symlinkSync(outside, path.join(root, 'node_modules'));
    expect(() => writeFileAtomic(path.join(root, 'node_modules/.cache/x.json'), '{}', { within: root })).toThrow(/symbolic link/);
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('createFileExclusive never opens an existing name, a planted link included', () => {
    const dir = tempDir();
    const outside = path.join(tempDir(), 'target');
    fs.symlinkSync(outside, path.join(dir, 'planted'));
    expect(() => createFileExclusive(path.join(dir, 'planted'), 'x')).toThrow(/EEXIST/);
    expect(fs.existsSync(outside)).toBe(false);
  });
});

describe('createFolderAtomic', () => {
  it('makes the folder whole by one rename, leaving no temporary folder', () => {
    const dir = tempDir();
    const dest = path.join(dir, 'skill');
    createFolderAtomic(dest, (tmp) => {
      expect(fs.existsSync(dest)).toBe(false);
      createFileExclusive(path.join(tmp, 'SKILL.md'), 'text');
    });
    expect(fs.readdirSync(dir)).toEqual(['skill']);
    expect(fs.readFileSync(path.join(dest, 'SKILL.md'), 'utf8')).toBe('text');
  });

  it('leaves nothing when filling fails, and never replaces a destination that appeared meanwhile', () => {
    const dir = tempDir();
    const dest = path.join(dir, 'skill');
    expect(() =>
      createFolderAtomic(dest, (tmp) => {
        createFileExclusive(path.join(tmp, 'a.md'), 'a');
        throw new Error('late failure');
      }),
    ).toThrow('late failure');
    expect(fs.readdirSync(dir)).toEqual([]);
    const outside = tempDir();
    expect(() => createFolderAtomic(dest, () => fs.symlinkSync(outside, dest))).toThrow(UnsafePathError);
    expect(fs.readdirSync(dir)).toEqual(['skill']);
    expect(fs.lstatSync(dest).isSymbolicLink()).toBe(true);
    expect(fs.readdirSync(outside)).toEqual([]);
  });
});
