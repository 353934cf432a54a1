// Parallel lint (`--concurrency`): worker threads must give exactly the serial results,
// with plugins, suppressions and the cache, and a failing worker must not lose a skill.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConcurrency, threadCount } from '../../src/lint/parallel.js';
import { corpus } from '../helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repo, 'bin', 'skillc.js');

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A catalog of ~60 skills: the real corpus, plus generated ones with suppressions and plugin findings. */
function catalog(extraConfig: Record<string, unknown> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-parallel-'));
  made.push(dir);
  const src = path.join(dir, 'skills');
  fs.mkdirSync(src);
  for (const set of ['supermodo', 'tflow']) {
    const from = path.join(corpus, set);
    fs.cpSync(from, path.join(src, set), { recursive: true });
  }
  for (let i = 0; i < 30; i++) {
    const name = `gen-${String(i).padStart(2, '0')}`;
    const suppress = i % 3 === 0 ? '<!-- skillc-disable-next-line body/section-empty -->\n' : '';
    const yamlComment = i % 5 === 0 ? '# skillc-disable frontmatter/unknown-key\nodd: 1\n' : '';
    fs.mkdirSync(path.join(src, name));
    fs.writeFileSync(
      path.join(src, name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Use when the user asks to test parallel lint case ${i} with foo.\n${yamlComment}---\n\n# Case ${i}\n\nSay foo here, see [missing](references/none-${i}.md).\n\n${suppress}## Empty\n\n## Full\n\nText.\n`,
    );
  }
  fs.writeFileSync(
    path.join(dir, 'skillc.config.json'),
    JSON.stringify({ sources: 'skills', plugins: [path.join(repo, 'test', 'fixtures', 'plugins', 'good.mjs')], rules: { 'acme/no-foo': 'warning' }, ...extraConfig }),
  );
  return dir;
}

function lintJson(cwd: string, ...args: string[]): { status: number | null; json: string } {
  const out = path.join(cwd, `out-${Math.random().toString(36).slice(2)}.json`);
  const r = spawnSync(process.execPath, [bin, 'lint', '--format', 'json', '--output-file', out, ...args], { cwd, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return { status: r.status, json: fs.readFileSync(out, 'utf8') };
}

// Each of the first three tests runs the CLI on ~60 skills (supermodo, tflow and generated ones) 2-4
// times: seconds on an idle machine, more under load, hence their timeouts.
describe('parallel lint', () => {
  it('gives byte-identical reports with 1, 2 and 3 threads, plugins and suppressions included', () => {
    const dir = catalog();
    const serial = lintJson(dir, '--concurrency', 'off');
    const report = JSON.parse(serial.json) as { files: { messages: { ruleId: string }[] }[] };
    const ids = new Set(report.files.flatMap((f) => f.messages.map((m) => m.ruleId)));
    // The fixture exercises what crosses threads: plugin rules, catalog rules, and file rules.
    expect(ids).toContain('acme/no-foo');
    expect(ids).toContain('acme/count');
    expect(ids).toContain('links/broken');
    expect(report.files.length).toBeGreaterThan(40);
    for (const n of ['2', '3']) expect(lintJson(dir, '--concurrency', n)).toEqual(serial);
  });

  it('writes the same cache from threads as serially, and replays it', () => {
    const dir = catalog();
    const serial = lintJson(dir, '--cache', '--cache-location', 'serial.json', '--concurrency', 'off');
    const threaded = lintJson(dir, '--cache', '--cache-location', 'threaded.json', '--concurrency', '3');
    expect(threaded).toEqual(serial);
    // Compared whole but reported briefly: the files are large.
    const same = fs.readFileSync(path.join(dir, 'threaded.json'), 'utf8') === fs.readFileSync(path.join(dir, 'serial.json'), 'utf8');
    expect(same, 'cache files written by threads and serially differ').toBe(true);
    expect(lintJson(dir, '--cache', '--cache-location', 'threaded.json', '--concurrency', '3')).toEqual(serial);
  });

  it('finishes on the main thread when a worker dies', () => {
    const dir = catalog();
    // A plugin that ends any worker thread that loads it: every batch comes back to the main thread.
    fs.writeFileSync(
      path.join(dir, 'killer.mjs'),
      "import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) process.exit(3);\nexport default { prefix: 'killer', rules: [] };\n",
    );
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'skillc.config.json'), 'utf8')) as { plugins: string[] };
    config.plugins.push('./killer.mjs');
    fs.writeFileSync(path.join(dir, 'skillc.config.json'), JSON.stringify(config));
    const serial = lintJson(dir, '--concurrency', 'off');
    expect(lintJson(dir, '--concurrency', '3')).toEqual(serial);
  });

  it('rejects a bad --concurrency with a usage error', () => {
    const r = spawnSync(process.execPath, [bin, 'lint', '--concurrency', 'lots'], { cwd: repo, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("invalid --concurrency 'lots'");
  });

  it('chooses threads: off and small runs are serial, auto is half the cores', () => {
    expect(parseConcurrency('auto')).toBe('auto');
    expect(parseConcurrency('off')).toBe('off');
    expect(parseConcurrency('4')).toBe(4);
    expect(parseConcurrency('0')).toBeUndefined();
    expect(parseConcurrency('-1')).toBeUndefined();
    expect(threadCount('off', 10_000)).toBe(1);
    expect(threadCount(8, 3)).toBe(3);
    expect(threadCount('auto', 50)).toBe(1);
    const cores = os.availableParallelism();
    expect(threadCount('auto', 10_000)).toBe(process.env.TIMING ? 1 : Math.max(1, Math.min(Math.floor(cores / 2), 4)));
  });
});

describe('worker threads lint with the main thread\'s resolved config', () => {
  it('never look the config up again: a config handed to lint() is the one every thread uses', async () => {
    // The compiled package: its worker threads run dist/lint/lint-worker.js (from src/, lint stays serial).
    const { lint } = (await import(pathToFileURL(path.join(repo, 'dist/lint/engine.js')).href)) as typeof import('../../src/lint/engine.js');
    const { loadLintConfig } = (await import(pathToFileURL(path.join(repo, 'dist/lint/pipeline/configure.js')).href)) as typeof import('../../src/lint/pipeline/configure.js');
    const { threadCount, workerAvailable } = (await import(pathToFileURL(path.join(repo, 'dist/lint/parallel.js')).href)) as typeof import('../../src/lint/parallel.js');
    expect(workerAvailable()).toBe(true);
    expect(threadCount(2, 220)).toBe(2);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-parallel-'));
    made.push(dir);
    // On disk the config reports broken links; the config handed in turns that rule off.
    fs.writeFileSync(path.join(dir, 'skillc.config.json'), JSON.stringify({ sources: 'skills', hosts: ['agentskills'] }));
    for (let i = 0; i < 220; i++) {
      const name = `s-${String(i).padStart(3, '0')}`;
      fs.mkdirSync(path.join(dir, 'skills', name), { recursive: true });
      fs.writeFileSync(path.join(dir, 'skills', name, 'SKILL.md'), `---\nname: ${name}\ndescription: Use when testing worker config ${i}.\n---\n\n# T\n\nSee [gone](references/gone.md).\n`);
    }
    const resolved = loadLintConfig(dir, { config: { rules: { 'links/broken': 'off' } } });
    const result = await lint({ cwd: dir, resolved, concurrency: 2 });
    expect(result.files.length).toBe(220);
    expect(result.files.flatMap((f) => f.messages).filter((d) => d.ruleId === 'links/broken')).toEqual([]);
  });
});
