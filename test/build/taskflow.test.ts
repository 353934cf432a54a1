import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { listAll, repo, skillcHere, tempDir } from './helpers.js';

// hermes-taskflow's per-host build, ported to a skillc source (test/fixtures/taskflow/, see its README),
// against the original builder's output for the same text (test/fixtures/taskflow-expected/packages/).
const PORT = path.join(repo, 'test/fixtures/taskflow');
const EXPECTED = path.join(repo, 'test/fixtures/taskflow-expected/packages');
const SKILL_DIRS: Record<string, string> = {
  pi: 'pi-taskflow/skills/taskflow',
  codex: 'codex-taskflow/plugin/skills/taskflow',
  claude: 'claude-taskflow/plugin/skills/taskflow',
  opencode: 'opencode-taskflow/plugin/skills/taskflow',
  grok: 'grok-taskflow/plugin/skills/taskflow',
};
const TITLES: Record<string, string> = { codex: 'Codex', claude: 'Claude Code', opencode: 'OpenCode', grok: 'Grok Build' };
const CLIS: Record<string, string> = { codex: 'codex exec', claude: 'claude -p', opencode: 'opencode run', grok: 'grok -p' };

function copyPort(): string {
  const dir = tempDir('skillc-taskflow-');
  fs.cpSync(PORT, dir, { recursive: true });
  return dir;
}

const edit = (dir: string, rel: string, change: (text: string) => string): void => {
  const p = path.join(dir, 'skills-src', rel);
  fs.writeFileSync(p, change(fs.readFileSync(p, 'utf8')));
};

describe('hermes-taskflow ported to skillc', () => {
  it("builds the original's 25 per-host files byte for byte, and only skillc's own files besides", async () => {
    const dir = copyPort();
    const result = await build({ cwd: dir });
    expect(result.errorCount, JSON.stringify(result.diagnostics, null, 1)).toBe(0);
    const out = path.join(dir, 'packages');
    const expected = listAll(EXPECTED);
    expect(expected.length).toBe(25);
    for (const rel of expected) expect(fs.readFileSync(path.join(out, rel), 'utf8'), rel).toBe(fs.readFileSync(path.join(EXPECTED, rel), 'utf8'));
    // Deliberate differences: skillc's catalog and manifest, and Claude Code's plugin.json (hand-kept in the original).
    expect(listAll(out).filter((f) => !expected.includes(f))).toEqual(['.skillc-manifest.json', 'catalog.json', 'catalog.ts', 'claude-taskflow/plugin/.claude-plugin/plugin.json']);
  });

  it("meets the original's repo-level checks of the outputs (skills-build.test.ts)", async () => {
    const dir = copyPort();
    await build({ cwd: dir });
    for (const [host, rel] of Object.entries(SKILL_DIRS)) {
      const text = fs.readFileSync(path.join(dir, 'packages', rel, 'SKILL.md'), 'utf8');
      expect(text, host).not.toMatch(/<!--\s*\/?host:/);
      expect(text, host).toContain('Flow design ladder');
      if (host === 'pi') {
        expect(text).toContain('Actions (all 18)');
        expect(text).not.toContain('taskflow_verify');
        continue;
      }
      expect(text, host).toContain('taskflow_verify');
      expect(text, host).not.toContain('Actions (all 18)');
      expect(text, host).toContain(`# Taskflow (${TITLES[host]})\n`);
      for (const [other, cli] of Object.entries(CLIS)) if (other !== host) expect(text, `${host}: ${cli}`).not.toContain(cli);
    }
  });

  it('build --check: clean, then drift in every SKILL.md after a core edit, and a missing companion', async () => {
    const dir = copyPort();
    await build({ cwd: dir });
    const clean = await skillcHere(['build', '--check'], dir);
    expect(clean.code, clean.stderr).toBe(0);

    edit(dir, '_core/core.md', (t) => `${t}\nOne more line.\n`);
    fs.rmSync(path.join(dir, 'packages', SKILL_DIRS.grok!, 'library.md'));
    const drift = await skillcHere(['build', '--check'], dir);
    expect(drift.code).toBe(1);
    const lines = drift.stderr.split('\n');
    expect(lines.filter((l) => l.startsWith('DRIFT:') && l.endsWith('/SKILL.md')).length).toBe(5);
    expect(lines).toContain(`MISSING: packages/${SKILL_DIRS.grok}/library.md`);
  });

  it("the ten defects the original refuses, put in the included core, are refused: the build writes nothing", async () => {
    // The original's probes that exit 1 (shared/parity/taskflow-build.md), each made in `_core/core.md`, which the
    // port includes into SKILL.md: 6, 7, 8, 10, 11 (three lists), 12 (a missing companion; a missing source the skill
    // includes, the port's counterpart of a missing entry file) and 22. The port's config reads closes in order and
    // lists by commas only (`source/host-block` options), as build-skills.mjs does.
    const core = '_core/core.md';
    const probes: { probe: string; edit: (dir: string) => void; rule: string; file: string; message: RegExp }[] = [
      { probe: '6 nested block', edit: (d) => edit(d, core, (t) => t.replace('<!-- host: pi -->\n', '<!-- host: pi -->\n<!-- host: codex -->\n')), rule: 'source/host-block', file: 'core.md', message: /^Unexpected nested host block/ },
      { probe: '7 close without an open block', edit: (d) => edit(d, core, (t) => `${t}\n<!-- /host:pi -->\n`), rule: 'source/host-block', file: 'core.md', message: /^Unexpected `<!-- \/host -->` without an opening/ },
      { probe: '8 mismatched close', edit: (d) => edit(d, core, (t) => `${t}\n<!-- host:codex,claude -->\nBoth.\n<!-- /host:claude,codex -->\n`), rule: 'source/host-block', file: 'core.md', message: /^Unexpected `<!-- \/host: claude, codex -->` closing the block for `codex`, `claude`/ },
      { probe: '10 unclosed block', edit: (d) => edit(d, core, (t) => `${t}\n<!-- host: pi -->\nPi only.\n`), rule: 'source/host-block', file: 'core.md', message: /^Unexpected unclosed host block/ },
      { probe: '11 unknown host', edit: (d) => edit(d, core, (t) => t.replace('<!-- host: pi -->', '<!-- host: cursor -->').replace('<!-- /host:pi -->', '<!-- /host:cursor -->')), rule: 'source/host-block', file: 'core.md', message: /^Unexpected unknown host `cursor`, expected one of `pi`, `codex`/ },
      { probe: '11 miscased host', edit: (d) => edit(d, core, (t) => t.replace('<!-- host: pi -->', '<!-- host: Pi -->').replace('<!-- /host:pi -->', '<!-- /host:Pi -->')), rule: 'source/host-block', file: 'core.md', message: /^Unexpected unknown host `Pi`, expected `pi`/ },
      { probe: '11 empty host list', edit: (d) => edit(d, core, (t) => t.replace('<!-- host: pi -->', '<!-- host:, -->').replace('<!-- /host:pi -->', '<!-- /host -->')), rule: 'source/host-block', file: 'core.md', message: /^Unexpected empty host list/ },
      { probe: '12 missing companion', edit: (d) => fs.rmSync(path.join(d, 'skills-src/taskflow/library.md')), rule: 'links/broken', file: 'core.md', message: /^Unexpected link to missing `\.\.\/taskflow\/library\.md`/ },
      { probe: '12 missing source', edit: (d) => fs.rmSync(path.join(d, 'skills-src', core)), rule: 'source/include-missing', file: 'SKILL.md', message: /^Unexpected include of missing file `\.\.\/_core\/core\.md`/ },
      { probe: '22 space-separated list', edit: (d) => edit(d, core, (t) => t.replace('<!-- host: pi -->', '<!-- host:pi codex -->').replace('<!-- /host:pi -->', '<!-- /host:pi codex -->')), rule: 'source/host-block', file: 'core.md', message: /^Unexpected unknown host `pi codex`/ },
    ];
    let refused = 0;
    for (const p of probes) {
      const dir = copyPort();
      p.edit(dir);
      const r = await build({ cwd: dir });
      expect(r.written, p.probe).toBe(false);
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      const shown = errors.map((d) => `${d.ruleId} ${path.basename(d.file)}:${d.line} ${d.message}`).join('\n');
      expect(errors.some((d) => d.ruleId === p.rule && path.basename(d.file) === p.file && p.message.test(d.message)), `${p.probe}:\n${shown}`).toBe(true);
      refused++;
    }
    expect(refused).toBe(10);
  });

  it('a right-to-left override and a token in the included core are refused too (the original ships them)', async () => {
    const dir = copyPort();
    const token = 'gh' + 'p_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    edit(dir, '_core/core.md', (t) => `${t}\nRun \`ls \u202Etxt.exe\` with GITHUB_TOKEN=${token}.\n`);
    const r = await build({ cwd: dir });
    expect(r.written).toBe(false);
    const found = r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.ruleId, path.basename(d.file), d.line]);
    expect(found).toContainEqual(['security/hidden-unicode', 'core.md', 29]);
    expect(found).toContainEqual(['security/secret', 'core.md', 29]);
  });

  it("the original's marker probes: errors where it fails, the same text where it accepts", async () => {
    // Probe 6: a block opened inside another.
    let dir = copyPort();
    edit(dir, 'taskflow/patterns.md', (t) => t.replace('<!-- host: pi -->\n', '<!-- host: pi -->\n<!-- host: codex -->\n'));
    let r = await build({ cwd: dir });
    expect(r.written).toBe(false);
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/Unexpected nested host block/);

    // Probe 7: a lone close.
    dir = copyPort();
    edit(dir, 'taskflow/configuration.md', (t) => `${t}\n<!-- /host:pi -->\n`);
    r = await build({ cwd: dir });
    expect(r.diagnostics.map((d) => [d.ruleId, path.basename(d.file), d.message])).toEqual([['source/host-block', 'configuration.md', 'Unexpected `<!-- /host -->` without an opening `<!-- host: ... -->`']]);

    // Probe 8: a close naming other hosts than its opener (the port's config compares the lists in order, as the original).
    dir = copyPort();
    edit(dir, 'taskflow/advanced.md', (t) => t.replace('<!-- /host:codex,claude -->', '<!-- /host:codex,grok -->'));
    r = await build({ cwd: dir });
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/closing the block for `codex`, `claude` opened on line 8/);

    // Probe 11: a host skillc does not know (the others of 11 and 22 are in the core, above).
    dir = copyPort();
    edit(dir, 'taskflow/library.md', (t) => t.replace('<!-- host: pi -->', '<!-- host: cursorx -->').replace('<!-- /host:pi -->', '<!-- /host:cursorx -->'));
    r = await build({ cwd: dir });
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/Unexpected unknown host `cursorx`/);

    // Probe 9: spacing inside and around a marker is accepted.
    dir = copyPort();
    edit(dir, 'taskflow/configuration.md', (t) => t.replace('<!-- host: opencode, grok -->', '  <!--host: codex , grok-->  ').replace('<!-- /host:opencode,grok -->', '<!-- /host:codex,grok -->'));
    r = await build({ cwd: dir });
    expect(r.errorCount).toBe(0);
    const configuration = (host: string): string => fs.readFileSync(path.join(dir, 'packages', SKILL_DIRS[host]!, 'configuration.md'), 'utf8');
    expect(configuration('codex')).toContain('Set them in the plugin');
    expect(configuration('grok')).toContain('Set them in the plugin');
    expect(configuration('opencode')).not.toContain('Set them in the plugin');
  });
});
