import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { copyFixture, diffSnapshots, skillcHere, snapshot, swapLeftovers } from './helpers.js';

const FIX = 'Run `npx skillc build`';

describe('skillc build --check (CLI)', () => {
  it('exits 0 when up to date, 1 with DRIFT/MISSING/EXTRA lines and the fix command otherwise, and never writes', async () => {
    const dir = copyFixture('basic');
    const out = path.join(dir, 'generated');

    // Nothing built yet: every file is missing, and --check does not create the folder.
    const none = await skillcHere(['build', '--check'], dir);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('MISSING: generated/catalog.json');
    expect(none.stderr).toContain(FIX);
    expect(fs.existsSync(out)).toBe(false);

    const built = await skillcHere(['build'], dir);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/skillc build: 2 skills for agentskills, claude, claude-upload, codex, .* -> generated\/ \(\d+ files\)/);

    const clean = await skillcHere(['build', '--check'], dir);
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('skillc build --check: generated/ is up to date');

    // A hand edit, a deleted file, a stray file, a lost run bit.
    const edited = path.join(out, 'claude/skills/release-notes/SKILL.md');
    fs.appendFileSync(edited, '\nEdited by hand.\n');
    fs.rmSync(path.join(out, 'codex/release-notes/agents/openai.yaml'));
    fs.writeFileSync(path.join(out, 'gemini/stray.md'), 'stray\n');
    fs.chmodSync(path.join(out, 'pi/release-notes/scripts/collect.sh'), 0o644);

    const project = snapshot(dir);
    const drift = await skillcHere(['build', '--check'], dir);
    expect(drift.code).toBe(1);
    const lines = drift.stderr.trim().split('\n');
    expect(lines).toContain('DRIFT: generated/claude/skills/release-notes/SKILL.md');
    expect(lines).toContain('DRIFT: generated/pi/release-notes/scripts/collect.sh');
    expect(lines).toContain('MISSING: generated/codex/release-notes/agents/openai.yaml');
    // A stray file skillc did not write: a rebuild keeps it, so the line says what ends the drift.
    expect(lines).toContain('EXTRA: generated/gemini/stray.md: skillc did not write this: delete it or move it to the sources');
    expect(lines.filter((l) => /^(DRIFT|MISSING|EXTRA): /.test(l)).length).toBe(4);
    expect(drift.stderr).toContain(FIX);
    expect(drift.stderr).toContain('1 file skillc did not write: delete it or move it to the sources (a build keeps it).');
    expect(drift.stderr).toContain('out of date (4 files)');

    // --check wrote nothing anywhere in the project.
    expect(diffSnapshots(snapshot(dir), project)).toEqual([]);
    expect(swapLeftovers(out)).toEqual([]);

    // A source change not rebuilt is drift too.
    const rebuilt = await skillcHere(['build'], dir);
    expect(rebuilt.code).toBe(0);
    fs.rmSync(path.join(out, 'gemini/stray.md'));
    expect((await skillcHere(['build', '--check'], dir)).code).toBe(0);
    fs.appendFileSync(path.join(dir, 'skills-src/release-notes/references/style.md'), '\nMore.\n');
    const stale = await skillcHere(['build', '--check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('DRIFT: generated/agentskills/release-notes/references/style.md');
    expect(stale.stderr).toContain('DRIFT: generated/catalog.json');

    // The fix command repeats the hosts and output folder the check was run with.
    const narrowed = await skillcHere(['build', '--check', '--host', 'claude', '--out', 'generated'], dir);
    expect(narrowed.code).toBe(1);
    expect(narrowed.stderr).toContain('Run `npx skillc build --host claude --out generated`');
  });

  it('editing only a rehearsal case (fixtures/) is not drift: fixtures are never built', async () => {
    const dir = copyFixture('basic');
    expect((await skillcHere(['build'], dir)).code).toBe(0);
    fs.appendFileSync(path.join(dir, 'skills-src/release-notes/fixtures/pass-basic/notes.md'), '\nAnother line of the recorded run.\n');
    const check = await skillcHere(['build', '--check'], dir);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    // A file that is built still is drift, catalog.json included.
    fs.appendFileSync(path.join(dir, 'skills-src/release-notes/SKILL.md'), '\nMore.\n');
    const stale = await skillcHere(['build', '--check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('DRIFT: generated/catalog.json');
  });

  it('--no-lint-report counts the lint errors the lint hook listed instead of printing them again', async () => {
    const dir = copyFixture('basic');
    fs.writeFileSync(path.join(dir, 'skills-src/release-notes/SKILL.md'), fs.readFileSync(path.join(dir, 'skills-src/release-notes/SKILL.md'), 'utf8').replace(/^name: .*$/m, 'name: Bad_Name'));
    const lint = await skillcHere(['lint'], dir);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain('frontmatter/name-format');
    const full = await skillcHere(['build', '--check'], dir);
    expect(full.code).toBe(1);
    expect(full.stdout).toContain('frontmatter/name-format');
    const hook = await skillcHere(['build', '--check', '--no-lint-report'], dir);
    expect(hook.code).toBe(1);
    expect(hook.stdout).not.toContain('frontmatter/name-format');
    expect(hook.stderr).toMatch(/skillc build: \d+ errors? \(\d+ found by lint, not listed here: run `npx skillc lint` to see them\); nothing was written/);
  });

  it('API: check returns the drift and leaves the folder alone', async () => {
    const dir = copyFixture('basic');
    const out = path.join(dir, 'generated');
    await build({ cwd: dir });
    fs.writeFileSync(path.join(out, 'catalog.json'), '{}\n');
    const before = snapshot(out);
    const result = await build({ cwd: dir, check: true });
    expect(result.written).toBe(false);
    expect(result.drift).toEqual({ changed: ['catalog.json'], missing: [], extra: [], foreign: [] });
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
  });
});
