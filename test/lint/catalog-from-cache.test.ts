// Issue #30: `--changed`, `--staged` and the language server take the other skills' summaries
// from the cache any earlier lint wrote, fill in the missing and stale ones, and report exactly
// what a full lint reports for the skills they show.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { lint, type LintResult } from '../../src/lint/engine.js';
import { lintChangedFiles } from '../../src/lint/models.js';
import { lintStaged } from '../../src/lint/staged.js';
import { bufferSession, lintBuffer } from '../../src/lsp/server.js';
import { corpus, tempDir } from '../helpers.js';

const WORDS = ['format', 'markdown', 'tables', 'deploy', 'release', 'notes', 'review', 'pull', 'requests', 'commit', 'messages', 'changelog', 'tests', 'coverage', 'lint'];

/** The supermodo skills and 70 generated ones whose descriptions overlap, reference each other and clash in name. */
function project(): string {
  const root = tempDir('skillc-catalog-cache-');
  fs.cpSync(path.join(corpus, 'supermodo', 'skills'), path.join(root, 'skills'), { recursive: true });
  fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: 'skills', hosts: ['agentskills', 'claude'] }));
  for (let i = 0; i < 70; i++) {
    const words = [0, 1, 2, 3].map((k) => WORDS[(i * (k + 3) + k) % WORDS.length]).join(' ');
    const name = i === 69 ? 'gen-00' : `gen-${String(i).padStart(2, '0')}`;
    const requires = i % 9 === 0 ? `skillc:\n  requires: [gen-${String((i + 1) % 70).padStart(2, '0')}, missing-${i}]\n` : '';
    const body = `# Gen ${i}\n\nUse \`gen-${String((i + 2) % 70).padStart(2, '0')}\` after this. See [notes](references/notes.md).\n`;
    const dir = path.join(root, 'skills', `gen-${String(i).padStart(2, '0')}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: Use when the user asks to ${words} for the project.\n${requires}---\n\n${body}`);
  }
  return root;
}

type Shown = Omit<Diagnostic, 'file'> & { file: string };
const shown = (root: string, files: LintResult['files'], only?: (file: string) => boolean): Shown[] =>
  files.filter((f) => !only || only(f.path)).flatMap((f) => f.messages.map((d) => ({ ...d, file: path.relative(root, d.file) })));

/** A full lint's report of the skills whose folders are `dirs`. */
async function fullFor(root: string, dirs: readonly string[], extra: Parameters<typeof lint>[0] = {}): Promise<Shown[]> {
  const full = await lint({ cwd: root, concurrency: 'off', ...extra });
  return shown(root, full.files, (f) => dirs.some((d) => f === path.join(d, 'SKILL.md') || f.startsWith(d + path.sep)));
}

const cacheFile = (root: string): string => path.join(root, 'node_modules', '.cache', 'skillc', 'lint-cache.json');

describe('catalog facts from the cache', () => {
  it('--changed reads the other skills from the cache, fills it when missing or stale, and reports what a full lint reports', async () => {
    const root = project();
    const a = path.join(root, 'skills', 'gen-00');
    const b = path.join(root, 'skills', 'commit');
    const files = [path.join(a, 'SKILL.md'), path.join(b, 'SKILL.md')];
    const expected = await fullFor(root, [a, b]);
    // The case exercises the catalog rules: duplicate names, unknown references, overlapping descriptions.
    for (const id of ['skills/duplicate-name', 'skills/description-overlap', 'skills/unknown-reference']) expect(expected.map((d) => d.ruleId), id).toContain(id);
    const skills = fs.readdirSync(path.join(root, 'skills')).length;

    // No cache yet: every other skill is summarized (not linted) and added to the cache.
    expect(fs.existsSync(cacheFile(root))).toBe(false);
    const cold = await lintChangedFiles({ cwd: root, files });
    expect(shown(root, cold.files)).toEqual(expected);
    expect(cold.cacheHits).toBe(0);
    expect(fs.existsSync(cacheFile(root))).toBe(true);

    // Warm: the others come from their summaries, the two reported ones from the entries the first run made.
    const warm = await lintChangedFiles({ cwd: root, files });
    expect(shown(root, warm.files)).toEqual(expected);
    expect(warm.cacheHits).toBe(skills);

    // A skill not reported changes (its name now clashes with the reported one): its stale summary is read again.
    const other = path.join(root, 'skills', 'gen-05', 'SKILL.md');
    fs.writeFileSync(other, fs.readFileSync(other, 'utf8').replace('name: gen-05', 'name: commit'));
    const after = await fullFor(root, [a, b]);
    expect(after).not.toEqual(expected);
    const stale = await lintChangedFiles({ cwd: root, files });
    expect(shown(root, stale.files)).toEqual(after);
    expect(stale.cacheHits).toBe(skills - 1);
    expect((await lintChangedFiles({ cwd: root, files })).cacheHits).toBe(skills);

    // A cache that is not JSON is ignored and written again.
    fs.writeFileSync(cacheFile(root), '{ not json');
    expect(shown(root, (await lintChangedFiles({ cwd: root, files })).files)).toEqual(after);
  });

  it('uses the summaries of a cache written under another run key and leaves that cache as it was', async () => {
    const root = project();
    const a = path.join(root, 'skills', 'gen-03');
    const withHost = await lint({ cwd: root, cache: true, hosts: ['claude'], concurrency: 'off' });
    const skills = withHost.summaries!.length;
    const key = (JSON.parse(fs.readFileSync(cacheFile(root), 'utf8')) as { key: string }).key;
    const changed = await lintChangedFiles({ cwd: root, files: [path.join(a, 'SKILL.md')] });
    expect(changed.cacheHits).toBe(skills - 1);
    expect(shown(root, changed.files)).toEqual(await fullFor(root, [a]));
    // The hook did not take the cache over: lint --cache --host claude still replays every skill.
    expect((JSON.parse(fs.readFileSync(cacheFile(root), 'utf8')) as { key: string }).key).toBe(key);
    expect((await lint({ cwd: root, cache: true, hosts: ['claude'], concurrency: 'off' })).cacheHits).toBe(skills);
    // A lint that owns the cache under its own key keeps the summaries (it has no diagnostics of its
    // key to replay); --changed, under that key now, replays the reported skill too.
    const owner = await lint({ cwd: root, cache: true, concurrency: 'off' });
    expect(owner.cacheHits).toBe(0);
    const entries = (JSON.parse(fs.readFileSync(cacheFile(root), 'utf8')) as { entries: Record<string, object> }).entries;
    expect(Object.keys(entries)).toHaveLength(skills);
    expect((await lintChangedFiles({ cwd: root, files: [path.join(a, 'SKILL.md')] })).cacheHits).toBe(skills);
  });

  it('--staged reads summaries by the staged content, never the working tree, and reports what it reports without a cache', async () => {
    const root = project();
    const git = (...args: string[]): void => {
      const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' } });
      if (r.status !== 0) throw new Error(r.stderr);
    };
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'init');
    await lint({ cwd: root, cache: true, concurrency: 'off' });
    // Staged: a new name for gen-07 that clashes; the working tree then moves gen-08 on without staging it.
    const seven = path.join(root, 'skills', 'gen-07', 'SKILL.md');
    fs.writeFileSync(seven, fs.readFileSync(seven, 'utf8').replace('name: gen-07', 'name: gen-00'));
    git('add', seven);
    const eight = path.join(root, 'skills', 'gen-08', 'SKILL.md');
    fs.writeFileSync(eight, fs.readFileSync(eight, 'utf8').replace('name: gen-08', 'name: gen-00'));
    const empty = tempDir('skillc-no-cache-');
    const uncached = await lintStaged({ cwd: root, cacheLocation: `${empty}/` });
    expect(uncached.cacheHits).toBe(0);
    const cached = await lintStaged({ cwd: root });
    expect(shown(root, cached.files)).toEqual(shown(root, uncached.files));
    expect(shown(root, cached.files).some((d) => d.ruleId === 'skills/duplicate-name')).toBe(true);
    // gen-08's working-tree clash is not staged: not reported.
    expect(shown(root, cached.files).filter((d) => d.ruleId === 'skills/duplicate-name').every((d) => !d.message.includes('gen-08'))).toBe(true);
    expect(cached.cacheHits).toBeGreaterThan(70);
  });

  it('the language server reports what a full lint reports, first the skill\'s own findings, then all of them', async () => {
    const root = project();
    const a = path.join(root, 'skills', 'gen-00');
    const file = path.join(a, 'SKILL.md');
    const expected = await fullFor(root, [a]);
    const session = bufferSession();
    for (let round = 0; round < 2; round++) {
      const partials: LintResult[] = [];
      const { result } = await lintBuffer(file, fs.readFileSync(file, 'utf8'), new Map(), session, { onSkillReport: (p) => void partials.push(p) });
      expect(shown(root, result.files)).toEqual(expected);
      expect(partials).toHaveLength(1);
      const own = shown(root, partials[0]!.files);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((d) => !d.ruleId.startsWith('skills/'))).toBe(true);
      expect(own).toEqual(expected.filter((d) => !d.ruleId.startsWith('skills/')));
      if (round === 1) expect(result.cacheHits).toBe(result.summaries!.length - 1);
    }
    // An edit in the buffer (not saved) is what is linted; the others still come from the session.
    const edited = fs.readFileSync(file, 'utf8').replace('name: gen-00', 'name: gen-00-edited');
    const { result } = await lintBuffer(file, edited, new Map(), session);
    expect(shown(root, result.files).some((d) => d.ruleId === 'frontmatter/name-directory')).toBe(true);
    fs.writeFileSync(file, edited);
    expect(shown(root, result.files)).toEqual(await fullFor(root, [a]));
  });
});
