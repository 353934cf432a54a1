import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, repo } from './helpers.js';

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
  it('has tested blocks', () => {
    expect(testedBlocks().length).toBeGreaterThanOrEqual(5);
  });

  it('runs every tested command in a fresh project', () => {
    const home = project();
    const root = project();
    // `npm i -D skillc` needs the registry; the suite links this checkout where npm would install it.
    const script = testedBlocks()
      .join('\n')
      .split('\n')
      .map((line) =>
        /^npm i(nstall)? -D skillc\b/.test(line)
          ? `mkdir -p node_modules/.bin && ln -s ${JSON.stringify(repo)} node_modules/skillc && ln -s ../skillc/bin/skillc.js node_modules/.bin/skillc && printf '{"name":"my-skills","private":true}\\n' > package.json`
          : line,
      )
      .join('\n');
    const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: home, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_offline: 'true', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' },
      timeout: 240_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    const dir = path.join(root, 'my-skills');
    expect(fs.existsSync(path.join(dir, 'generated/claude/skills/summarize-changes/SKILL.md'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'rehearse.xml'))).toBe(true);
    expect(r.stdout).toContain('summarize-changes');
  }, 300_000);
});
