// Incremental builds and watch mode update the output folder in place: only the changed
// skills' folders are replaced (per host, a per-folder swap), catalog and manifest files
// by rename. These tests hold that to a clean build, byte for byte, and to its journal.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build, type BuildOptions } from '../../src/build/index.js';
import { recoverInterruptedSwap } from '../../src/build/output.js';
import type { LintSession } from '../../src/lint/cache.js';
import { bin, diffSnapshots, snapshot, swapLeftovers, tempProject } from './helpers.js';
import { cliEnv } from '../helpers.js';

const HOSTS = ['agentskills', 'claude', 'codex'];

function skillMd(name: string, extra = ''): string {
  return `---\nname: ${name}\ndescription: Use when the user asks for the ${name.replace(/-/g, ' ')} report of a repository.\n---\n\n# ${name}\n\nRead [the guide](references/guide.md).${extra}\n`;
}

/** A project of six skills for three hosts, each with a reference; one has a script (run bit). */
function project(): string {
  const files: Record<string, string> = {
    'skillc.config.json': JSON.stringify({ sources: 'skills-src', out: 'generated', hosts: HOSTS, plugin: { name: 'update-fixture' } }),
  };
  for (const name of ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot']) {
    files[`skills-src/${name}/SKILL.md`] = skillMd(name);
    files[`skills-src/${name}/references/guide.md`] = `# ${name} guide\n\nSteps.\n`;
  }
  files['skills-src/alpha/scripts/run.sh'] = '#!/bin/sh\necho alpha\n';
  const dir = tempProject(files);
  fs.chmodSync(path.join(dir, 'skills-src/alpha/scripts/run.sh'), 0o755);
  return dir;
}

const src = (dir: string, rel: string): string => path.join(dir, 'skills-src', rel);
const out = (dir: string): string => path.join(dir, 'generated');

/** A clean, whole-tree build of the same sources into another folder, for comparison. */
async function clean(dir: string): Promise<Map<string, { data: Buffer; exec: boolean }>> {
  fs.rmSync(path.join(dir, 'clean-out'), { recursive: true, force: true });
  const r = await build({ cwd: dir, out: 'clean-out' });
  expect(r.errorCount).toBe(0);
  return snapshot(path.join(dir, 'clean-out'));
}

/** Every folder under the output, relative: an update must not leave empty ones behind where a clean build has none. */
function folders(root: string): string[] {
  const found: string[] = [];
  const walk = (abs: string, rel: string): void => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      found.push(`${rel}${e.name}/`);
      walk(path.join(abs, e.name), `${rel}${e.name}/`);
    }
  };
  walk(root, '');
  return found.sort();
}

/** The manifest lists exactly the files skillc wrote, and each with its bytes' hash. */
function manifestHolds(root: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.skillc-manifest.json'), 'utf8')) as { files: Record<string, string> };
  for (const rel of Object.keys(manifest.files)) expect(fs.existsSync(path.join(root, rel)), rel).toBe(true);
}

/** Builds incrementally and reports whether the write was an in-place update (a stage folder beside the output). */
async function incremental(dir: string, extra: Partial<BuildOptions> = {}): Promise<{ inPlace: boolean; result: Awaited<ReturnType<typeof build>> }> {
  let inPlace = false;
  const result = await build({
    cwd: dir,
    incremental: true,
    beforeSwap: () => {
      inPlace = swapLeftovers(out(dir)).some((s) => s.startsWith('generated.skillc-stage-'));
    },
    ...extra,
  });
  expect(result.errorCount).toBe(0);
  return { inPlace, result };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('build: in-place updates', () => {
  it('replaces only the changed skills\' folders and gives a clean build byte for byte', async () => {
    const dir = project();
    const first = await incremental(dir);
    expect(first.inPlace).toBe(false); // nothing to update: a whole tree
    const inode = (rel: string): number => fs.statSync(path.join(out(dir), rel)).ino;
    const untouched = inode('claude/skills/delta/SKILL.md');

    // An edited SKILL.md, a new bundled file, a run bit taken away.
    fs.appendFileSync(src(dir, 'bravo/SKILL.md'), '\nOne more line.\n');
    fs.writeFileSync(src(dir, 'charlie/references/extra.md'), '# Extra\n');
    fs.chmodSync(src(dir, 'alpha/scripts/run.sh'), 0o644);
    const second = await incremental(dir);
    expect(second.inPlace).toBe(true);
    expect(second.result.written).toBe(true);
    expect(second.result.reused).toBe(3);
    expect(diffSnapshots(snapshot(out(dir)), await clean(dir))).toEqual([]);
    expect(folders(out(dir))).toEqual(folders(path.join(dir, 'clean-out')));
    expect(swapLeftovers(out(dir))).toEqual([]);
    manifestHolds(out(dir));
    // The other skills' outputs were not written again.
    expect(inode('claude/skills/delta/SKILL.md')).toBe(untouched);

    // Nothing changed: nothing written.
    const third = await incremental(dir);
    expect(third.result.written).toBe(false);
  });

  it('removes the outputs of a deleted or renamed skill, empty folders included', async () => {
    const dir = project();
    await incremental(dir);
    fs.rmSync(src(dir, 'echo'), { recursive: true });
    const removed = await incremental(dir);
    expect(removed.inPlace).toBe(true);
    for (const host of ['agentskills/echo', 'claude/skills/echo', 'codex/echo']) expect(fs.existsSync(path.join(out(dir), host))).toBe(false);
    expect(diffSnapshots(snapshot(out(dir)), await clean(dir))).toEqual([]);

    // Renamed: folder and name.
    fs.renameSync(src(dir, 'foxtrot'), src(dir, 'golf'));
    fs.writeFileSync(src(dir, 'golf/SKILL.md'), skillMd('golf'));
    const renamed = await incremental(dir);
    expect(renamed.inPlace).toBe(true);
    expect(fs.existsSync(path.join(out(dir), 'claude/skills/foxtrot'))).toBe(false);
    expect(fs.existsSync(path.join(out(dir), 'claude/skills/golf/SKILL.md'))).toBe(true);
    expect(diffSnapshots(snapshot(out(dir)), await clean(dir))).toEqual([]);
    expect(folders(out(dir))).toEqual(folders(path.join(dir, 'clean-out')));
    const catalog = JSON.parse(fs.readFileSync(path.join(out(dir), 'catalog.json'), 'utf8')) as { skills: { name: string }[] };
    expect(catalog.skills.map((s) => s.name)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'golf']);
    manifestHolds(out(dir));
  });

  it('in a watch session (changed paths known), follows edits, renames and deletes like a clean build', async () => {
    const dir = project();
    const session: LintSession = {};
    const run = async (changed?: string[]): Promise<void> => {
      if (changed) session.changed = new Set(changed);
      else delete session.changed;
      const r = await build({ cwd: dir, incremental: true, session });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(diffSnapshots(snapshot(out(dir)), await clean(dir))).toEqual([]);
      expect(folders(out(dir))).toEqual(folders(path.join(dir, 'clean-out')));
      manifestHolds(out(dir));
    };
    await run();
    fs.appendFileSync(src(dir, 'bravo/SKILL.md'), '\nEdited.\n');
    await run([src(dir, 'bravo/SKILL.md')]);
    fs.writeFileSync(src(dir, 'delta/references/guide.md'), '# delta guide\n\nOther steps.\n');
    await run([src(dir, 'delta/references/guide.md')]);
    fs.renameSync(src(dir, 'charlie'), src(dir, 'hotel'));
    fs.writeFileSync(src(dir, 'hotel/SKILL.md'), skillMd('hotel'));
    await run([src(dir, 'charlie'), src(dir, 'hotel'), src(dir, 'hotel/SKILL.md')]);
    fs.rmSync(src(dir, 'echo'), { recursive: true });
    await run([src(dir, 'echo')]);
    // A run whose lint fails writes nothing; its changes stay pending for the next run
    // (bravo's edit is not among the next run's changed paths, yet it is built then).
    fs.writeFileSync(src(dir, 'alpha/SKILL.md'), skillMd('alpha').replace('name: alpha', 'name: Alpha_Bad'));
    fs.appendFileSync(src(dir, 'bravo/SKILL.md'), '\nEdited while alpha was broken.\n');
    session.changed = new Set([src(dir, 'alpha/SKILL.md'), src(dir, 'bravo/SKILL.md')]);
    const failed = await build({ cwd: dir, incremental: true, session });
    expect(failed.errorCount).toBeGreaterThan(0);
    expect(failed.written).toBe(false);
    fs.writeFileSync(src(dir, 'alpha/SKILL.md'), skillMd('alpha', '\n\nFixed.'));
    await run([src(dir, 'alpha/SKILL.md')]);
    expect(fs.readFileSync(path.join(out(dir), 'claude/skills/alpha/SKILL.md'), 'utf8')).toContain('Fixed.');
    expect(fs.readFileSync(path.join(out(dir), 'claude/skills/bravo/SKILL.md'), 'utf8')).toContain('Edited while alpha was broken.');
    // Another build wrote the folder meanwhile: the session checks every output again.
    await build({ cwd: dir, incremental: false });
    fs.appendFileSync(path.join(out(dir), 'codex/delta/SKILL.md'), 'hand edit\n');
    fs.utimesSync(path.join(out(dir), '.skillc-manifest.json'), new Date(), new Date(Date.now() - 5000));
    await run([]);
  });

  it('keeps files skillc did not write, inside replaced and removed skill folders too, as a whole-tree build does', async () => {
    const dir = project();
    await incremental(dir);
    const foreign: Record<string, string> = {
      'NOTES.txt': 'kept by hand\n',
      'claude/README.md': '# mine\n',
      'claude/skills/bravo/handmade.md': '# in a replaced folder\n',
      'claude/skills/bravo/deep/er/note.md': 'deep\n',
      'codex/echo/handmade.md': '# in a removed folder\n',
      'agentskills/delta/untouched.md': '# in an untouched folder\n',
    };
    for (const [rel, text] of Object.entries(foreign)) {
      fs.mkdirSync(path.dirname(path.join(out(dir), rel)), { recursive: true });
      fs.writeFileSync(path.join(out(dir), rel), text);
    }
    fs.symlinkSync('../../../../skills-src/bravo/SKILL.md', path.join(out(dir), 'claude/skills/bravo/source-link.md'));
    // The same change, once in place and once as a whole new tree (a copy of the project).
    const twin = tempProject({});
    fs.cpSync(dir, twin, { recursive: true, verbatimSymlinks: true });
    for (const d of [dir, twin]) {
      fs.appendFileSync(src(d, 'bravo/SKILL.md'), '\nEdited.\n');
      fs.rmSync(src(d, 'echo'), { recursive: true });
    }
    const update = await incremental(dir);
    expect(update.inPlace).toBe(true);
    const whole = await build({ cwd: twin, incremental: false });
    expect(whole.errorCount).toBe(0);
    expect(diffSnapshots(snapshot(out(dir)), snapshot(out(twin)))).toEqual([]);
    for (const [rel, text] of Object.entries(foreign)) expect(fs.readFileSync(path.join(out(dir), rel), 'utf8')).toBe(text);
    const link = path.join(out(dir), 'claude/skills/bravo/source-link.md');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link)).toBe('../../../../skills-src/bravo/SKILL.md');
    // Carried: the ones the update copied into new folders (the replaced bravo, the emptied echo).
    expect(update.result.carried.sort()).toEqual(['claude/skills/bravo/deep/er/note.md', 'claude/skills/bravo/handmade.md', 'claude/skills/bravo/source-link.md', 'codex/echo/handmade.md']);
    const manifest = JSON.parse(fs.readFileSync(path.join(out(dir), '.skillc-manifest.json'), 'utf8')) as { files: Record<string, string> };
    for (const rel of Object.keys(foreign)) expect(manifest.files).not.toHaveProperty(rel);
    expect(fs.existsSync(path.join(out(dir), 'codex/echo/SKILL.md'))).toBe(false);
  });
});

describe('build: an in-place update interrupted between its renames', () => {
  /** Makes the process "die" at the n-th rename: that rename and every later change to the disk fail. */
  function crashAtRename(n: number): void {
    let renames = 0;
    let dead = false;
    const die = (): never => {
      dead = true;
      throw new Error('killed (simulated)');
    };
    const rename = fs.renameSync.bind(fs);
    vi.spyOn(fs, 'renameSync').mockImplementation((a, b) => {
      if (dead || renames++ === n) die();
      rename(a, b);
    });
    for (const name of ['rmSync', 'rmdirSync', 'unlinkSync', 'linkSync', 'copyFileSync', 'writeFileSync', 'mkdirSync', 'symlinkSync'] as const) {
      const real = (fs[name] as (...args: unknown[]) => unknown).bind(fs);
      vi.spyOn(fs, name).mockImplementation(((...args: unknown[]) => (dead ? die() : real(...args))));
    }
  }

  /**
   * A project after one incremental build, with that build's output and caches saved, and
   * the edits the interrupted update makes (bravo edited, echo removed): the states before
   * and after, and a restore to before.
   */
  async function interruptedUpdate(dir: string) {
    await incremental(dir);
    const saved = path.join(dir, 'saved');
    fs.cpSync(out(dir), path.join(saved, 'generated'), { recursive: true });
    fs.cpSync(path.join(dir, 'node_modules'), path.join(saved, 'node_modules'), { recursive: true });
    const oldState = snapshot(out(dir));
    const restore = (): void => {
      for (const name of ['generated', 'node_modules']) {
        fs.rmSync(path.join(dir, name), { recursive: true, force: true });
        fs.cpSync(path.join(saved, name), path.join(dir, name), { recursive: true });
      }
    };
    fs.appendFileSync(src(dir, 'bravo/SKILL.md'), '\nEdited.\n');
    fs.rmSync(src(dir, 'echo'), { recursive: true });
    const newState = await clean(dir);
    return { oldState, newState, restore };
  }

  it('is repaired by the next build, wherever it stopped', async () => {
    const dir = project();
    // The last build's output and caches, to go back to before each try.
    const { oldState, newState, restore } = await interruptedUpdate(dir);
    /** Runs the update, killed at its n-th rename; false when it got through. */
    const killedAt = async (n: number): Promise<boolean> => {
      restore();
      crashAtRename(n);
      let threw = false;
      await build({ cwd: dir, incremental: true }).catch((e: Error) => {
        threw = true;
        expect(e.message).toBe('killed (simulated)');
      });
      vi.restoreAllMocks();
      return threw;
    };
    const states: string[] = [];
    for (let n = 0; n < 100; n++) {
      if (!(await killedAt(n))) {
        // Every rename went through: the update finished.
        expect(diffSnapshots(snapshot(out(dir)), newState)).toEqual([]);
        break;
      }
      const now = snapshot(out(dir));
      states.push(diffSnapshots(now, oldState).length === 0 ? 'old' : diffSnapshots(now, newState).length === 0 ? 'new' : 'mixed');
      // What every build does first: the folder and its manifest agree again (rolled back, or forward once committed).
      recoverInterruptedSwap(out(dir));
      const recovered = snapshot(out(dir));
      expect([diffSnapshots(recovered, oldState), diffSnapshots(recovered, newState)].some((d) => d.length === 0), `killed at rename ${n}`).toBe(true);
      expect(swapLeftovers(out(dir))).toEqual([]);
      manifestHolds(out(dir));
      // And the next build, left to itself, gives the clean build's tree.
      expect(await killedAt(n)).toBe(true);
      const next = await build({ cwd: dir, incremental: true });
      expect(next.errorCount).toBe(0);
      expect(diffSnapshots(snapshot(out(dir)), newState), `killed at rename ${n}`).toEqual([]);
      expect(folders(out(dir))).toEqual(folders(path.join(dir, 'clean-out')));
      expect(swapLeftovers(out(dir))).toEqual([]);
      manifestHolds(out(dir));
    }
    // The kills landed before, between and after the folder renames.
    expect(states.length).toBeGreaterThan(5);
    expect(states).toContain('mixed');
  });

  it('a recovery that is itself killed is finished by the next one', async () => {
    const dir = project();
    const { oldState, newState, restore } = await interruptedUpdate(dir);
    let checked = 0;
    // Kill the update at its n-th rename, then its recovery at the m-th: the next recovery must still get there.
    for (let n = 2; n < 100; n++) {
      let updateDone = false;
      for (let m = 0; m < 100; m++) {
        restore();
        for (const s of swapLeftovers(out(dir))) fs.rmSync(path.join(dir, s), { recursive: true, force: true });
        crashAtRename(n);
        const killed = await build({ cwd: dir, incremental: true }).then(
          () => false,
          () => true,
        );
        vi.restoreAllMocks();
        if (!killed) {
          updateDone = true;
          break;
        }
        crashAtRename(m);
        let recoveryKilled = false;
        try {
          recoverInterruptedSwap(out(dir));
        } catch {
          recoveryKilled = true;
        }
        vi.restoreAllMocks();
        recoverInterruptedSwap(out(dir));
        const recovered = snapshot(out(dir));
        expect([diffSnapshots(recovered, oldState), diffSnapshots(recovered, newState)].some((d) => d.length === 0), `update killed at ${n}, recovery at ${m}`).toBe(true);
        expect(swapLeftovers(out(dir))).toEqual([]);
        manifestHolds(out(dir));
        checked++;
        if (!recoveryKilled) break;
      }
      if (updateDone) break;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('a failing update (an error, not a kill) leaves the old output', async () => {
    const dir = project();
    await incremental(dir);
    const before = snapshot(out(dir));
    fs.appendFileSync(src(dir, 'bravo/SKILL.md'), '\nEdited.\n');
    let renames = 0;
    const rename = fs.renameSync.bind(fs);
    vi.spyOn(fs, 'renameSync').mockImplementation((a, b) => {
      // Fails once, mid-update (the third rename: a folder moved aside, the next not yet in).
      if (++renames === 3) throw Object.assign(new Error('EIO (simulated)'), { code: 'EIO' });
      rename(a, b);
    });
    await expect(build({ cwd: dir, incremental: true })).rejects.toThrow('EIO (simulated)');
    vi.restoreAllMocks();
    expect(diffSnapshots(snapshot(out(dir)), before)).toEqual([]);
    expect(swapLeftovers(out(dir))).toEqual([]);
    const next = await build({ cwd: dir, incremental: true });
    expect(next.written).toBe(true);
    expect(diffSnapshots(snapshot(out(dir)), await clean(dir))).toEqual([]);
  });
});

describe('build --watch: in-place updates', () => {
  it('re-emits a changed skill, and removes a renamed one, as a clean build would', async () => {
    const dir = project();
    const proc = spawn(process.execPath, [bin, 'build', '--watch'], { cwd: dir, env: cliEnv() });
    let err = '';
    proc.stderr.on('data', (d) => (err += d));
    proc.stdout.on('data', () => undefined);
    const exited = new Promise((r) => proc.on('exit', r));
    const runs = (): number => (err.match(/\] run \d+/g) ?? []).length;
    // No clock: a loaded machine takes as long as it takes (vitest's hang guard stops a real hang).
    const until = async (pred: () => boolean, what: string): Promise<void> => {
      while (!pred()) {
        if (proc.exitCode !== null) throw new Error(`build --watch exited while waiting for ${what}:\n${err}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      await until(() => runs() >= 1, 'the first run');
      let n = runs();
      fs.appendFileSync(src(dir, 'bravo/SKILL.md'), '\nEdited in watch mode.\n');
      await until(() => runs() > n && fs.readFileSync(path.join(out(dir), 'codex/bravo/SKILL.md'), 'utf8').includes('Edited in watch mode.'), 'the edit');
      n = runs();
      // Two writes: between them the folder is india and its name still delta. A run that starts
      // there (the 20 ms debounce passed: a loaded machine) rightly fails the lint and writes nothing.
      fs.renameSync(src(dir, 'delta'), src(dir, 'india'));
      fs.writeFileSync(src(dir, 'india/SKILL.md'), skillMd('india'));
      // india is built only from its new text (the old one is a lint error), so once it is there the run that read it is done.
      await until(() => runs() > n && !fs.existsSync(path.join(out(dir), 'claude/skills/delta')) && fs.existsSync(path.join(out(dir), 'claude/skills/india/SKILL.md')), 'the rename');
    } finally {
      // SIGTERM closes the watcher; a run still going (a change seen late, with nothing left to write) ends first.
      proc.kill('SIGTERM');
      await exited;
    }
    const exits = [...err.matchAll(/\] run \d+ .*, exit (\d)/g)].map((m) => Number(m[1]));
    expect(exits).not.toContain(2);
    expect(exits.at(-1)).toBe(0);
    expect(diffSnapshots(snapshot(out(dir)), await clean(dir))).toEqual([]);
    expect(swapLeftovers(out(dir))).toEqual([]);
  });
});
