import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTRIES } from './docs/api-doc.js';
import { cliEnv } from './helpers.js';

const repo = path.resolve(import.meta.dirname, '..');
const skillc = (args: string[]) => spawnSync(process.execPath, [path.join(repo, 'bin', 'skillc.js'), ...args], { cwd: repo, encoding: 'utf8', env: cliEnv() });

/** This repository's own skills: lint clean, and generated/ is what the build makes (CI refuses drift). */
describe("the repo's own skills-src/", () => {
  it('lint with no error and no warning', () => {
    const r = skillc(['lint', '--max-warnings', '0']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('generated/ has no drift (skillc build --check)', () => {
    const r = skillc(['build', '--check']);
    expect(r.stderr, 'run `npm run build:skills` and commit generated/').toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/generated\/ is up to date \(4 skills, 9 hosts, \d+ files\)/);
  });
});

/** `npm run build:skills` (package.json): build.ts through the public API, in one process after the freshness check. */
describe('the repo build script', () => {
  it('checks generated/ through the public API (`npm run build:skills -- --check`)', () => {
    const script = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['build:skills']!;
    // The script's own command, run with --check (writes nothing): node's flags as npm would pass them.
    const [cmd, ...argv] = script.split(' ');
    expect(cmd).toBe('node');
    const r = spawnSync(process.execPath, [...argv, '--check'], { cwd: repo, encoding: 'utf8', env: cliEnv() });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^build\.ts --check: generated\/ is up to date \(\d+ files\)\.$/m);
  });

  it("each compiled entry (package.json `exports`) exports its source's runtime names, as one module graph", async () => {
    for (const e of ENTRIES) {
      const built = (await import(pathToFileURL(path.join(repo, e.dist)).href)) as Record<string, unknown>;
      const source = (await import(pathToFileURL(path.join(repo, e.src)).href)) as Record<string, unknown>;
      expect(Object.keys(built).sort(), e.name).toEqual(Object.keys(source).sort());
    }
    // skillc re-exports skillc/plugin's defineRule: both entries give the one function (shared chunks, not two copies).
    const index = (await import(pathToFileURL(path.join(repo, 'dist/index.js')).href)) as { defineRule: unknown };
    const plugin = (await import(pathToFileURL(path.join(repo, 'dist/plugin.js')).href)) as { defineRule: unknown };
    expect(index.defineRule).toBe(plugin.defineRule);
  });
});
