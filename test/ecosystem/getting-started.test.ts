// docs/getting-started.md, walked exactly as written in a temp folder with a temp HOME: init, a skill
// of one's own, lint, build, a pre-commit hook through husky, a commit that goes through it and one it
// stops, CI's checks, install into HOME and uninstall. skillc is the packed tarball of this checkout,
// installed where the guide installs from git; husky and skillc's dependencies come from the npm cache
// or the registry (SKILLC_TEST_NETWORK=0 skips the walk offline).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmEnv, packTarball, project, repo } from './helpers.js';

const INSTALL_LINE = 'npm i -D github:skillc-dev/skillc';
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** The ```sh blocks of docs/getting-started.md marked `<!-- test -->` (or `<!-- test: why -->`), in order. */
function testedBlocks(): string[] {
  const text = fs.readFileSync(path.join(repo, 'docs', 'getting-started.md'), 'utf8');
  const blocks: string[] = [];
  const re = /<!-- test(?::[^>]*)? -->\n```sh\n([\s\S]*?)```/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) blocks.push(m[1]!);
  return blocks;
}

describe('docs/getting-started.md', () => {
  it('tests every sh block of the page', () => {
    const text = fs.readFileSync(path.join(repo, 'docs', 'getting-started.md'), 'utf8');
    expect(testedBlocks().length).toBe((text.match(/^```sh$/gm) ?? []).length);
    expect(testedBlocks().length).toBeGreaterThanOrEqual(7);
    // The one line the suite replaces is there, once.
    expect(testedBlocks().join('\n').split('\n').filter((l) => l === INSTALL_LINE)).toHaveLength(1);
  });

  it.skipIf(process.env.SKILLC_TEST_NETWORK === '0')('walks the guide as written, with the packed tarball', () => {
    const tgz = packTarball();
    const home = project();
    const root = project();
    made.push(home, root);
    const script = testedBlocks()
      .join('\n')
      .split('\n')
      .map((line) => (line === INSTALL_LINE ? `npm i -D ${JSON.stringify(tgz)}` : line))
      .join('\n');
    const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: root, encoding: 'utf8', env: npmEnv(home) });
    const log = `${r.stdout}\n${r.stderr}`;
    expect(r.status, log).toBe(0);
    const dir = path.join(root, 'my-skills');
    const git = (...args: string[]): string => spawnSync('git', args, { cwd: dir, encoding: 'utf8' }).stdout;

    // skillc came from the tarball, with no install script warning.
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).devDependencies.skillc).toMatch(/^file:.*\.tgz$/);
    expect(log).not.toMatch(/install-scripts|EBADENGINE/);
    // init's .gitignore kept node_modules out of `git add -A`.
    expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toContain('node_modules/');
    const committed = git('ls-files').split('\n');
    expect(committed.some((f) => f.startsWith('node_modules/'))).toBe(false);
    expect(committed).toContain('skills-src/greet/SKILL.md');
    expect(committed).toContain('generated/claude/skills/greet/SKILL.md');
    // The hook is skillc's (written after `husky init`, not replaced by it), and it ran: one commit went
    // through, the broken one was stopped by lint.
    expect(fs.readFileSync(path.join(dir, '.husky', 'pre-commit'), 'utf8')).toBe('npx skillc lint --staged\nnpx skillc build --check --no-lint-report\n');
    expect(git('log', '--format=%s').trim().split('\n')).toEqual(['First skills']);
    expect(log).toContain('frontmatter/name-format');
    // The guide's own steps leave nothing behind for lint to trip over (a `sed -i.bak` copy once did).
    expect(log).not.toContain('links/unreferenced-file');
    expect(log).toContain('husky - pre-commit script failed');
    // Built, rehearsed for CI, installed into the temp HOME and uninstalled again.
    expect(fs.existsSync(path.join(dir, 'rehearse.xml'))).toBe(true);
    expect(r.stdout).toContain('greet');
    expect(r.stdout).toMatch(/skillc install: \d+ skill\(s\) for claude -> ~\/\.claude\/skills\//);
    expect(fs.existsSync(path.join(home, '.claude', 'skills', 'greet'))).toBe(false);
  });
});
