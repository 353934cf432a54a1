import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { splitSkillMd, tempProject } from './helpers.js';

const CONFIG = JSON.stringify({ hosts: ['agentskills'] });

const skill = (name: string, body: string): string => `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\n\n# ${name}\n\n${body}`;

const bodyOf = (dir: string, rel: string): string => splitSkillMd(fs.readFileSync(path.join(dir, 'generated', rel), 'utf8')).body;

describe('build: includes', () => {
  it('resolves nested includes from each including file and rewrites each link once, from its own file', async () => {
    const dir = tempProject({
      'skillc.config.json': CONFIG,
      'skills-src/_shared/outer.md': 'Outer: see [outer notes](notes/outer.md).\n\n<!-- include: deep/inner.md -->\n',
      'skills-src/_shared/notes/outer.md': '# Outer notes\n',
      'skills-src/_shared/deep/inner.md': 'Inner: see [inner notes](../notes/inner.md#top) and [the skill ref](../../alpha/references/r.md).\n',
      'skills-src/_shared/notes/inner.md': '# Top\n',
      'skills-src/alpha/references/r.md': '# R\n',
      'skills-src/alpha/SKILL.md': skill('alpha', 'See [r](references/r.md).\n\n<!-- include: ../_shared/outer.md -->\n'),
    });
    const result = await build({ cwd: dir });
    expect(result.diagnostics).toEqual([]);
    const body = bodyOf(dir, 'agentskills/alpha/SKILL.md');
    expect(body).toContain('See [r](references/r.md).');
    expect(body).toContain('Outer: see [outer notes](_included/_shared/notes/outer.md).');
    expect(body).toContain('Inner: see [inner notes](_included/_shared/notes/inner.md#top) and [the skill ref](references/r.md).');
    const out = path.join(dir, 'generated/agentskills/alpha');
    expect(fs.readFileSync(path.join(out, '_included/_shared/notes/outer.md'), 'utf8')).toBe('# Outer notes\n');
    expect(fs.readFileSync(path.join(out, '_included/_shared/notes/inner.md'), 'utf8')).toBe('# Top\n');
  });

  it('rewrites links of a fragment kept inside the skill folder', async () => {
    const dir = tempProject({
      'skillc.config.json': CONFIG,
      'skills-src/alpha/parts/step.md': 'Use [the template](../assets/t.md).\n',
      'skills-src/alpha/assets/t.md': 'T\n',
      'skills-src/alpha/SKILL.md': skill('alpha', '<!-- include: parts/step.md -->\n\nSee [the step](parts/step.md).\n'),
    });
    const result = await build({ cwd: dir });
    expect(result.errorCount).toBe(0);
    expect(bodyOf(dir, 'agentskills/alpha/SKILL.md')).toContain('Use [the template](assets/t.md).');
  });

  it('keeps the run bit of a script an included fragment links to', async () => {
    const dir = tempProject({
      'skillc.config.json': CONFIG,
      'skills-src/_shared/run.md': 'Run [the check](tools/check.sh).\n',
      'skills-src/_shared/tools/check.sh': '#!/bin/sh\nset -eu\necho ok\n',
      'skills-src/alpha/SKILL.md': skill('alpha', '<!-- include: ../_shared/run.md -->\n'),
    });
    fs.chmodSync(path.join(dir, 'skills-src/_shared/tools/check.sh'), 0o755);
    const result = await build({ cwd: dir });
    expect(result.errorCount).toBe(0);
    const copied = path.join(dir, 'generated/agentskills/alpha/_included/_shared/tools/check.sh');
    expect(fs.statSync(copied).mode & 0o777).toBe(0o755);
  });

  it('reports a fragment link that leaves the sources root, at its line in the fragment', async () => {
    const dir = tempProject({
      'skillc.config.json': CONFIG,
      'README.md': '# Project\n',
      'skills-src/_shared/bad.md': 'Fine.\n\nSee [the readme](../../README.md).\n',
      'skills-src/alpha/SKILL.md': skill('alpha', '<!-- include: ../_shared/bad.md -->\n'),
    });
    const result = await build({ cwd: dir });
    expect(result.written).toBe(false);
    const d = result.diagnostics.find((x) => x.ruleId === 'build/include');
    expect(d).toMatchObject({ severity: 'error', file: path.join(dir, 'skills-src/_shared/bad.md'), line: 3 });
    expect(fs.existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it('changes the source hash when a file copied for an include changes', async () => {
    const dir = tempProject({
      'skillc.config.json': CONFIG,
      'skills-src/_shared/run.md': 'See [notes](notes.md).\n',
      'skills-src/_shared/notes.md': 'v1\n',
      'skills-src/alpha/SKILL.md': skill('alpha', '<!-- include: ../_shared/run.md -->\n'),
    });
    const hash = async (): Promise<string> => {
      await build({ cwd: dir });
      return JSON.parse(fs.readFileSync(path.join(dir, 'generated/catalog.json'), 'utf8')).skills[0].sourceHash as string;
    };
    const first = await hash();
    fs.writeFileSync(path.join(dir, 'skills-src/_shared/notes.md'), 'v2\n');
    expect(await hash()).not.toBe(first);
  });
});

describe('build: bundled files', () => {
  it('ships a symlink inside the skill folder as the file it points at', async () => {
    const dir = tempProject({
      'skillc.config.json': CONFIG,
      'skills-src/alpha/references/real.md': '# Real\n',
      'skills-src/alpha/SKILL.md': skill('alpha', 'See [alias](references/alias.md) and [real](references/real.md).\n'),
    });
    fs.symlinkSync('real.md', path.join(dir, 'skills-src/alpha/references/alias.md'));
    const result = await build({ cwd: dir });
    expect(result.errorCount).toBe(0);
    const alias = path.join(dir, 'generated/agentskills/alpha/references/alias.md');
    expect(fs.lstatSync(alias).isFile()).toBe(true);
    expect(fs.readFileSync(alias, 'utf8')).toBe('# Real\n');
  });

  it('emits nothing of fixtures/, and the skill folder layout otherwise', async () => {
    const dir = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['claude', 'codex'] }),
      'skills-src/alpha/SKILL.md': skill('alpha', 'See [a](assets/a.txt).\n'),
      'skills-src/alpha/assets/a.txt': 'a\n',
      'skills-src/alpha/fixtures/pass-one/out.md': '## A\n',
      'skills-src/alpha/fixtures/pass-one/.args': '--x\n',
    });
    const result = await build({ cwd: dir });
    expect(result.errorCount).toBe(0);
    expect(result.files.map((f) => f.path).filter((p) => p.includes('alpha/'))).toEqual([
      'claude/skills/alpha/SKILL.md',
      'claude/skills/alpha/assets/a.txt',
      'codex/alpha/SKILL.md',
      'codex/alpha/assets/a.txt',
    ]);
  });
});

describe('build: frontmatter per host', () => {
  it('drops keys a host does not read, never emits skillc, keeps the authored order and quoting, quotes values a YAML 1.1 loader would retype', async () => {
    const dir = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['agentskills', 'claude', 'codex'] }),
      'skills-src/alpha/SKILL.md':
        "---\nname: alpha\ndescription: 'yes'\nmetadata:\n  version: '1.10'\n  flag: on\n  b: 'null'\n  plain: kept plain\nskillc:\n  claude: { effort: high, user-invocable: false }\n  codex: { policy: { allow_implicit_invocation: true } }\n---\n\n# Alpha\n\nText.\n",
    });
    const result = await build({ cwd: dir });
    expect(result.errorCount).toBe(0);
    const read = (rel: string): string => fs.readFileSync(path.join(dir, 'generated', rel), 'utf8');
    // `on` is a string to YAML 1.2 but true to a 1.1 loader: it is quoted; what the source quoted stays quoted its way.
    expect(splitSkillMd(read('agentskills/alpha/SKILL.md')).yaml).toBe("name: alpha\ndescription: 'yes'\nmetadata:\n  version: '1.10'\n  flag: \"on\"\n  b: 'null'\n  plain: kept plain");
    expect(splitSkillMd(read('claude/skills/alpha/SKILL.md')).yaml).toBe(
      "name: alpha\ndescription: 'yes'\nmetadata:\n  version: '1.10'\n  flag: \"on\"\n  b: 'null'\n  plain: kept plain\neffort: high\nuser-invocable: false",
    );
    expect(read('codex/alpha/agents/openai.yaml')).toBe('policy:\n  allow_implicit_invocation: true\n');
    for (const rel of ['agentskills/alpha/SKILL.md', 'claude/skills/alpha/SKILL.md', 'codex/alpha/SKILL.md']) expect(read(rel)).not.toMatch(/skillc:|effort: "high"[\s\S]*codex/);
  });
});

describe('build: bundled Markdown', () => {
  it('applies host blocks and includes to companions and references, per host', async () => {
    const dir = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['claude', 'codex'] }),
      'skills-src/_shared/ladder.md': '## Flow design ladder\n\nStart small.\n',
      'skills-src/alpha/SKILL.md': skill('alpha', 'See [p](patterns.md), [r](references/r.md), [plain](references/plain.md).\n'),
      'skills-src/alpha/patterns.md': '# Patterns\n\n<!-- host: claude -->\nClaude only.\n<!-- /host: claude -->\n\n<!-- host: codex -->\nCodex only.\n<!-- /host -->\n\n<!-- include: ../_shared/ladder.md -->\n',
      'skills-src/alpha/references/r.md': '# R\n\n<!-- host: codex -->\nCodex ref.\n<!-- /host -->\n\nBoth.\n',
      'skills-src/alpha/references/plain.md': '# Plain <!-- not a directive -->\n',
    });
    const result = await build({ cwd: dir });
    expect(result.diagnostics).toEqual([]);
    const read = (rel: string): string => fs.readFileSync(path.join(dir, 'generated', rel), 'utf8');
    expect(read('claude/skills/alpha/patterns.md')).toBe('# Patterns\n\nClaude only.\n\n## Flow design ladder\n\nStart small.\n');
    expect(read('codex/alpha/patterns.md')).toBe('# Patterns\n\nCodex only.\n\n## Flow design ladder\n\nStart small.\n');
    expect(read('claude/skills/alpha/references/r.md')).toBe('# R\n\nBoth.\n');
    expect(read('codex/alpha/references/r.md')).toBe('# R\n\nCodex ref.\n\nBoth.\n');
    expect(read('codex/alpha/references/plain.md')).toBe('# Plain <!-- not a directive -->\n');
  });

  it('fails lint, and so builds nothing, on a bad marker in a companion', async () => {
    const dir = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['claude'] }),
      'skills-src/alpha/SKILL.md': skill('alpha', 'See [p](patterns.md).\n'),
      'skills-src/alpha/patterns.md': '# Patterns\n\n<!-- host: claude, codex -->\nA.\n<!-- /host: codex -->\n',
    });
    const result = await build({ cwd: dir });
    expect(result.written).toBe(false);
    expect(result.diagnostics.map((d) => [d.ruleId, path.basename(d.file), d.line])).toEqual([['source/host-block', 'patterns.md', 5]]);
  });

  it('reports a missing include in a companion', async () => {
    const dir = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['claude'] }),
      'skills-src/alpha/SKILL.md': skill('alpha', 'See [p](patterns.md).\n'),
      'skills-src/alpha/patterns.md': '# Patterns\n\n<!-- include: nowhere.md -->\n',
    });
    const result = await build({ cwd: dir });
    expect(result.written).toBe(false);
    // Lint walks a companion's includes as the build does, so the build's own lint pass stops it first.
    expect(result.diagnostics.map((d) => [d.ruleId, path.basename(d.file), d.message])).toEqual([['source/include-missing', 'patterns.md', 'Unexpected include of missing file `nowhere.md`, expected an existing file relative to the including file']]);
  });
});

describe('build: per-host fields', () => {
  it('gives a host the description written under skillc.<host>, the others the top-level one', async () => {
    const dir = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['claude', 'pi'] }),
      'skills-src/alpha/SKILL.md': '---\nname: alpha\ndescription: Use when testing alpha.\nskillc:\n  pi:\n    description: Use when testing alpha through the taskflow tool.\n---\n\n# Alpha\n\nBody.\n',
    });
    const result = await build({ cwd: dir });
    expect(result.diagnostics).toEqual([]);
    const fm = (rel: string): string => splitSkillMd(fs.readFileSync(path.join(dir, "generated", rel), "utf8")).yaml;
    expect(fm('pi/alpha/SKILL.md')).toContain('Use when testing alpha through the taskflow tool.');
    expect(fm('claude/skills/alpha/SKILL.md')).toContain('Use when testing alpha.');
  });
});

describe('build: banners', () => {
  const files = (config: object): Record<string, string> => ({
    'skillc.config.json': JSON.stringify({ hosts: ['pi'], ...config }),
    'skills-src/alpha/SKILL.md': '---\nname: alpha\ndescription: Use when testing alpha.\n---\n\n# Alpha\n\nSee [p](patterns.md) and [r](references/r.md).\n',
    'skills-src/alpha/patterns.md': '---\ntitle: own frontmatter\n---\n\n# Patterns\n\n<!-- host: pi -->\nPi.\n<!-- /host -->\n',
    'skills-src/alpha/references/r.md': '# R\n',
  });
  const read = (dir: string, rel: string): string => fs.readFileSync(path.join(dir, 'generated/pi/alpha', rel), 'utf8');

  it('writes the configured text after the frontmatter and atop companions, placeholders filled', async () => {
    const dir = tempProject(
      files({ banner: { skill: '\n<!-- GENERATED FILE — do not edit. Source: {source} for {host} ({skill}) -->', markdown: '<!-- GENERATED — {file} from {source} -->\n' } }),
    );
    const result = await build({ cwd: dir });
    expect(result.diagnostics).toEqual([]);
    expect(read(dir, 'SKILL.md')).toBe('---\nname: alpha\ndescription: Use when testing alpha.\n---\n\n<!-- GENERATED FILE — do not edit. Source: skills-src/alpha/SKILL.md for pi (alpha) -->\n\n# Alpha\n\nSee [p](patterns.md) and [r](references/r.md).\n');
    // The banner is the very first line, before the companion's own frontmatter; a file with no directive gets it too.
    expect(read(dir, 'patterns.md')).toBe('<!-- GENERATED — patterns.md from skills-src/alpha/patterns.md -->\n\n---\ntitle: own frontmatter\n---\n\n# Patterns\n\nPi.\n');
    expect(read(dir, 'references/r.md')).toBe('<!-- GENERATED — references/r.md from skills-src/alpha/references/r.md -->\n\n# R\n');
  });

  it('writes none when told, the body and companions as authored', async () => {
    const dir = tempProject(files({ banner: { skill: false } }));
    const result = await build({ cwd: dir });
    expect(result.diagnostics).toEqual([]);
    expect(read(dir, 'SKILL.md')).toBe('---\nname: alpha\ndescription: Use when testing alpha.\n---\n\n# Alpha\n\nSee [p](patterns.md) and [r](references/r.md).\n');
    expect(read(dir, 'references/r.md')).toBe('# R\n');
  });

  it('rejects a banner that is not text or a switch', async () => {
    const dir = tempProject(files({ banner: { skill: 3 } }));
    await expect(build({ cwd: dir })).rejects.toThrow(/banner\.skill/);
  });
});
