// The lint cache, incremental builds and watch mode: correctness only (benchmarks live in bench/run.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/index.js';
import { LintCache } from '../../src/lint/cache.js';
import { sha256 } from '../../src/core/hash.js';
import { lint } from '../../src/lint/engine.js';
import { summarize } from '../../src/model/summary.js';
import { readSkill } from '../../src/parse/skill.js';
import { requiresOf } from '../../src/analysis/requires.js';
import { cliEnv } from '../helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repo, 'bin', 'skillc.js');
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function project(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-perf-'));
  made.push(dir);
  fs.cpSync(path.join(repo, 'test', 'fixtures', 'build', 'basic'), dir, { recursive: true });
  for (const sh of walk(dir).filter((f) => /\/scripts\/[^/]+\.sh$/.test(f))) fs.chmodSync(sh, 0o755);
  // A skill whose link reads another file (its anchor): a change there must invalidate it.
  const s = path.join(dir, 'skills-src', 'anchored');
  fs.mkdirSync(path.join(s, 'references'), { recursive: true });
  fs.writeFileSync(path.join(s, 'references', 'guide.md'), '# Guide\n\n## Setup\n\nSteps.\n');
  fs.writeFileSync(
    path.join(s, 'SKILL.md'),
    '---\nname: anchored\ndescription: Use when the user asks to set up the anchored widget for a project.\n---\n\n# Anchored\n\nSee [setup](references/guide.md#setup).\n',
  );
  return dir;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

const messages = (r: Awaited<ReturnType<typeof lint>>): string[] => r.files.flatMap((f) => f.messages.map((m) => `${path.basename(path.dirname(f.path))}:${m.line}:${m.ruleId}:${m.message}`));

describe('lint --cache', () => {
  it('reuses unchanged skills with the same report, and re-lints what a change touches', async () => {
    const dir = project();
    const cold = await lint({ cwd: dir });
    const first = await lint({ cwd: dir, cache: true });
    expect(first.cacheHits).toBe(0);
    expect(messages(first)).toEqual(messages(cold));
    const hits: string[] = [];
    const warm = await lint({ cwd: dir, cache: true, onCacheHit: (d) => hits.push(path.basename(d)) });
    expect(warm.cacheHits).toBe(3);
    expect(messages(warm)).toEqual(messages(cold));
    expect(fs.existsSync(path.join(dir, 'node_modules', '.cache', 'skillc', 'lint-cache.json'))).toBe(true);

    // A changed SKILL.md: that skill only is linted again, and its new problem shows.
    const md = path.join(dir, 'skills-src', 'anchored', 'SKILL.md');
    fs.writeFileSync(md, fs.readFileSync(md, 'utf8').replace('name: anchored', 'name: Anchored_Bad'));
    hits.length = 0;
    const changed = await lint({ cwd: dir, cache: true, onCacheHit: (d) => hits.push(path.basename(d)) });
    expect(hits.sort()).toEqual(['changelog-style', 'release-notes']);
    expect(messages(changed)).toEqual(messages(await lint({ cwd: dir })));
    expect(messages(changed).some((m) => m.includes('frontmatter/name-format'))).toBe(true);
  });

  it('is invalidated by a file a rule read (the anchor target)', async () => {
    const dir = project();
    await lint({ cwd: dir, cache: true });
    fs.writeFileSync(path.join(dir, 'skills-src', 'anchored', 'references', 'guide.md'), '# Guide\n\n## Install\n\nSteps.\n');
    const hits: string[] = [];
    const r = await lint({ cwd: dir, cache: true, onCacheHit: (d) => hits.push(path.basename(d)) });
    expect(hits).not.toContain('anchored');
    expect(messages(r).some((m) => m.startsWith('anchored:') && m.includes('links/anchor'))).toBe(true);
    expect(messages(r)).toEqual(messages(await lint({ cwd: dir })));
  });

  it('is invalidated by a config change, and by a new bundled file', async () => {
    const dir = project();
    await lint({ cwd: dir, cache: true });
    const cfgPath = path.join(dir, 'skillc.config.json');
    const cfg = JSON.parse(fs.readFileSync(cfgPath, 'utf8'));
    cfg.rules = { 'source/skillc-block': 'off' };
    fs.writeFileSync(cfgPath, JSON.stringify(cfg));
    const afterConfig = await lint({ cwd: dir, cache: true });
    expect(afterConfig.cacheHits).toBe(0);
    expect(messages(afterConfig)).toEqual(messages(await lint({ cwd: dir })));

    fs.writeFileSync(path.join(dir, 'skills-src', 'anchored', 'stray.txt'), 'nobody links me\n');
    const hits: string[] = [];
    const r = await lint({ cwd: dir, cache: true, onCacheHit: (d) => hits.push(path.basename(d)) });
    expect(hits).not.toContain('anchored');
    expect(messages(r).some((m) => m.includes('links/unreferenced-file'))).toBe(true);
  });

  it('is invalidated by an edited plugin file and by another version of a program a rule runs', async () => {
    const dir = project();
    const plugin = path.join(dir, 'acme.mjs');
    const source = (word: string) =>
      `export default { prefix: 'acme', rules: [{ scope: 'skill', meta: { id: 'no-${word}', description: 'x', severity: 'warning', fixable: false, defaultOptions: {} }, check() {} }] };\n`;
    fs.writeFileSync(plugin, source('foo'));
    const cfgPath = path.join(dir, 'skillc.config.json');
    const cfg = JSON.parse(fs.readFileSync(cfgPath, 'utf8'));
    cfg.plugins = ['./acme.mjs'];
    fs.writeFileSync(cfgPath, JSON.stringify(cfg));
    await lint({ cwd: dir, cache: true });
    expect((await lint({ cwd: dir, cache: true })).cacheHits).toBeGreaterThan(0);
    fs.writeFileSync(plugin, `${source('foo')}// edited\n`);
    expect((await lint({ cwd: dir, cache: true })).cacheHits).toBe(0);

    // A fake shellcheck whose version changes: scripts/shellcheck's results depend on it.
    const fake = path.join(dir, 'fake-shellcheck');
    const version = (v: string) => fs.writeFileSync(fake, `#!/bin/sh\ncase "$1" in --version) echo "version: ${v}";; *) echo "shellcheck help";; esac\n`, { mode: 0o755 });
    version('0.9.0');
    cfg.rules = { 'scripts/shellcheck': ['warning', { path: fake }] };
    fs.writeFileSync(cfgPath, JSON.stringify(cfg));
    // In a fresh process each time: the program's version is asked once per process.
    const hitsInFreshProcess = (): number => {
      const engine = pathToFileURL(path.join(repo, 'dist', 'lint', 'engine.js')).href;
      const code = `const { lint } = await import(${JSON.stringify(engine)}); const r = await lint({ cwd: ${JSON.stringify(dir)}, cache: true }); console.log(r.cacheHits);`;
      return Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }).trim());
    };
    hitsInFreshProcess();
    expect(hitsInFreshProcess()).toBeGreaterThan(0);
    version('0.10.0');
    expect(hitsInFreshProcess()).toBe(0);
  });

  it('works with --fix: fixes what the cache says is fixable, caches the fixed files, never with --fix-dry-run', async () => {
    const dir = project();
    const skillMd = path.join(dir, 'skills-src', 'anchored', 'SKILL.md');
    fs.writeFileSync(skillMd, fs.readFileSync(skillMd, 'utf8').replace('(references/guide.md#setup)', '(references\\guide.md#setup)'));
    const first = await lint({ cwd: dir, cache: true });
    expect(messages(first).some((m) => m.includes('links/backslash'))).toBe(true);
    const dry = await lint({ cwd: dir, cache: true, fixDryRun: true });
    expect(dry.cacheHits).toBeUndefined();
    const hits: string[] = [];
    const fixed = await lint({ cwd: dir, cache: true, fix: true, onCacheHit: (d) => hits.push(path.basename(d)) });
    expect(hits).not.toContain('anchored');
    expect(hits.length).toBeGreaterThan(0);
    expect(fs.readFileSync(skillMd, 'utf8')).toContain('(references/guide.md#setup)');
    expect(messages(fixed).some((m) => m.includes('links/backslash'))).toBe(false);
    // The fixed file was cached as fixed: the next run reuses every skill, with the same report.
    const again = await lint({ cwd: dir, cache: true });
    expect(again.cacheHits).toBe(again.summaries!.length);
    expect(messages(again)).toEqual(messages(await lint({ cwd: dir })));
  });

  it('ignores a corrupt cache file, and honours --cache-location', async () => {
    const dir = project();
    const location = path.join(dir, 'my-cache.json');
    await lint({ cwd: dir, cache: true, cacheLocation: location });
    expect(fs.existsSync(location)).toBe(true);
    for (const junk of ['{not json', '{"format":1,"key":"x","entries":[]}', JSON.stringify({ format: 1, key: JSON.parse(fs.readFileSync(location, 'utf8')).key, entries: { [path.join(dir, 'skills-src', 'anchored')]: { text: 1 } } })]) {
      fs.writeFileSync(location, junk);
      const r = await lint({ cwd: dir, cache: true, cacheLocation: location });
      expect(r.internalErrors).toBe(0);
      expect(messages(r)).toEqual(messages(await lint({ cwd: dir })));
    }
  });
});

describe('lint --cache stamps', () => {
  /** Sets every file and folder under `root` an hour back: older than the window in which a stamp is not trusted. */
  const ageTree = (root: string): void => {
    const t = new Date(Date.now() - 3600_000);
    const visit = (p: string): void => {
      if (fs.lstatSync(p).isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
      fs.utimesSync(p, t, t);
    };
    visit(root);
  };
  const entryOf = (dir: string, skill: string): { stamps?: [string, ...number[]][] } => {
    const file = path.join(dir, 'node_modules', '.cache', 'skillc', 'lint-cache.json');
    return JSON.parse(fs.readFileSync(file, 'utf8')).entries[path.join(dir, 'skills-src', skill)];
  };
  const hitsOf = async (dir: string): Promise<{ hits: string[]; report: string[] }> => {
    const hits: string[] = [];
    const r = await lint({ cwd: dir, cache: true, onCacheHit: (d) => hits.push(path.basename(d)) });
    return { hits, report: messages(r) };
  };

  it('stamps an entry verified by content, then trusts the stamps: the files are not read again', async () => {
    const dir = project();
    await lint({ cwd: dir, cache: true });
    // Modified just now: too recent to stamp (an edit in the same clock tick could keep the stamp).
    const now = new Date();
    fs.utimesSync(path.join(dir, 'skills-src', 'anchored', 'SKILL.md'), now, now);
    await lint({ cwd: dir, cache: true });
    expect(entryOf(dir, 'anchored').stamps).toBeUndefined();
    ageTree(path.join(dir, 'skills-src'));
    await lint({ cwd: dir, cache: true });
    const stamps = entryOf(dir, 'anchored').stamps!;
    expect(stamps.map((s) => s[0]).sort()).toEqual(['.', 'SKILL.md', 'references', 'references/guide.md']);

    const md = path.join(dir, 'skills-src', 'anchored', 'SKILL.md');
    const guide = path.join(dir, 'skills-src', 'anchored', 'references', 'guide.md');
    const read = vi.spyOn(fs, 'readFileSync');
    try {
      const { hits, report } = await hitsOf(dir);
      expect(hits).toContain('anchored');
      const paths = read.mock.calls.map((c) => String(c[0]));
      expect(paths).not.toContain(md);
      expect(paths).not.toContain(guide);
      expect(report).toEqual(messages(await lint({ cwd: dir })));
    } finally {
      read.mockRestore();
    }
  });

  it('re-lints when a stamp changes: a same-size edit with its mtime set back, a new file, a chmod', async () => {
    const dir = project();
    const skill = path.join(dir, 'skills-src', 'anchored');
    const stamped = async (): Promise<void> => {
      ageTree(path.join(dir, 'skills-src'));
      await lint({ cwd: dir, cache: true });
      expect(entryOf(dir, 'anchored').stamps).toBeDefined();
    };
    await lint({ cwd: dir, cache: true });
    await stamped();

    // The anchor target, same size, mtime restored: only its ctime tells.
    const guide = path.join(skill, 'references', 'guide.md');
    const { mtime } = fs.statSync(guide);
    fs.writeFileSync(guide, fs.readFileSync(guide, 'utf8').replace('## Setup', '## Stuff'));
    fs.utimesSync(guide, mtime, mtime);
    let r = await hitsOf(dir);
    expect(r.hits).not.toContain('anchored');
    expect(r.report.some((m) => m.startsWith('anchored:') && m.includes('links/anchor'))).toBe(true);
    expect(r.report).toEqual(messages(await lint({ cwd: dir })));

    await stamped();
    fs.writeFileSync(path.join(skill, 'stray.txt'), 'nobody links me\n');
    r = await hitsOf(dir);
    expect(r.hits).not.toContain('anchored');
    expect(r.report.some((m) => m.startsWith('anchored:') && m.includes('links/unreferenced-file'))).toBe(true);

    await stamped();
    fs.chmodSync(guide, 0o755);
    r = await hitsOf(dir);
    expect(r.hits).not.toContain('anchored');
    expect(r.report).toEqual(messages(await lint({ cwd: dir })));
  });
});

describe('lint cache file', () => {
  it('stores summaries compactly (ranges as numbers) and reads back the same summaries', () => {
    const dir = project();
    const skillDir = path.join(dir, 'skills-src', 'anchored');
    const md = path.join(skillDir, 'SKILL.md');
    fs.appendFileSync(md, '\nSee `release-notes`, `/changelog-style` and `../release-notes/SKILL.md`.\n');
    const skill = readSkill(skillDir);
    const summary = summarize(skill, requiresOf(skill));
    expect(summary.inlineCode.length).toBe(3);
    expect(summary.frontmatter?.fields.length).toBeGreaterThan(0);
    const file = path.join(dir, 'cache.json');
    const cache = new LintCache(file, 'k');
    const entry = { text: 't', bundle: 'b', reads: [], exists: [], summary, summaryHash: 'h', diagnostics: [], suppressions: false };
    cache.store(skillDir, entry);
    cache.save([skillDir]);
    // The in-memory summary (watch mode keeps it) is untouched by the save.
    expect(JSON.stringify(entry.summary)).toBe(JSON.stringify(summarize(skill, requiresOf(skill))));
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).not.toContain('"offset"');
    const again = new LintCache(file, 'k').lookup(skillDir, () => undefined, () => [], true);
    // Same values, same key order: the catalog rules see the very same summary.
    expect(JSON.stringify(again?.summary)).toBe(JSON.stringify(summary));
    // Saving a cache read back (entries not looked up stay packed) gives the same file.
    const other = new LintCache(file, 'k');
    other.storeCatalog('c', [], 0);
    other.save([skillDir]);
    const reread = new LintCache(file, 'k').lookup(skillDir, () => undefined, () => [], true);
    expect(JSON.stringify(reread?.summary)).toBe(JSON.stringify(summary));
    // An entry looked up (its summary unpacked) is written again as it was read, not packed anew.
    const before = fs.readFileSync(file, 'utf8');
    const looked = new LintCache(file, 'k');
    expect(JSON.stringify(looked.lookup(skillDir, () => undefined, () => [], true)?.summary)).toBe(JSON.stringify(summary));
    looked.storeCatalog('d', [], 0);
    looked.save([skillDir]);
    // Only the catalog (and so its MAC) changed: the entry's JSON, and so its MAC, is the one read.
    const withoutCatalogMac = (text: string): string => text.replace(/"catalogMac":"[0-9a-f]+"/, '');
    expect(withoutCatalogMac(fs.readFileSync(file, 'utf8'))).toBe(withoutCatalogMac(before.replace('"key":"c"', '"key":"d"')));
  });
});

describe('incremental build', () => {
  const snapshot = (root: string): Record<string, string> =>
    Object.fromEntries(walk(root).map((f) => [path.relative(root, f), `${fs.statSync(f).mode & 0o111 ? 'x' : '-'}${fs.readFileSync(f).toString('base64')}`]));

  it('gives byte for byte the output of a clean build, after edits, additions and removals', async () => {
    const dir = project();
    const first = await build({ cwd: dir, incremental: true });
    expect(first.errorCount).toBe(0);
    expect(first.written).toBe(true);

    // Nothing changed: everything reused, nothing written.
    const again = await build({ cwd: dir, incremental: true });
    expect(again.reused).toBe(3);
    expect(again.written).toBe(false);

    // One skill edited, one removed, one bundled file added.
    const md = path.join(dir, 'skills-src', 'release-notes', 'SKILL.md');
    fs.appendFileSync(md, '\nOne more line.\n');
    fs.rmSync(path.join(dir, 'skills-src', 'anchored'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'skills-src', 'changelog-style', 'extra.md'), '# Extra\n');
    const inc = await build({ cwd: dir, incremental: true });
    expect(inc.errorCount).toBe(0);
    expect(inc.written).toBe(true);
    const clean = await build({ cwd: dir, out: 'clean-out' });
    expect(clean.written).toBe(true);
    expect(snapshot(path.join(dir, 'generated'))).toEqual(snapshot(path.join(dir, 'clean-out')));
  });

  it('re-emits hand-edited outputs (a rebuild repairs drift)', async () => {
    const dir = project();
    await build({ cwd: dir, incremental: true });
    const edited = path.join(dir, 'generated', 'claude', 'skills', 'anchored', 'SKILL.md');
    const before = fs.readFileSync(edited);
    fs.appendFileSync(edited, 'hand edit\n');
    const r = await build({ cwd: dir, incremental: true });
    expect(r.written).toBe(true);
    expect(fs.readFileSync(edited).equals(before)).toBe(true);
    const check = await build({ cwd: dir, incremental: true, check: true });
    expect(check.drift).toEqual({ changed: [], missing: [], extra: [], foreign: [] });
  });

  /** Backdates every output, so their stats are old enough to be trusted (a just-written file is not). */
  const age = (root: string, seconds = 3600): void => {
    const t = new Date(Date.now() - seconds * 1000);
    for (const f of walk(root)) fs.utimesSync(f, t, t);
  };
  const cacheOf = (dir: string): { skills: Record<string, { outputs: [string, string, number, [number, number, number]?][] }> } => {
    const folder = path.join(dir, 'node_modules', '.cache', 'skillc');
    const file = fs.readdirSync(folder).find((f) => f.startsWith('build-'))!;
    return JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
  };
  const statOf = (dir: string, rel: string): [number, number, number] | undefined =>
    Object.values(cacheOf(dir).skills)
      .flatMap((s) => s.outputs)
      .find((o) => o[0] === rel)?.[3];

  it('records output stats, trusts them, and repairs a same-size hand edit (new mtime)', async () => {
    const dir = project();
    await build({ cwd: dir, incremental: true });
    const out = path.join(dir, 'generated');
    const rel = 'claude/skills/anchored/SKILL.md';
    // Just written: too recent to trust, so no stat yet.
    expect(statOf(dir, rel)).toBeUndefined();
    age(out);
    const verified = await build({ cwd: dir, incremental: true });
    expect(verified.written).toBe(false);
    const st = fs.statSync(path.join(out, rel));
    expect(statOf(dir, rel)).toEqual([st.size, st.mtimeMs, st.ino]);

    // Stats trusted: nothing read back, the same result.
    const trusted = await build({ cwd: dir, incremental: true });
    expect(trusted.reused).toBe(3);
    expect(trusted.written).toBe(false);
    // Trusted outputs are read only on demand (their bytes are a getter, not yet read).
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the getter is only tested for presence, never called
    const lazy = trusted.files.filter((f) => Object.getOwnPropertyDescriptor(f, 'data')?.get);
    expect(lazy.map((f) => f.path)).toContain(rel);
    expect(lazy.find((f) => f.path === rel)!.data.equals(fs.readFileSync(path.join(out, rel)))).toBe(true);

    // A hand edit of the same size: the mtime moves, so the file is hashed again and repaired.
    const file = path.join(out, rel);
    const before = fs.readFileSync(file);
    const edited = Buffer.from(before);
    edited[edited.length - 2] = edited[edited.length - 2] === 0x41 ? 0x42 : 0x41;
    fs.writeFileSync(file, edited);
    expect(fs.statSync(file).size).toBe(before.length);
    const repaired = await build({ cwd: dir, incremental: true });
    expect(repaired.written).toBe(true);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const check = await build({ cwd: dir, check: true });
    expect(check.drift).toEqual({ changed: [], missing: [], extra: [], foreign: [] });
  });

  it('reuses a touched but identical output without writing, and trusts its new stat', async () => {
    const dir = project();
    await build({ cwd: dir, incremental: true });
    const out = path.join(dir, 'generated');
    age(out);
    await build({ cwd: dir, incremental: true });
    const rel = 'claude/skills/anchored/SKILL.md';
    const old = statOf(dir, rel)!;
    const t = new Date(Date.now() - 1800 * 1000);
    fs.utimesSync(path.join(out, rel), t, t);
    const r = await build({ cwd: dir, incremental: true });
    expect(r.reused).toBe(3);
    expect(r.written).toBe(false);
    const now = statOf(dir, rel)!;
    expect(now[1]).not.toBe(old[1]);
    expect(now[1]).toBe(fs.statSync(path.join(out, rel)).mtimeMs);
  });

  it('gives a clean build byte for byte when trusted outputs are linked into a new tree', async () => {
    const dir = project();
    await build({ cwd: dir, incremental: true });
    age(path.join(dir, 'generated'));
    await build({ cwd: dir, incremental: true });
    fs.appendFileSync(path.join(dir, 'skills-src', 'release-notes', 'SKILL.md'), '\nOne more line.\n');
    const inc = await build({ cwd: dir, incremental: true });
    expect(inc.written).toBe(true);
    expect(inc.reused).toBe(2);
    expect((await build({ cwd: dir, out: 'clean-out' })).written).toBe(true);
    expect(snapshot(path.join(dir, 'generated'))).toEqual(snapshot(path.join(dir, 'clean-out')));
  });

  it('build --check compares every byte (a same-size, same-mtime edit) and writes no cache', async () => {
    const dir = project();
    await build({ cwd: dir, incremental: true });
    const out = path.join(dir, 'generated');
    age(out);
    await build({ cwd: dir, incremental: true });
    const folder = path.join(dir, 'node_modules', '.cache', 'skillc');
    const cacheBefore = Object.fromEntries(fs.readdirSync(folder).map((f) => [f, fs.readFileSync(path.join(folder, f), 'utf8')]));
    const file = path.join(out, 'claude', 'skills', 'anchored', 'SKILL.md');
    const st = fs.statSync(file);
    const edited = fs.readFileSync(file);
    edited[edited.length - 2] = edited[edited.length - 2] === 0x41 ? 0x42 : 0x41;
    fs.writeFileSync(file, edited);
    fs.utimesSync(file, st.atime, st.mtime);
    const check = await build({ cwd: dir, incremental: true, check: true });
    expect(check.drift?.changed).toEqual(['claude/skills/anchored/SKILL.md']);
    expect(Object.fromEntries(fs.readdirSync(folder).map((f) => [f, fs.readFileSync(path.join(folder, f), 'utf8')]))).toEqual(cacheBefore);
  });
});

describe('--watch', () => {
  // No time limit (a loaded machine may take any time for a run): the wait ends when the output says
  // so, or fails when the watcher exits first (a crash, or test/child-bound.ts killing a hung one).
  function waitFor(proc: ReturnType<typeof spawn>, text: () => string, pred: (s: string) => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (): void => {
        proc.stdout!.off('data', check);
        proc.stderr!.off('data', check);
        proc.off('exit', exited);
      };
      const check = (): void => {
        if (!pred(text())) return;
        done();
        resolve();
      };
      const exited = (code: number | null, signal: NodeJS.Signals | null): void => {
        done();
        reject(new Error(`the watcher exited (${signal ?? code}) before it was seen; output so far:\n${text()}`));
      };
      proc.stdout!.on('data', check);
      proc.stderr!.on('data', check);
      proc.on('exit', exited);
      check();
    });
  }

  for (const command of ['lint', 'build'] as const) {
    it(`skillc ${command} --watch re-runs after a change, a rename and a delete`, async () => {
      const dir = project();
      const proc = spawn(process.execPath, [bin, command, '--watch', '--no-color'], { cwd: dir, env: cliEnv() });
      let out = '';
      proc.stdout.on('data', (d) => (out += d));
      proc.stderr.on('data', (d) => (out += d));
      try {
        await waitFor(proc, () => out, (s) => s.includes('run 1 '));
        const md = path.join(dir, 'skills-src', 'anchored', 'SKILL.md');
        fs.writeFileSync(md, fs.readFileSync(md, 'utf8').replace(/^description: .*$/m, 'description: TODO'));
        await waitFor(proc, () => out, (s) => /run 2 /.test(s));
        expect(out.slice(out.indexOf('run 1 '))).toMatch(/description/);
        // Rename the skill folder, then delete it: each is a new run, and the report follows.
        fs.renameSync(path.join(dir, 'skills-src', 'anchored'), path.join(dir, 'skills-src', 'renamed'));
        await waitFor(proc, () => out, (s) => /run 3 /.test(s));
        fs.rmSync(path.join(dir, 'skills-src', 'renamed'), { recursive: true });
        await waitFor(proc, () => out, (s) => /run 4 /.test(s));
        const last = out.slice(out.lastIndexOf('run 3 '));
        expect(last).not.toMatch(/renamed\/SKILL\.md/);
        if (command === 'build') {
          await waitFor(proc, () => out, () => !fs.existsSync(path.join(dir, 'generated', 'claude', 'skills', 'anchored')));
        }
      } finally {
        proc.kill('SIGTERM');
      }
      const code = await new Promise<number | null>((r) => proc.on('exit', (c) => r(c)));
      expect(code).not.toBeNull();
    });
  }

  it('reads summaries under another run key only from entries whose MAC holds under the key they were written with', () => {
    const dir = project();
    const skillDir = path.join(dir, 'skills-src', 'anchored');
    const bytes = fs.readFileSync(path.join(skillDir, 'SKILL.md'));
    const skill = readSkill(skillDir);
    const summary = summarize(skill, requiresOf(skill));
    const secret = Buffer.alloc(32, 7);
    const file = path.join(dir, 'cache.json');
    const writer = new LintCache(file, 'a', { secret });
    writer.storeSummary(skillDir, { text: sha256(bytes), summary, summaryHash: 'h' }, false);
    writer.save([skillDir]);
    const read = (key: string, guest: boolean) => new LintCache(file, key, { guest, secret }).summaryOf(skillDir, () => bytes, false);
    // Authentic: read by a guest under another key, and kept by an owner that takes its own key.
    expect(read('b', true)?.summaryHash).toBe('h');
    expect(read('a', false)?.summaryHash).toBe('h');
    const owner = new LintCache(file, 'b', { secret });
    expect(owner.summaryOf(skillDir, () => bytes, false)?.summaryHash).toBe('h');
    owner.save([skillDir]);
    // The summary part the owner wrote carries its own MAC, under the new key.
    expect(read('b', false)?.summaryHash).toBe('h');
    expect(read('c', true)?.summaryHash).toBe('h');
    // Edited (or made on another machine): nothing is read, under any key, in any mode.
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Record<string, { summaryHash: string }> };
    raw.entries[skillDir]!.summaryHash = 'forged';
    fs.writeFileSync(file, JSON.stringify(raw));
    for (const [key, guest] of [['b', false], ['b', true], ['c', true], ['c', false]] as const) expect(read(key, guest)).toBeUndefined();
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('forged', 'h'));
    expect(new LintCache(file, 'x', { guest: true, secret: Buffer.alloc(32, 8) }).summaryOf(skillDir, () => bytes, false)).toBeUndefined();
  });
});

describe('summaries of full entries (the language server, --changed)', () => {
  it('re-reads an unstamped full entry\'s SKILL.md once a process, and again when it changed', async () => {
    const dir = project();
    // Older than a clock tick: a stamp taken now holds (a file written within the tick is read again).
    const past = new Date(Date.now() - 60_000);
    for (const f of walk(dir)) fs.utimesSync(f, past, past);
    await lint({ cwd: dir, cache: true });
    const file = path.join(dir, 'node_modules', '.cache', 'skillc', 'lint-cache.json');
    const skillDir = path.join(dir, 'skills-src', 'anchored');
    const md = path.join(skillDir, 'SKILL.md');
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Record<string, { stamps?: unknown; diagnostics?: unknown }> };
    // A cold lint's entries are full and carry no stamps: the case this covers.
    expect(written.entries[skillDir]?.diagnostics).toBeDefined();
    expect(written.entries[skillDir]?.stamps).toBeUndefined();
    const guest = new LintCache(file, 'another-run-key', { guest: true, root: dir });
    let reads = 0;
    const bytes = (): Buffer => {
      reads++;
      return fs.readFileSync(md);
    };
    const summary = guest.summaryOf(skillDir, bytes, true)?.summary;
    expect(summary).toBeDefined();
    expect(guest.summaryOf(skillDir, bytes, true)?.summary).toEqual(summary);
    expect(reads).toBe(1);
    // Changed on disk (same age, other size): read again, and the old summary no longer answers.
    fs.writeFileSync(md, fs.readFileSync(md, 'utf8').replace('anchored widget', 'anchored widget, edited'));
    fs.utimesSync(md, past, past);
    expect(guest.summaryOf(skillDir, bytes, true)).toBeUndefined();
    expect(reads).toBe(2);
    // Nothing of it is written: the file's entry still has no stamps.
    guest.save([skillDir]);
    const after = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Record<string, { stamps?: unknown }> };
    expect(after.entries[skillDir]?.stamps).toBeUndefined();
  });
});
