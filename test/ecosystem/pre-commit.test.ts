import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG, SKILL, bin, git, project, repo } from './helpers.js';

const hasPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasPreCommit) console.warn('skipping the pre-commit framework tests: `pre-commit` is not installed (Debian: apt-get install -y pre-commit)');
// The published hook's install needs the npm registry (about 20 s); SKILLC_TEST_PRECOMMIT_NODE=0 skips it offline.
const withNode = process.env.SKILLC_TEST_PRECOMMIT_NODE !== '0';

interface Hook {
  id: string;
  entry: string;
  language: string;
  require_serial?: boolean;
  [key: string]: unknown;
}
const hooks = parseYaml(fs.readFileSync(path.join(repo, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

function preCommit(args: string[], cwd: string, home: string) {
  const r = spawnSync('pre-commit', args, { cwd, encoding: 'utf8', env: { ...process.env, PRE_COMMIT_HOME: home, NO_COLOR: '1', PRE_COMMIT_COLOR: 'never' } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A git repository with two skills that require each other's names, one staged with a broken link. */
function skillsRepo(config: object): string {
  const root = project({
    'skillc.config.json': CONFIG(['agentskills']),
    'skills-src/alpha/SKILL.md': SKILL('alpha', '# Alpha\n\nText about alpha things.\n'),
    'skills-src/beta/SKILL.md': SKILL('beta', '# Beta\n\nUse the `alpha` skill first.\n', 'skillc:\n  requires: [alpha]\n'),
    'README.md': '# project\n',
    // As every npm project has it: the build and lint caches under node_modules/.cache are not committed
    // (--changed writes the lint cache there; a tracked cache would count as a file the hook modified).
    '.gitignore': 'node_modules/\n',
  });
  fs.writeFileSync(path.join(root, '.pre-commit-config.yaml'), stringify(config));
  git(['init', '-q'], root);
  git(['add', '.'], root);
  git(['commit', '-qm', 'init', '--no-verify'], root);
  return root;
}

/** Edits a source, rebuilds generated/ with this checkout's CLI and stages both, as a user commits a change. */
function stageRebuilt(root: string): void {
  fs.appendFileSync(path.join(root, 'skills-src/alpha/SKILL.md'), '\nOne more line.\n');
  const built = spawnSync(process.execPath, [bin, 'build'], { cwd: root, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  git(['add', '-A'], root);
  expect(git(['diff', '--cached', '--name-only'], root)).toContain('generated/agentskills/alpha/SKILL.md');
}

describe.skipIf(!hasPreCommit)('pre-commit hook (the real framework)', () => {
  it('the hook definition lints changed files with the whole catalog', () => {
    const hook = hooks.find((h) => h.id === 'skillc-lint')!;
    expect(hook.language).toBe('node');
    expect(hook.require_serial).toBe(true);
    expect(hook.entry).toBe('skillc lint --changed');
    // Every file but the default output folder's: a rebuilt generated/ is not handed to the lint.
    expect(new RegExp(hook.files as string).test('generated/claude/skills/a/SKILL.md')).toBe(false);
    expect(new RegExp(hook.files as string).test('skills-src/a/SKILL.md')).toBe(true);
  });

  it('runs `skillc lint --changed` on the staged files (repo: local, language: system)', () => {
    const hook = hooks.find((h) => h.id === 'skillc-lint')!;
    // The tested path: the published hook, run from this checkout's bin instead of an npm install.
    const local = { ...hook, language: 'system', entry: `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} ${hook.entry.replace(/^skillc /, '')}` };
    delete (local as Partial<Hook>).minimum_pre_commit_version;
    const root = skillsRepo({ repos: [{ repo: 'local', hooks: [local] }] });
    const home = project();

    // Only README changed: the hook passes.
    fs.appendFileSync(path.join(root, 'README.md'), 'more\n');
    git(['add', 'README.md'], root);
    const readme = preCommit(['run'], root, home);
    expect(readme.code, readme.out).toBe(0);
    expect(readme.out).toMatch(/skillc lint\.+Passed/);

    // alpha gains a broken link and a cycle through beta: the cycle is found though beta was not staged.
    fs.writeFileSync(path.join(root, 'skills-src/alpha/SKILL.md'), SKILL('alpha', '# Alpha\n\nSee [gone](references/gone.md).\n', 'skillc:\n  requires: [beta]\n'));
    git(['add', 'skills-src/alpha/SKILL.md'], root);
    const broken = preCommit(['run'], root, home);
    expect(broken.code, broken.out).toBe(1);
    expect(broken.out).toMatch(/skillc lint\.+Failed/);
    expect(broken.out).toContain('skills-src/alpha/SKILL.md');
    expect(broken.out).toContain('links/broken');
    expect(broken.out).toContain('skills/requires-cycle');
    expect(broken.out).not.toContain('skills-src/beta/SKILL.md\n');

    // Fixed: the commit goes through the installed git hook.
    fs.writeFileSync(path.join(root, 'skills-src/alpha/SKILL.md'), SKILL('alpha', '# Alpha\n\nText about alpha things, revised.\n'));
    git(['add', 'skills-src/alpha/SKILL.md'], root);
    expect(preCommit(['install'], root, home).code).toBe(0);
    const commit = spawnSync('git', ['commit', '-qm', 'fix beta'], { cwd: root, encoding: 'utf8', env: { ...process.env, PRE_COMMIT_HOME: home, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' } });
    expect(commit.status, commit.stdout + commit.stderr).toBe(0);

    // The normal commit getting-started asks for: a source change with the rebuilt generated/. The
    // built copies share their sources' names; linted as skills they failed skills/duplicate-name.
    stageRebuilt(root);
    const rebuilt = preCommit(['run'], root, home);
    expect(rebuilt.code, rebuilt.out).toBe(0);
    expect(rebuilt.out).toMatch(/skillc lint\.+Passed/);
    // Even handed every file (an `files: ''` override, or a `repo: local` hook without a pattern), --changed passes generated/ over.
    const everything = skillsRepo({ repos: [{ repo: 'local', hooks: [{ ...local, files: '' }] }] });
    stageRebuilt(everything);
    const all = preCommit(['run'], everything, home);
    expect(all.code, all.out).toBe(0);
    expect(all.out).not.toContain('duplicate-name');
  });

  // language: node installs the hook repo with npm in pre-commit's own environment: npm install (which
  // compiles dist/ in prepare), npm pack (whose stdout must be the tarball's name alone: the repo's .npmrc
  // keeps npm from printing script banners there), then a global install of the tarball (no install script).
  it.skipIf(!withNode)('installs and runs the published hook from a clean clone (language: node)', () => {
    const clone = project();
    const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
    for (const f of files) {
      if (!fs.existsSync(path.join(repo, f))) continue;
      fs.mkdirSync(path.dirname(path.join(clone, f)), { recursive: true });
      fs.cpSync(path.join(repo, f), path.join(clone, f));
    }
    git(['init', '-q'], clone);
    git(['add', '.'], clone);
    git(['commit', '-qm', 'hook repo', '--no-verify'], clone);
    const rev = git(['rev-parse', 'HEAD'], clone).trim();
    const root = skillsRepo({ repos: [{ repo: clone, rev, hooks: [{ id: 'skillc-lint' }] }] });
    const home = project();
    fs.writeFileSync(path.join(root, 'skills-src/beta/SKILL.md'), SKILL('beta', '# Beta\n\nSee [gone](references/gone.md).\n'));
    git(['add', '.'], root);
    const r = preCommit(['run'], root, home);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('links/broken');
    // Fixed and rebuilt, generated/ staged with it: the published hook passes.
    fs.writeFileSync(path.join(root, 'skills-src/beta/SKILL.md'), SKILL('beta', '# Beta\n\nUse the `alpha` skill first.\n', 'skillc:\n  requires: [alpha]\n'));
    stageRebuilt(root);
    const ok = preCommit(['run'], root, home);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).not.toContain('duplicate-name');
  });
});
