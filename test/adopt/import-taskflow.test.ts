import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, listAll, repo, skillcHere, snapshot, tempDir } from '../build/helpers.js';

// `skillc import --from taskflow` on copies of hermes-taskflow's layout (heggria/taskflow, MIT): the
// small source in test/fixtures/taskflow-expected/original/ (this repository's own text in the
// original's shape), with the shapes the real tree has (a pi-only block inside a ```jsonc fence, a
// companion that opens with a host block, a core that ends with one, hand-kept package files beside
// the outputs). What the original writes comes from reference-build.mjs, a re-implementation of its
// build-skills.mjs (it reproduces the real builder's 25 files on the real tree).
const ORIGINAL = path.join(repo, 'test/fixtures/taskflow-expected/original');
const REFERENCE = path.join(ORIGINAL, 'reference-build.mjs');
const FIVE = ['pi', 'codex', 'claude', 'opencode', 'grok'];

/** A project with the original layout, its packages built by the reference builder, and hand-kept files beside them. */
function layout(options: { hermes?: boolean } = {}): string {
  const root = tempDir('skillc-taskflow-layout-');
  fs.cpSync(path.join(ORIGINAL, 'skills-src'), path.join(root, 'skills-src'), { recursive: true });
  const src = (f: string): string => path.join(root, 'skills-src/taskflow', f);
  const edit = (f: string, change: (t: string) => string): void => fs.writeFileSync(src(f), change(fs.readFileSync(src(f), 'utf8')));
  // configuration.md: a pi-only settings block inside a jsonc fence, tab-indented, as the real one has.
  edit('configuration.md', (t) => `${t}\n## settings.json\n\n\`\`\`jsonc\n{\n  "concurrency": 4,\n<!-- host:pi -->\n\t"piChild": {\n\t\t"profile": "isolated"\n\t},\n<!-- /host:pi -->\n  "timeout": 600\n}\n\`\`\`\n`);
  // advanced.md opens with one title per host, as the real one does.
  edit('advanced.md', (t) => `<!-- host:pi -->\n# Taskflow advanced — context sharing, sub-flows, isolation\n<!-- /host:pi -->\n<!-- host:codex,claude,opencode,grok${options.hermes ? ',hermes' : ''} -->\n${t.split('\n').slice(0, 1).join('\n')}\n<!-- /host:codex,claude,opencode,grok${options.hermes ? ',hermes' : ''} -->\n${t.split('\n').slice(1).join('\n')}`);
  // core.md ends with a host block.
  edit('core.md', (t) => `${t}\n<!-- host:pi -->\n## User commands\n\n- \`/tf list\` · \`/tf run <name>\`\n<!-- /host:pi -->\n`);
  if (options.hermes) {
    edit('core.md', (t) => t.replace(/<!-- (\/?)host: ?codex, ?claude, ?opencode, ?grok -->/g, '<!-- $1host:codex,claude,opencode,grok,hermes -->'));
    fs.writeFileSync(
      src('entry.hermes.md'),
      fs.readFileSync(src('entry.codex.md'), 'utf8').replace(/Codex/g, 'Hermes Agent').replace('Drives the taskflow_* MCP tools.', 'Drives the taskflow_* MCP tools (Hermes registers them as mcp_taskflow_*).'),
    );
    fs.writeFileSync(src('commands.pi.md'), '# Taskflow commands\n\n- `/tf list` — list saved flows.\n- `/tf runs` — list recent runs.\n');
  }
  const built = spawnSync(process.execPath, [REFERENCE, root, root], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  // The packages' own files: sources, package.json, MCP config, Claude's and Codex's hand-kept manifests, Codex's agents/openai.yaml.
  for (const h of [...FIVE, ...(options.hermes ? ['hermes'] : [])]) {
    fs.mkdirSync(path.join(root, `packages/${h}-taskflow/src`), { recursive: true });
    fs.writeFileSync(path.join(root, `packages/${h}-taskflow/package.json`), `{ "name": "${h}-taskflow", "version": "0.2.4" }\n`);
    fs.writeFileSync(path.join(root, `packages/${h}-taskflow/src/index.ts`), 'export {};\n');
  }
  fs.mkdirSync(path.join(root, 'packages/claude-taskflow/plugin/.claude-plugin'), { recursive: true });
  fs.writeFileSync(path.join(root, 'packages/claude-taskflow/plugin/.claude-plugin/plugin.json'), '{\n  "name": "taskflow",\n  "version": "0.2.4",\n  "description": "kept by hand"\n}\n');
  fs.mkdirSync(path.join(root, 'packages/codex-taskflow/plugin/.codex-plugin'), { recursive: true });
  fs.writeFileSync(path.join(root, 'packages/codex-taskflow/plugin/.codex-plugin/plugin.json'), '{ "name": "taskflow" }\n');
  fs.writeFileSync(path.join(root, 'packages/codex-taskflow/plugin/.mcp.json'), '{ "mcpServers": {} }\n');
  fs.mkdirSync(path.join(root, 'packages/codex-taskflow/plugin/skills/taskflow/agents'), { recursive: true });
  fs.writeFileSync(path.join(root, 'packages/codex-taskflow/plugin/skills/taskflow/agents/openai.yaml'), 'interface:\n  display_name: Taskflow\n');
  return root;
}

/** The reference builder's outputs for a layout, by path under the project. */
function referenceOutputs(root: string): Map<string, string> {
  const out = tempDir('skillc-taskflow-reference-');
  fs.cpSync(path.join(root, 'skills-src'), path.join(out, 'skills-src'), { recursive: true });
  const built = spawnSync(process.execPath, [REFERENCE, out, out], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  return new Map(listAll(path.join(out, 'packages')).map((rel) => [`packages/${rel}`, fs.readFileSync(path.join(out, 'packages', rel), 'utf8')]));
}

const driftLines = (stderr: string): string[] => stderr.split('\n').filter((l) => /^(DRIFT|MISSING|EXTRA): /.test(l));

describe('skillc import --from taskflow', () => {
  it("converts the five-host layout in one command; the build writes the original's 25 files byte for byte and keeps the hand-kept ones", async () => {
    const root = layout();
    const original = snapshot(path.join(root, 'skills-src'));
    const imported = await skillcHere(['import', '--from', 'taskflow'], root);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('import  skills-src/taskflow -> skills/taskflow (pi, codex, claude, opencode, grok)');
    expect(imported.stdout).toContain('config  skillc.config.json (extends skillc:taskflow)');
    expect(JSON.parse(fs.readFileSync(path.join(root, 'skillc.config.json'), 'utf8'))).toEqual({ $schema: './node_modules/skillc/schema/skillc.config.schema.json', extends: ['skillc:taskflow'], sources: 'skills' });
    expect(listAll(path.join(root, 'skills')).sort()).toEqual(['_core/taskflow.md', 'taskflow/SKILL.md', 'taskflow/advanced.md', 'taskflow/configuration.md', 'taskflow/library.md', 'taskflow/patterns.md']);
    // The original layout is read, never changed.
    expect(diffSnapshots(snapshot(path.join(root, 'skills-src')), original)).toEqual([]);

    const expected = referenceOutputs(root);
    expect(expected.size).toBe(25);
    const handKept = fs.readFileSync(path.join(root, 'packages/claude-taskflow/plugin/.claude-plugin/plugin.json'), 'utf8');
    const built = await skillcHere(['build'], root);
    expect(built.code, built.stderr + built.stdout).toBe(0);
    for (const [rel, text] of expected) expect(fs.readFileSync(path.join(root, rel), 'utf8'), rel).toBe(text);
    // Claude's plugin.json is the project's: not replaced, since the config names no `plugin`.
    expect(fs.readFileSync(path.join(root, 'packages/claude-taskflow/plugin/.claude-plugin/plugin.json'), 'utf8')).toBe(handKept);
    expect(fs.readFileSync(path.join(root, 'packages/codex-taskflow/plugin/skills/taskflow/agents/openai.yaml'), 'utf8')).toBe('interface:\n  display_name: Taskflow\n');
    // The pi-only block inside the fence reached pi alone, markers dropped.
    const configuration = (host: string): string => expected.get(`packages/${host === 'pi' ? 'pi-taskflow/skills' : `${host}-taskflow/plugin/skills`}/taskflow/configuration.md`)!;
    expect(configuration('pi')).toContain('\t"piChild": {');
    expect(configuration('codex')).not.toContain('piChild');
    expect(configuration('codex')).not.toMatch(/host:/);
  });

  it("build --check exits as build-skills.mjs --check does: unchanged 0, core edited 1, an output deleted 1, a stray file 0", async () => {
    const root = layout();
    expect((await skillcHere(['import', '--from', 'taskflow'], root)).code).toBe(0);
    expect((await skillcHere(['build'], root)).code).toBe(0);

    const unchanged = await skillcHere(['build', '--check'], root);
    expect(unchanged.code, unchanged.stderr).toBe(0);
    expect(driftLines(unchanged.stderr)).toEqual([]);

    const core = path.join(root, 'skills/_core/taskflow.md');
    const before = fs.readFileSync(core, 'utf8');
    fs.appendFileSync(core, '\nOne more line.\n');
    const edited = await skillcHere(['build', '--check'], root);
    expect(edited.code).toBe(1);
    expect(driftLines(edited.stderr).filter((l) => l.endsWith('/SKILL.md')).length).toBe(5);
    fs.writeFileSync(core, before);

    const library = path.join(root, 'packages/grok-taskflow/plugin/skills/taskflow/library.md');
    const text = fs.readFileSync(library);
    fs.rmSync(library);
    const deleted = await skillcHere(['build', '--check'], root);
    expect(deleted.code).toBe(1);
    expect(driftLines(deleted.stderr)).toEqual(['MISSING: packages/grok-taskflow/plugin/skills/taskflow/library.md']);
    fs.writeFileSync(library, text);

    // A stray file in an output folder: the original does not see it; skillc's build would keep it (it is not skillc's), so it is no drift either.
    fs.writeFileSync(path.join(root, 'packages/pi-taskflow/skills/taskflow/stray.md'), 'stray\n');
    const stray = await skillcHere(['build', '--check'], root);
    expect(stray.code, stray.stderr).toBe(0);
  });

  it('converts the six-host layout (Hermes and a pi-only commands.pi.md) with skillc:taskflow@0.2.9: 31 files byte for byte', async () => {
    const root = layout({ hermes: true });
    const imported = await skillcHere(['import', '--from', 'taskflow'], root);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('(pi, codex, claude, opencode, grok, hermes)');
    expect(imported.stdout).toContain('commands.pi.md: for pi only, shipped as commands.md (skillc.files)');
    expect(JSON.parse(fs.readFileSync(path.join(root, 'skillc.config.json'), 'utf8')).extends).toEqual(['skillc:taskflow@0.2.9']);
    const expected = referenceOutputs(root);
    expect(expected.size).toBe(31);
    expect(expected.has('packages/pi-taskflow/skills/taskflow/commands.md')).toBe(true);
    const built = await skillcHere(['build'], root);
    expect(built.code, built.stderr + built.stdout).toBe(0);
    for (const [rel, text] of expected) expect(fs.readFileSync(path.join(root, rel), 'utf8'), rel).toBe(text);
    // commands.md ships to pi only.
    expect(listAll(path.join(root, 'packages')).filter((f) => f.endsWith('/commands.md'))).toEqual(['pi-taskflow/skills/taskflow/commands.md']);
    expect((await skillcHere(['build', '--check'], root)).code).toBe(0);
  });

  it("the marker defects build-skills.mjs refuses stop the build, in the included core too (nothing written)", async () => {
    const root = layout();
    expect((await skillcHere(['import', '--from', 'taskflow'], root)).code).toBe(0);
    expect((await skillcHere(['build'], root)).code).toBe(0);
    const core = path.join(root, 'skills/_core/taskflow.md');
    const clean = fs.readFileSync(core, 'utf8');
    const defects: [string, (t: string) => string][] = [
      ['nested', (t) => t.replace('<!-- host: pi -->\n', '<!-- host: pi -->\n<!-- host: codex -->\n')],
      ['close without open', (t) => `${t}\n<!-- /host:pi -->\n`],
      ['unclosed', (t) => `${t}\n<!-- host:pi -->\nx\n`],
      ['a host the project does not build', (t) => t.replace('<!-- host: pi -->', '<!-- host: cursor -->').replace('<!-- /host:pi -->', '<!-- /host:cursor -->')],
      ['a miscased host', (t) => t.replace('<!-- host: pi -->', '<!-- host: Pi -->').replace('<!-- /host:pi -->', '<!-- /host:Pi -->')],
      ['an empty list', (t) => t.replace('<!-- host: pi -->', '<!-- host:, -->').replace('<!-- /host:pi -->', '<!-- /host:, -->')],
      ['a space-separated list', (t) => t.replace('<!-- host: pi -->', '<!-- host: pi codex -->').replace('<!-- /host:pi -->', '<!-- /host:pi codex -->')],
    ];
    const before = snapshot(path.join(root, 'packages'));
    for (const [what, change] of defects) {
      fs.writeFileSync(core, change(clean));
      const r = await skillcHere(['build'], root);
      expect(r.code, what).toBe(1);
      expect(r.stdout + r.stderr, what).toContain('source/host-block');
    }
    expect(diffSnapshots(snapshot(path.join(root, 'packages')), before)).toEqual([]);
  });

  it('refuses what it cannot convert faithfully, writes nothing for that skill, and never overwrites', async () => {
    // An entry whose frontmatter the original does not see (CRLF): no banner there, skillc always writes one.
    let root = layout();
    const entry = path.join(root, 'skills-src/taskflow/entry.grok.md');
    fs.writeFileSync(entry, fs.readFileSync(entry, 'utf8').replace(/\n/g, '\r\n'));
    let r = await skillcHere(['import', '--from', 'taskflow'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/skip {4}skills-src\/taskflow \(entry\.grok\.md does not start with a `---` frontmatter block/);
    expect(fs.existsSync(path.join(root, 'skills'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'skillc.config.json'))).toBe(false);

    // A host marker in an entry: the original copies it as text.
    root = layout();
    fs.appendFileSync(path.join(root, 'skills-src/taskflow/entry.pi.md'), '\n<!-- host:pi -->\nx\n<!-- /host:pi -->\n');
    r = await skillcHere(['import', '--from', 'taskflow'], root);
    expect(r.stdout).toContain('entry.pi.md holds a host marker');

    // A key other than the description differing between entries.
    root = layout();
    const codex = path.join(root, 'skills-src/taskflow/entry.codex.md');
    fs.writeFileSync(codex, fs.readFileSync(codex, 'utf8').replace('name: taskflow\n', 'name: taskflow\nlicense: MIT\n'));
    r = await skillcHere(['import', '--from', 'taskflow'], root);
    expect(r.stdout).toContain('`license` differs from entry.pi.md; skillc lets only the description differ per host');

    // An existing destination is left as it is; a second run changes nothing.
    root = layout();
    expect((await skillcHere(['import', '--from', 'taskflow'], root)).code).toBe(0);
    const first = snapshot(root);
    r = await skillcHere(['import', '--from', 'taskflow'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('skills/taskflow exists; not overwritten');
    expect(diffSnapshots(snapshot(root), first)).toEqual([]);
  });

  it('--dry-run writes nothing; a project with a config gets the keys to add, its config untouched; the skill folder can be named', async () => {
    let root = layout();
    const before = snapshot(root);
    const dry = await skillcHere(['import', '--from', 'taskflow', '--dry-run'], root);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('would convert 1 taskflow skill(s)');
    expect(diffSnapshots(snapshot(root), before)).toEqual([]);

    root = layout();
    fs.writeFileSync(path.join(root, 'skillc.config.json'), '{ "hosts": ["claude"] }\n');
    const r = await skillcHere(['import', 'skills-src/taskflow', '--from', 'taskflow', '--to', 'src/skills'], root);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('config  the project has a config: add {"extends":["skillc:taskflow"],"sources":"src/skills"} to it');
    expect(fs.readFileSync(path.join(root, 'skillc.config.json'), 'utf8')).toBe('{ "hosts": ["claude"] }\n');
    expect(fs.existsSync(path.join(root, 'src/skills/taskflow/SKILL.md'))).toBe(true);

    const none = await skillcHere(['import', '--from', 'taskflow'], tempDir('skillc-taskflow-none-'));
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no taskflow source under .');
    const other = await skillcHere(['import', '--from', 'tflow'], root);
    expect(other.code).toBe(2);
  });
});
