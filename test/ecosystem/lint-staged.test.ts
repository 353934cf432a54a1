// husky + lint-staged, installed from npm into a fresh project with the packed tarball of this
// checkout, committing as a user does: sources with the rebuilt generated/ (the commit getting-started
// asks for), a fixable mistake lint-staged's `--fix` repairs and re-stages, and a broken link that
// stops the commit. Both configurations docs/ci.md gives run: `skillc lint --fix --changed` on every
// staged file, and the usual `skillc lint --fix` on staged Markdown files. lint-staged@16 is the newest
// major that runs on Node 20. Needs the npm registry or cache (SKILLC_TEST_NETWORK=0 skips it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { npmEnv, packTarball, project } from './helpers.js';

const HUSKY = 'husky@9.1.7';
const LINT_STAGED = 'lint-staged@16.4.0';

describe.skipIf(process.env.SKILLC_TEST_NETWORK === '0')('husky + lint-staged (real packages)', () => {
  it.each([
    ['every staged file, --fix --changed', { '*': 'skillc lint --fix --changed' }],
    ['staged Markdown, the usual --fix', { '*.md': 'skillc lint --fix' }],
  ])('%s: a commit with a rebuilt generated/ goes through, a fix is re-staged, a broken link stops it', (_name, config) => {
    const home = project();
    const root = project({ 'package.json': '{"name":"my-skills","private":true}\n' });
    const env = npmEnv(home);
    const sh = (script: string): { code: number | null; out: string } => {
      // Each command has its own bound: a hang fails here instead of stopping the suite.
      const r = spawnSync('bash', ['-e', '-c', script], { cwd: root, encoding: 'utf8', env });
      return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
    };
    const setup = sh(
      [
        'git init -q',
        `npm i -D ${JSON.stringify(packTarball())} ${HUSKY} ${LINT_STAGED}`,
        'npx skillc init',
        'npx husky init',
        "echo 'npx lint-staged' > .husky/pre-commit",
        `node -e 'const f="package.json",p=JSON.parse(require("fs").readFileSync(f));p["lint-staged"]=${JSON.stringify(config)};require("fs").writeFileSync(f,JSON.stringify(p,null,2))'`,
        'npm run build:skills',
        'git add -A',
        'git commit -q -m "First skills"',
      ].join('\n'),
    );
    expect(setup.code, setup.out).toBe(0);
    const git = (...args: string[]): string => spawnSync('git', args, { cwd: root, encoding: 'utf8', env }).stdout;
    expect(git('ls-files')).toContain('generated/claude/skills/summarize-changes/SKILL.md');

    // A source change with the rebuilt generated/ staged: built copies share their sources' names.
    const skill = path.join(root, 'skills-src/summarize-changes/SKILL.md');
    fs.appendFileSync(skill, '\nKeep the summary short.\n');
    const rebuilt = sh('npm run build:skills\ngit add -A\ngit commit -q -m "Shorter summaries"');
    expect(rebuilt.code, rebuilt.out).toBe(0);
    expect(rebuilt.out).not.toContain('duplicate-name');
    expect(git('log', '--format=%s').trim().split('\n')[0]).toBe('Shorter summaries');

    // A fixable mistake: lint-staged's --fix repairs the file and adds it back; the commit holds the fix.
    // (With a change of its own beside it: a commit the fix would empty, lint-staged refuses.)
    fs.writeFileSync(skill, `${fs.readFileSync(skill, 'utf8').replace('name: summarize-changes', 'name: Summarize-Changes')}\nName the files changed.\n`);
    const fixed = sh('git add -A\ngit commit -q -m "Fixed by the hook"');
    expect(fixed.code, fixed.out).toBe(0);
    const committed = git('show', 'HEAD:skills-src/summarize-changes/SKILL.md');
    expect(committed).toContain('name: summarize-changes\n');
    expect(committed).toContain('Name the files changed.');

    // A broken link is no fix's to make: the commit is stopped.
    fs.appendFileSync(skill, '\nSee [the notes](references/gone.md).\n');
    const broken = sh('git add -A\n! git commit -q -m "Broken"');
    expect(broken.code, broken.out).toBe(0);
    expect(broken.out).toContain('links/broken');
    expect(git('log', '--format=%s').trim().split('\n')[0]).toBe('Fixed by the hook');

    // docs/ci.md's hook with the build check after lint-staged: the fixed commit above left generated/
    // behind its sources (lint-staged sees only what is staged), and this hook stops that until a rebuild.
    const hook = sh(['git reset -q --hard HEAD', "printf 'npx lint-staged\\nnpx skillc build --check --no-lint-report\\n' > .husky/pre-commit", 'git add -A', '! git commit -q -m "Stale generated"'].join('\n'));
    expect(hook.code, hook.out).toBe(0);
    expect(hook.out).toContain('is out of date');
    const rebuiltAgain = sh('npm run build:skills\ngit add -A\ngit commit -q -m "Rebuilt"');
    expect(rebuiltAgain.code, rebuiltAgain.out).toBe(0);
    expect(git('log', '--format=%s').trim().split('\n')[0]).toBe('Rebuilt');
  });
});
