import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { recoverInterruptedSwap } from '../../src/build/output.js';
import { claimLeftover } from '../../src/build/leftovers.js';
import { bin, copyFixture, diffSnapshots, type Entry, skillc, snapshot, swapLeftovers, tempDir } from './helpers.js';
import { cliEnv } from '../helpers.js';

const EDITED = 'skills-src/changelog-style/assets/template.md';

/** Changes one source so the next build differs from the last one. */
function editSource(dir: string, n = 1): void {
  fs.appendFileSync(path.join(dir, EDITED), `\n### Changed ${n}\n`);
}

describe('build: atomic output', () => {
  it('leaves the old output byte for byte when the build fails before the swap', async () => {
    const dir = copyFixture('basic');
    const out = path.join(dir, 'generated');
    await build({ cwd: dir });
    const before = snapshot(out);
    editSource(dir);
    let staged: string[] = [];
    await expect(
      build({
        cwd: dir,
        beforeSwap: () => {
          // The new tree is complete beside the old one, not in it.
          staged = swapLeftovers(out);
          throw new Error('disk full (simulated)');
        },
      }),
    ).rejects.toThrow('disk full (simulated)');
    expect(staged.length).toBe(1);
    expect(staged[0]).toMatch(/^generated\.skillc-tmp-/);
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
    expect(swapLeftovers(out)).toEqual([]);
    // And the next build goes through.
    const ok = await build({ cwd: dir });
    expect(ok.written).toBe(true);
    expect(fs.readFileSync(path.join(out, 'claude/skills/changelog-style/assets/template.md'), 'utf8')).toContain('### Changed 1');
  });

  it('a failing first build leaves no output folder at all', async () => {
    const dir = copyFixture('basic');
    const out = path.join(dir, 'generated');
    await expect(build({ cwd: dir, beforeSwap: () => { throw new Error('boom'); } })).rejects.toThrow('boom');
    expect(fs.existsSync(out)).toBe(false);
    expect(swapLeftovers(out)).toEqual([]);
  });

  it('writes nothing when lint finds an error', async () => {
    const dir = copyFixture('basic');
    const out = path.join(dir, 'generated');
    await build({ cwd: dir });
    const before = snapshot(out);
    const file = path.join(dir, 'skills-src/changelog-style/SKILL.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('name: changelog-style', 'name: Changelog_Style'));
    editSource(dir);
    const result = await build({ cwd: dir });
    expect(result.written).toBe(false);
    expect(result.errorCount).toBeGreaterThan(0);
    expect(result.diagnostics.some((d) => d.ruleId === 'frontmatter/name-format' && d.line === 2)).toBe(true);
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
    expect(swapLeftovers(out)).toEqual([]);

    const cli = skillc(['build'], dir);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('frontmatter/name-format');
    expect(cli.stderr).toContain('nothing was written to generated/');
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
  });

  it('recovers the leftovers of a swap killed between its two renames', async () => {
    const dir = copyFixture('basic');
    const out = path.join(dir, 'generated');
    await build({ cwd: dir });
    const old = snapshot(out);
    // Killed after `generated` -> `generated.skillc-old-*`, before the new tree took its place
    // (the build records each folder before it makes it: only recorded ones are recovered).
    claimLeftover(`${out}.skillc-old-123-abcd`);
    claimLeftover(`${out}.skillc-tmp-123-abcd`);
    fs.renameSync(out, `${out}.skillc-old-123-abcd`);
    fs.mkdirSync(`${out}.skillc-tmp-123-abcd`);
    fs.writeFileSync(`${out}.skillc-tmp-123-abcd/half.md`, 'half');
    recoverInterruptedSwap(out);
    expect(diffSnapshots(snapshot(out), old)).toEqual([]);
    expect(swapLeftovers(out)).toEqual([]);
    // Killed after the swap, before the old tree was removed: the new output stays, the old goes.
    claimLeftover(`${out}.skillc-old-456-beef`);
    fs.cpSync(out, `${out}.skillc-old-456-beef`, { recursive: true });
    fs.writeFileSync(path.join(`${out}.skillc-old-456-beef`, 'stale.md'), 'stale');
    recoverInterruptedSwap(out);
    expect(diffSnapshots(snapshot(out), old)).toEqual([]);
    expect(swapLeftovers(out)).toEqual([]);
  });

  // --no-incremental writes a whole new tree and swaps it in: wholly old or wholly new at every instant.
  // The default (incremental) build updates the changed skills' folders in place: killed between two
  // folder renames it leaves a mix, and a journal that the next build (recoverInterruptedSwap) rolls back.
  for (const mode of ['--no-incremental', 'incremental'] as const) {
    const args = mode === 'incremental' ? ['build'] : ['build', mode];
    it(`is wholly old or wholly new (${mode === 'incremental' ? 'after recovery, ' : ''}${mode}) when the CLI build is SIGKILLed at random moments`, async () => {
      const dir = copyFixture('basic');
      const out = path.join(dir, 'generated');
      const keep = tempDir('skillc-states-');
      expect(skillc(args, dir).code).toBe(0);
      const oldState = snapshot(out);
      fs.cpSync(out, path.join(keep, 'old'), { recursive: true });
      if (fs.existsSync(path.join(dir, 'node_modules'))) fs.cpSync(path.join(dir, 'node_modules'), path.join(keep, 'cache'), { recursive: true });
      editSource(dir);
      const started = Date.now();
      expect(skillc(args, dir).code).toBe(0);
      const duration = Date.now() - started;
      const newState = snapshot(out);
      expect(diffSnapshots(newState, oldState).length).toBeGreaterThan(0);

      const same = (a: Map<string, Entry>, b: Map<string, Entry>): boolean => diffSnapshots(a, b).length === 0;
      const outcomes: string[] = [];
      const deadline = Date.now() + 25_000;
      for (let i = 0; i < 12 && Date.now() < deadline; i++) {
        // Back to the old output and caches (leftovers of the last round stay: the next build must cope with them).
        fs.rmSync(out, { recursive: true, force: true });
        fs.cpSync(path.join(keep, 'old'), out, { recursive: true });
        fs.rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
        if (fs.existsSync(path.join(keep, 'cache'))) fs.cpSync(path.join(keep, 'cache'), path.join(dir, 'node_modules'), { recursive: true });
        // Most kills land late, where the writes and the swap happen.
        const delay = Math.round(duration * (i < 3 ? Math.random() * 0.6 : 0.6 + Math.random() * 0.5));
        const child = spawn(process.execPath, [bin, ...args], { cwd: dir, stdio: 'ignore', env: cliEnv() });
        const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
        await new Promise((r) => setTimeout(r, delay));
        child.kill('SIGKILL');
        await exited;
        let state: string;
        if (fs.existsSync(out) && swapLeftovers(out).every((s) => !s.includes('.skillc-stage-'))) {
          const now = snapshot(out);
          state = same(now, oldState) ? 'old' : same(now, newState) ? 'new' : 'mixed';
        } else {
          // Killed between two renames: the old tree waits beside, intact; or an update's journal is there to roll back.
          const before = fs.existsSync(out) ? 'journal' : 'absent';
          recoverInterruptedSwap(out);
          state = !fs.existsSync(out) ? 'lost' : same(snapshot(out), oldState) ? `${before}->old` : same(snapshot(out), newState) ? `${before}->new` : `${before}->mixed`;
        }
        outcomes.push(`${delay}ms:${state}`);
        const allowed = mode === 'incremental' ? ['old', 'new', 'absent->old', 'journal->old', 'journal->new'] : ['old', 'new', 'absent->old'];
        expect(allowed, outcomes.join(' ')).toContain(state);
      }
      if (process.env.SKILLC_TEST_VERBOSE) console.log(outcomes.join(' '));
      expect(outcomes.length).toBeGreaterThanOrEqual(6);

      // A following build finishes the job and cleans whatever the kills left.
      claimLeftover(`${out}.skillc-tmp-999-dead`);
      fs.mkdirSync(`${out}.skillc-tmp-999-dead`, { recursive: true });
      fs.writeFileSync(`${out}.skillc-tmp-999-dead/partial.md`, 'partial');
      expect(skillc(args, dir).code).toBe(0);
      expect(diffSnapshots(snapshot(out), newState)).toEqual([]);
      expect(swapLeftovers(out)).toEqual([]);
    });
  }
});

describe('build: removed skills', () => {
  it('deletes the outputs of a removed skill and keeps files skillc did not write', async () => {
    const dir = copyFixture('basic');
    const out = path.join(dir, 'generated');
    const first = await build({ cwd: dir });
    expect(first.written).toBe(true);
    const foreign = { 'NOTES.txt': 'kept by hand\n', 'claude/skills/release-notes/handmade.md': '# mine\n' };
    for (const [rel, text] of Object.entries(foreign)) fs.writeFileSync(path.join(out, rel), text);
    fs.chmodSync(path.join(out, 'NOTES.txt'), 0o755);
    // A foreign symlink stays a symlink: the build must not copy what it points at.
    fs.symlinkSync('../skills-src/changelog-style/SKILL.md', path.join(out, 'source-link.md'));

    fs.rmSync(path.join(dir, 'skills-src/release-notes'), { recursive: true });
    const second = await build({ cwd: dir });
    expect(second.errorCount).toBe(0);
    expect(second.written).toBe(true);
    expect(second.carried.sort()).toEqual([...Object.keys(foreign), 'source-link.md'].sort());
    expect(fs.lstatSync(path.join(out, 'source-link.md')).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(path.join(out, 'source-link.md'))).toBe('../skills-src/changelog-style/SKILL.md');

    const files = [...snapshot(out).keys()];
    expect(files.filter((f) => f.includes('release-notes/') && !f.endsWith('handmade.md'))).toEqual([]);
    expect(files.filter((f) => f.includes('changelog-style/')).length).toBeGreaterThan(0);
    for (const [rel, text] of Object.entries(foreign)) expect(fs.readFileSync(path.join(out, rel), 'utf8')).toBe(text);
    expect(fs.statSync(path.join(out, 'NOTES.txt')).mode & 0o111).not.toBe(0);
    const catalog = JSON.parse(fs.readFileSync(path.join(out, 'catalog.json'), 'utf8'));
    expect(catalog.skills.map((s: { name: string }) => s.name)).toEqual(['changelog-style']);
    expect(fs.readFileSync(path.join(out, 'catalog.ts'), 'utf8')).not.toContain('release-notes');
    // The manifest lists only what skillc wrote, so the foreign files stay foreign.
    const manifest = JSON.parse(fs.readFileSync(path.join(out, '.skillc-manifest.json'), 'utf8'));
    for (const rel of Object.keys(foreign)) expect(manifest.files).not.toHaveProperty(rel);

    // --check names them as extra files.
    const check = skillc(['build', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('EXTRA: generated/NOTES.txt');
    expect(check.stderr).toContain('EXTRA: generated/claude/skills/release-notes/handmade.md');
    expect(check.stderr).toContain('EXTRA: generated/source-link.md');
    expect(check.stderr).not.toContain('DRIFT:');
    expect(check.stderr).not.toContain('MISSING:');
  });
});
