import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { diffSnapshots, skillcHere, snapshot, swapLeftovers, tempProject, writeTree } from './helpers.js';

const CONFIG = JSON.stringify({ hosts: ['agentskills', 'claude'] });

const skill = (name: string, body: string, skillcBlock = ''): string =>
  `---\nname: ${name}\ndescription: Use when testing ${name}.\n${skillcBlock}---\n\n# ${name}\n\n${body}`;

/** A project that builds cleanly, built once: each case breaks it and checks nothing moved. */
async function builtProject(): Promise<{ dir: string; out: string; before: ReturnType<typeof snapshot> }> {
  const dir = tempProject({
    'skillc.config.json': CONFIG,
    'skills-src/_shared/note.md': 'A shared note.\n',
    'skills-src/alpha/SKILL.md': skill('alpha', 'Text.\n\n<!-- include: ../_shared/note.md -->\n'),
  });
  const first = await build({ cwd: dir });
  expect(first.errorCount).toBe(0);
  const out = path.join(dir, 'generated');
  return { dir, out, before: snapshot(out) };
}

/** The build failed with an error of `ruleId` at `line` of `file`, and the output did not move. */
async function expectRejected(dir: string, out: string, before: ReturnType<typeof snapshot>, ruleId: string, file: string, line: number): Promise<Diagnostic> {
  const result = await build({ cwd: dir });
  expect(result.written).toBe(false);
  const d = result.diagnostics.find((x) => x.ruleId === ruleId && x.severity === 'error');
  expect(d, `${ruleId} in ${JSON.stringify(result.diagnostics.map((x) => [x.ruleId, x.message]))}`).toBeDefined();
  expect(d!.file).toBe(path.join(dir, file));
  expect(d!.line).toBe(line);
  expect(d!.column).toBeGreaterThanOrEqual(1);
  expect(diffSnapshots(snapshot(out), before)).toEqual([]);
  expect(swapLeftovers(out)).toEqual([]);
  return d!;
}

describe('build: bad input is a positioned diagnostic and nothing written', () => {
  it('a missing include', async () => {
    const { dir, out, before } = await builtProject();
    writeTree(dir, { 'skills-src/alpha/SKILL.md': skill('alpha', 'Text.\n\n<!-- include: ../_shared/gone.md -->\n') });
    const d = await expectRejected(dir, out, before, 'source/include-missing', 'skills-src/alpha/SKILL.md', 10);
    expect(d.message).toContain('gone.md');
    // The CLI says so and exits 1.
    const cli = await skillcHere(['build'], dir);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(/10:1\s+error\s+.*gone\.md.*source\/include-missing/);
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
  });

  it('an include cycle', async () => {
    const { dir, out, before } = await builtProject();
    writeTree(dir, {
      'skills-src/_shared/note.md': 'A shared note.\n\n<!-- include: other.md -->\n',
      'skills-src/_shared/other.md': 'Other.\n\n<!-- include: note.md -->\n',
    });
    const d = await expectRejected(dir, out, before, 'source/include-cycle', 'skills-src/alpha/SKILL.md', 10);
    expect(d.message).toMatch(/note\.md -> .*other\.md -> .*note\.md/);
  });

  it('an include outside the sources root', async () => {
    const { dir, out, before } = await builtProject();
    writeTree(dir, { 'README.md': 'Outside.\n', 'skills-src/alpha/SKILL.md': skill('alpha', 'Text.\n\n<!-- include: ../../README.md -->\n') });
    await expectRejected(dir, out, before, 'source/include-missing', 'skills-src/alpha/SKILL.md', 10);
  });

  it('an unknown host in a host block', async () => {
    const { dir, out, before } = await builtProject();
    writeTree(dir, { 'skills-src/alpha/SKILL.md': skill('alpha', 'Text.\n\n<!-- host: claude, clippy -->\nHi.\n<!-- /host -->\n') });
    const d = await expectRejected(dir, out, before, 'source/host-block', 'skills-src/alpha/SKILL.md', 10);
    expect(d.message).toContain('clippy');
  });

  it('an artifact name with a folder or `..`', async () => {
    const { dir, out, before } = await builtProject();
    const block = 'skillc:\n  artifacts:\n    ok.md: { sections: [A] }\n    ../escape.md: { sections: [A] }\n    sub/notes.md: { sections: [B] }\n';
    writeTree(dir, { 'skills-src/alpha/SKILL.md': skill('alpha', 'Text.\n', block) });
    const result = await build({ cwd: dir });
    expect(result.written).toBe(false);
    const names = result.diagnostics.filter((d) => d.severity === 'error' && (d.ruleId === 'build/artifact-name' || d.ruleId === 'source/skillc-block'));
    // Reported by the build (build/artifact-name) until a lint rule on the `skillc:` block does it first.
    expect(names.map((d) => [d.line, d.column])).toEqual([
      [7, 5],
      [8, 5],
    ]);
    expect(names[0]!.message).toContain('../escape.md');
    expect(names[1]!.message).toContain('sub/notes.md');
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
  });

  it('an unknown host in --host: exit 2', async () => {
    const { dir, out, before } = await builtProject();
    const cli = await skillcHere(['build', '--host', 'claude,clippy'], dir);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("unknown host 'clippy' in --host");
    expect(cli.stderr).toContain('skillc build --help');
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
    await expect(build({ cwd: dir, hosts: ['clippy'] })).rejects.toThrow("unknown host 'clippy'");
  });

  it('--out outside the project, or over the sources: exit 2', async () => {
    const { dir, out, before } = await builtProject();
    const outside = await skillcHere(['build', '--out', '../elsewhere'], dir);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('must be a folder inside the project');
    expect(fs.existsSync(path.join(dir, '..', 'elsewhere'))).toBe(false);
    const root = await skillcHere(['build', '--out', '.'], dir);
    expect(root.code).toBe(2);
    const sources = await skillcHere(['build', '--out', 'skills-src/out'], dir);
    expect(sources.code).toBe(2);
    expect(sources.stderr).toContain('overlaps the sources');
    expect(fs.existsSync(path.join(dir, 'skills-src/out'))).toBe(false);
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
    // Inside the project it is fine, and leaves generated/ alone.
    const elsewhere = await skillcHere(['build', '--out', 'dist/skills'], dir);
    expect(elsewhere.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'dist/skills/claude/skills/alpha/SKILL.md'))).toBe(true);
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
  });

  it('a source symlink that leaves the skill folder', async () => {
    const { dir, out, before } = await builtProject();
    writeTree(dir, { 'secret.txt': 'secret\n' });
    fs.mkdirSync(path.join(dir, 'skills-src/alpha/references'));
    fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(dir, 'skills-src/alpha/references/secret.txt'));
    const result = await build({ cwd: dir });
    expect(result.written).toBe(false);
    const d = result.diagnostics.find((x) => x.ruleId === 'links/escape');
    expect(d).toBeDefined();
    expect(d!.severity).toBe('error');
    expect(d!.file).toBe(path.join(dir, 'skills-src/alpha/references/secret.txt'));
    expect(d!.line).toBe(1);
    expect(diffSnapshots(snapshot(out), before)).toEqual([]);
    // Even with the rule off, the link is not followed into the output.
    fs.writeFileSync(path.join(dir, 'skillc.config.json'), JSON.stringify({ hosts: ['agentskills', 'claude'], rules: { 'links/escape': 'off' } }));
    const lax = await build({ cwd: dir });
    expect(lax.errorCount).toBe(0);
    expect(fs.existsSync(path.join(out, 'agentskills/alpha/references/secret.txt'))).toBe(false);
  });

  it('an include through a symlink that leaves the sources root', async () => {
    const { dir, out, before } = await builtProject();
    writeTree(dir, { 'private.md': 'Private notes.\n' });
    fs.rmSync(path.join(dir, 'skills-src/_shared/note.md'));
    fs.symlinkSync(path.join(dir, 'private.md'), path.join(dir, 'skills-src/_shared/note.md'));
    // Lint and build walk includes alike (parse/includes), so lint's rule already refuses it.
    const d = await expectRejected(dir, out, before, 'source/include-missing', 'skills-src/alpha/SKILL.md', 10);
    expect(d.message).toContain('symlink');
  });

  it('a hand edit inside a generated region, at its line in the source', async () => {
    const { dir, out, before } = await builtProject();
    const block = 'skillc:\n  artifacts:\n    notes.md: { sections: [Summary] }\n';
    // The include above the region must not shift the reported line.
    writeTree(dir, {
      'skills-src/_shared/note.md': 'One.\n\nTwo.\n\nThree.\n',
      'skills-src/alpha/SKILL.md': skill('alpha', '<!-- include: ../_shared/note.md -->\n\n<!-- generated: artifacts -->\n| edited | by hand |\n<!-- /generated -->\n', block),
    });
    const d = await expectRejected(dir, out, before, 'build/generated-region', 'skills-src/alpha/SKILL.md', 13);
    expect(d.message).toContain('hand edit');
    // A build problem links its page, as a rule's diagnostic does (docs/problems/build/generated-region.md).
    expect(d.url).toMatch(/\/docs\/problems\/build\/generated-region\.md$/);
    // Once, not once per host.
    const result = await build({ cwd: dir });
    expect(result.diagnostics.filter((x) => x.ruleId === 'build/generated-region').length).toBe(1);
  });
});
