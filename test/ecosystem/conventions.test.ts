// What ESLint and markdownlint-cli2 users expect of a linter's command line, through the real CLI:
// file arguments (any file of a skill, globs), --ignore-pattern, .gitignore, --stdin, --print-config,
// one spelling for the output file and the human format, `help <command>`, the exit code through a
// closed pipe, colour as chalk decides it, and build --check drift in the machine formats.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, CONFIG, git, project, SKILL, skillc } from './helpers.js';

const json = (stdout: string) => JSON.parse(stdout) as { files: { path: string; messages: { ruleId: string }[]; diff?: string }[]; summary: { errors: number; warnings: number } };

function threeSkills(extra: Record<string, string> = {}): string {
  return project({
    'skillc.config.json': CONFIG(['agentskills', 'claude', 'codex']),
    'skills-src/alpha/SKILL.md': SKILL('alpha', '# Alpha\n\nSee [notes](references/notes.md).\n'),
    'skills-src/alpha/references/notes.md': '# Notes\n',
    'skills-src/beta/SKILL.md': SKILL('beta', '# Beta\n\nBeta things, not alpha ones.\n'),
    'skills-src/gamma/SKILL.md': SKILL('gamma', '# Gamma\n\nGamma work of its own.\n'),
    ...extra,
  });
}

describe('lint file arguments', () => {
  it('any file of a skill names the skill; generated/ copies and files in no skill are passed over with a warning', () => {
    const root = threeSkills();
    expect(skillc(['build'], root).code).toBe(0);
    const r = skillc(['lint', '--format', 'json', 'skills-src/alpha/references/notes.md', 'generated/claude/skills/beta/SKILL.md', 'generated/codex/gamma/SKILL.md', 'skillc.config.json'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(json(r.stdout).files.map((f) => f.path)).toEqual(['skills-src/alpha/SKILL.md']);
    expect(r.stderr).toContain('not linted, under the output folder generated/ (built from the sources, which are linted): generated/claude/skills/beta/SKILL.md, generated/codex/gamma/SKILL.md');
    expect(r.stderr).toContain('not linted, in no skill folder (no SKILL.md above it): skillc.config.json');
    // Only files in no skill: nothing to lint, and that is not an error (a hook's commit may touch no skill).
    const none = skillc(['lint', 'generated/claude/skills/beta/SKILL.md'], root);
    expect(none.code).toBe(0);
    // A folder named inside the output folder is still searched: built skills can be linted on purpose.
    expect(json(skillc(['lint', '--format', 'json', 'generated/claude'], root).stdout).files.map((f) => f.path)).toContain('generated/claude/skills/beta/SKILL.md');
  });

  it('--fix on a skill\'s reference file fixes the skill', () => {
    const root = threeSkills({ 'skills-src/beta/SKILL.md': SKILL('Beta', '# Beta\n\nBeta things.\n') });
    fs.writeFileSync(path.join(root, 'skills-src/beta/notes.md'), '# Notes\n');
    const r = skillc(['lint', '--fix', 'skills-src/beta/notes.md'], root);
    expect(r.code, r.stdout).toBe(0);
    expect(fs.readFileSync(path.join(root, 'skills-src/beta/SKILL.md'), 'utf8')).toContain('name: beta\n');
  });

  it('--fix --changed fixes the skills holding the files and reports with the whole catalog', () => {
    const root = threeSkills({ 'skills-src/beta/SKILL.md': SKILL('Beta', '# Beta\n\nBeta things, not alpha ones.\n'), 'skills-src/gamma/SKILL.md': SKILL('Gamma') });
    const r = skillc(['lint', '--fix', '--changed', '--format', 'json', 'skills-src/beta/SKILL.md', 'generated/x/SKILL.md', 'README.md'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(json(r.stdout).files.map((f) => f.path)).toEqual(['skills-src/beta/SKILL.md']);
    expect(fs.readFileSync(path.join(root, 'skills-src/beta/SKILL.md'), 'utf8')).toContain('name: beta\n');
    // gamma was not passed: not fixed.
    expect(fs.readFileSync(path.join(root, 'skills-src/gamma/SKILL.md'), 'utf8')).toContain('name: Gamma\n');
    expect(skillc(['lint', '--fix', '--staged'], root).code).toBe(2);
  });

  it('--changed and --staged lint only the sources: a rebuilt generated/ among the files passes', () => {
    const root = threeSkills();
    git(['init', '-q'], root);
    expect(skillc(['build'], root).code).toBe(0);
    git(['add', '-A'], root);
    const files = git(['diff', '--cached', '--name-only'], root).trim().split('\n');
    expect(files).toContain('generated/agentskills/alpha/SKILL.md');
    const changed = skillc(['lint', '--changed', '--format', 'json', ...files], root);
    expect(changed.code, changed.stdout).toBe(0);
    expect(json(changed.stdout).files.every((f) => f.path.startsWith('skills-src/'))).toBe(true);
    const staged = skillc(['lint', '--staged', '--format', 'json'], root);
    expect(staged.code, staged.stdout).toBe(0);
    expect(staged.stdout).not.toContain('duplicate-name');
    // The config changed: every skill is linted again.
    expect(json(skillc(['lint', '--changed', '--format', 'json', 'skillc.config.json'], root).stdout).files.map((f) => f.path)).toEqual(['skills-src/alpha/SKILL.md', 'skills-src/beta/SKILL.md', 'skills-src/gamma/SKILL.md']);
  });

  it('globs, --ignore-pattern and .gitignore (with --no-gitignore)', () => {
    const root = threeSkills({ '.gitignore': 'skills-src/gamma/\n', 'skills-src/_drafts/wip/SKILL.md': SKILL('wip') });
    git(['init', '-q'], root);
    const paths = (args: string[]): string[] => json(skillc(['lint', '--format', 'json', ...args], root).stdout).files.map((f) => f.path).filter((p) => p.endsWith('SKILL.md'));
    expect(paths([])).toEqual(['skills-src/_drafts/wip/SKILL.md', 'skills-src/alpha/SKILL.md', 'skills-src/beta/SKILL.md']);
    expect(paths(['--no-gitignore'])).toContain('skills-src/gamma/SKILL.md');
    expect(paths(['skills-src/*/SKILL.md'])).toEqual(['skills-src/alpha/SKILL.md', 'skills-src/beta/SKILL.md']);
    expect(paths(['skills-src/**/SKILL.md', '--ignore-pattern', 'skills-src/_drafts/**'])).toEqual(['skills-src/alpha/SKILL.md', 'skills-src/beta/SKILL.md']);
    expect(paths(['--ignore-pattern', 'skills-src/_drafts/**', '--ignore-pattern', 'skills-src/beta'])).toEqual(['skills-src/alpha/SKILL.md']);
    const none = skillc(['lint', 'nothing/**/SKILL.md'], root);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No files match the pattern nothing/**/SKILL.md');
  });

  it('--stdin lints standard input as the file --stdin-filename names, its folder\'s other files from disk', () => {
    const root = threeSkills();
    const text = SKILL('Alpha', '# Alpha\n\nSee [notes](references/notes.md) and [gone](references/gone.md).\n');
    const r = spawnSync(process.execPath, [bin, 'lint', '--stdin', '--stdin-filename', 'skills-src/alpha/SKILL.md', '--format', 'json'], { cwd: root, input: text, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } });
    expect(r.status, r.stderr).toBe(1);
    const doc = json(r.stdout);
    expect(doc.files.map((f) => f.path)).toEqual(['skills-src/alpha/SKILL.md']);
    const rules = doc.files[0]!.messages.map((m) => m.ruleId);
    expect(rules).toContain('frontmatter/name-format');
    // references/notes.md is on disk: only the missing one is broken.
    expect(rules.filter((id) => id === 'links/broken')).toHaveLength(1);
    expect(fs.readFileSync(path.join(root, 'skills-src/alpha/SKILL.md'), 'utf8')).toContain('name: alpha');
    expect(skillc(['lint', '--stdin', 'skills-src'], root).code).toBe(2);
    expect(skillc(['lint', '--stdin-filename', 'x/SKILL.md'], root).code).toBe(2);
  });

  it('--print-config says what applies to a file after presets and overrides', () => {
    const root = threeSkills({
      'skillc.config.json': JSON.stringify({ extends: ['skillc:strict'], hosts: ['claude'], rules: { 'body/max-lines': ['warn', { max: 50 }] }, overrides: [{ files: ['references/**'], rules: { 'body/max-lines': 'off' } }] }),
    });
    const r = skillc(['lint', '--print-config', 'skills-src/alpha/references/notes.md'], root);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout) as { file: string; configFile: string; skill: string; linted: boolean; hosts: string[]; rules: Record<string, unknown> };
    expect(c).toMatchObject({ file: 'skills-src/alpha/references/notes.md', configFile: 'skillc.config.json', skill: 'skills-src/alpha', linted: true, hosts: ['claude'] });
    expect(c.rules['body/max-lines']).toBe('off');
    const md = JSON.parse(skillc(['lint', '--print-config', 'skills-src/alpha/SKILL.md'], root).stdout) as typeof c;
    expect(md.rules['body/max-lines']).toEqual(['warning', expect.objectContaining({ max: 50 })]);
    expect(JSON.parse(skillc(['lint', '--print-config', 'generated/claude/skills/alpha/SKILL.md'], root).stdout)).toMatchObject({ linted: false, skipped: 'output' });
  });
});

describe('one spelling for one thing', () => {
  it('-o/--output-file on every command that prints a report; graph keeps --output; stylish is the human format everywhere (text its old name)', () => {
    const root = threeSkills();
    expect(skillc(['build'], root).code).toBe(0);
    for (const [args, file] of [
      [['lint', '-f', 'json'], 'lint.json'],
      [['build', '--check', '-f', 'json'], 'build.json'],
      [['rules', '-f', 'json'], 'rules.json'],
      [['catalog', '-f', 'json'], 'catalog.json'],
      [['graph', '-f', 'json'], 'graph.json'],
    ] as const) {
      const r = skillc([...args, '--output-file', file], root);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(() => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')), args.join(' ')).not.toThrow();
    }
    expect(skillc(['graph', '--output', 'old.mmd'], root).code).toBe(0);
    expect(fs.readFileSync(path.join(root, 'old.mmd'), 'utf8')).toContain('graph');
    expect(skillc(['graph', '--output', 'a', '--output-file', 'b'], root).code).toBe(2);
    for (const command of [['rules'], ['catalog']]) {
      expect(skillc([...command, '--format', 'stylish'], root).stdout).toBe(skillc([...command, '--format', 'text'], root).stdout);
    }
    expect(skillc(['rules', '--help'], root).stdout).toContain('stylish (default; `text` is its old name)');
  });

  it('skillc help <command> is skillc <command> --help', () => {
    for (const command of ['lint', 'build', 'install', 'graph']) {
      const help = skillc(['help', command], process.cwd());
      expect(help.code).toBe(0);
      expect(help.stdout).toBe(skillc([command, '--help'], process.cwd()).stdout);
    }
    expect(skillc(['help', 'lnt'], process.cwd()).stderr).toContain("did you mean 'lint'?");
  });
});

describe('exit codes and colour', () => {
  it('keeps exit 1 when the reader closes the pipe early (skillc lint | head -1)', async () => {
    const files: Record<string, string> = { 'skillc.config.json': CONFIG(['agentskills']) };
    // Enough output to fill a pipe: the write after the reader left fails with EPIPE.
    for (let i = 0; i < 400; i++) files[`skills-src/s${i}/SKILL.md`] = SKILL(`Bad_${i}`);
    const root = project(files);
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [bin, 'lint'], { cwd: root, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.once('data', () => child.stdout.destroy());
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (c) => {
        expect(stderr).not.toContain('internal error');
        resolve(c);
      });
    });
    expect(code).toBe(1);
    const clean = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [bin, 'rules'], { cwd: root, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('close', resolve);
    });
    expect(clean).toBe(0);
  });

  it('--quiet --max-warnings 0 with one warning exits 1, as ESLint', () => {
    // A body over a one-line limit set to warn: one warning a skill, no error.
    const root = threeSkills({ 'skillc.config.json': JSON.stringify({ hosts: ['agentskills'], rules: { 'body/max-lines': ['warn', { max: 1 }] } }) });
    const warn = json(skillc(['lint', '--format', 'json'], root).stdout);
    expect(warn.summary.errors).toBe(0);
    expect(warn.summary.warnings).toBeGreaterThan(0);
    const r = skillc(['lint', '--quiet', '--max-warnings', '0'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });

  it('FORCE_COLOR beats NO_COLOR, FORCE_COLOR=0 turns colour off; --color / --no-color win', () => {
    const root = threeSkills({ 'skills-src/beta/SKILL.md': SKILL('Beta') });
    const colour = (env: Record<string, string>, args: string[] = []): boolean => skillc(['lint', ...args], root, { NO_COLOR: '', ...env }).stdout.includes('\u001b[');
    expect(colour({})).toBe(false);
    expect(colour({ FORCE_COLOR: '1' })).toBe(true);
    expect(colour({ FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(colour({ FORCE_COLOR: '0' })).toBe(false);
    expect(colour({ FORCE_COLOR: 'false' })).toBe(false);
    expect(colour({ FORCE_COLOR: '0' }, ['--color'])).toBe(true);
    expect(colour({ FORCE_COLOR: '1' }, ['--no-color'])).toBe(false);
  });
});

describe('build --check drift in machine formats', () => {
  it('json, sarif and github carry each drifted file with a short diff; a file skillc did not write says so', () => {
    const root = threeSkills();
    expect(skillc(['build'], root).code).toBe(0);
    const edited = path.join(root, 'generated/claude/skills/alpha/SKILL.md');
    fs.writeFileSync(edited, fs.readFileSync(edited, 'utf8').replace('See [notes]', 'Read [notes]'));
    fs.rmSync(path.join(root, 'generated/codex/beta/SKILL.md'));
    fs.writeFileSync(path.join(root, 'generated/agentskills/stray.md'), 'by hand\n');

    const r = skillc(['build', '--check', '--format', 'json'], root);
    expect(r.code).toBe(1);
    const doc = json(r.stdout);
    const byPath = new Map(doc.files.map((f) => [f.path, f]));
    expect([...byPath.keys()]).toEqual(['generated/agentskills/stray.md', 'generated/claude/skills/alpha/SKILL.md', 'generated/codex/beta/SKILL.md']);
    expect(byPath.get('generated/claude/skills/alpha/SKILL.md')!.messages.map((m) => m.ruleId)).toEqual(['build/drift']);
    expect(byPath.get('generated/claude/skills/alpha/SKILL.md')!.diff).toMatch(/^--- claude\/skills\/alpha\/SKILL.md \(on disk\)\n\+\+\+ .*\(built\)\n@@ .* @@\n[\s\S]*-Read \[notes\][\s\S]*\+See \[notes\]/);
    expect(byPath.get('generated/agentskills/stray.md')!.messages[0]).toMatchObject({ ruleId: 'build/not-written', message: 'skillc did not write this: delete it or move it to the sources' });
    expect(doc.summary.errors).toBe(3);

    const github = skillc(['build', '--check', '--format', 'github'], root);
    expect(github.code).toBe(1);
    expect(github.stdout).toContain('::error file=generated/claude/skills/alpha/SKILL.md,line=');
    expect(github.stdout).toContain('(build/drift)%0A--- claude/skills/alpha/SKILL.md (on disk)');
    expect(github.stdout).toContain('::error file=generated/agentskills/stray.md,line=1,col=1,endLine=1,endColumn=1,title=build/not-written::skillc did not write this: delete it or move it to the sources');

    const sarif = JSON.parse(skillc(['build', '--check', '--format', 'sarif'], root).stdout) as { runs: { results: { ruleId: string; message: { text: string } }[] }[] };
    const drift = sarif.runs[0]!.results.find((x) => x.ruleId === 'build/drift' && x.message.text.includes('@@'));
    expect(drift!.message.text).toContain('+See [notes]');

    // The terminal: each drifted file with its diff; the foreign file's line says what ends the drift.
    const text = skillc(['build', '--check'], root);
    expect(text.stderr).toContain('DRIFT: generated/claude/skills/alpha/SKILL.md\n    --- claude/skills/alpha/SKILL.md (on disk)');
    expect(text.stderr).toContain('EXTRA: generated/agentskills/stray.md: skillc did not write this: delete it or move it to the sources');
    // Rebuilding does not end the foreign file's drift: only deleting it does.
    expect(skillc(['build'], root).code).toBe(0);
    const again = skillc(['build', '--check'], root);
    expect(again.code).toBe(1);
    expect(again.stderr).not.toContain('Run `npx skillc build`');
    fs.rmSync(path.join(root, 'generated/agentskills/stray.md'));
    const clean = skillc(['build', '--check', '--format', 'json'], root);
    expect(clean.code).toBe(0);
    expect(json(clean.stdout).files).toEqual([]);
    expect(clean.stderr).toContain('is up to date');
  });
});
