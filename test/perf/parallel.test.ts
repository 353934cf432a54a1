// Parallel lint (`--concurrency`): worker threads must give exactly the serial results,
// with plugins, suppressions and the cache, and a failing worker must not lose a skill.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseThreads, MEMORY_PER_THREAD, MIN_BYTES_PER_THREAD, parseConcurrency, type ThreadInputs } from '../../src/lint/parallel.js';
import { freeBetween, parseProcStat, type CpuReading } from '../../src/lint/free-cores.js';
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

  it('auto gives the serial findings, and --debug says how many threads and why', () => {
    // Work enough for a second thread (over 2 MiB of SKILL.md, in 44 skills of plain prose, the
    // cheapest to parse): whether auto takes it depends on this machine's load now, and the
    // findings must be the serial ones either way.
    const dir = catalog();
    const para = 'Run the tests first, then read the guide and check the output with foo before you go on. '.repeat(8);
    for (let i = 0; i < 44; i++) {
      const name = `big-${String(i).padStart(2, '0')}`;
      const sections = Array.from({ length: 70 }, (_, k) => `## Step ${k}\n\n${para}\n`).join('\n');
      fs.mkdirSync(path.join(dir, 'skills', name));
      fs.writeFileSync(path.join(dir, 'skills', name, 'SKILL.md'), `---\nname: ${name}\ndescription: Use when the user asks for the large case ${i} of the auto thread choice.\n---\n\n# Big ${i}\n\nSee [the guide](references/guide-${i}.md).\n\n${sections}`);
    }
    const run = (...args: string[]): { stderr: string; report: { status: number | null; json: string } } => {
      const out = path.join(dir, 'report.json');
      const r = spawnSync(process.execPath, [bin, 'lint', '--format', 'json', '--output-file', out, '--debug', ...args], { cwd: dir, encoding: 'utf8' });
      return { stderr: r.stderr, report: { status: r.status, json: fs.readFileSync(out, 'utf8') } };
    };
    const serial = run('--concurrency', 'off');
    expect(serial.stderr).toBe('skillc lint: 1 thread (--concurrency off)\n');
    expect(JSON.parse(serial.report.json).files.length).toBeGreaterThan(80);
    const auto = run();
    expect(auto.stderr).toMatch(/^skillc lint: [1-4] threads? \(auto: \d+ skills to lint, 2\.\d MiB, [\d.]+ of \d+ cores free\)\n$/);
    expect(auto.report).toEqual(serial.report);
  });

  it('parses --concurrency values', () => {
    expect(parseConcurrency('auto')).toBe('auto');
    expect(parseConcurrency('off')).toBe('off');
    expect(parseConcurrency('4')).toBe(4);
    expect(parseConcurrency('0')).toBeUndefined();
    expect(parseConcurrency('-1')).toBeUndefined();
  });
});

describe('--concurrency auto decides from the work and the free cores', () => {
  const MiB = MIN_BYTES_PER_THREAD;
  const choose = (over: Partial<ThreadInputs>): number => chooseThreads({ concurrency: 'auto', jobs: 1000, bytes: 8 * MiB, cores: 2, free: 2, memory: 8 * 2 ** 30, ...over }).threads;

  it('takes a count or off as asked, never more threads than skills, whatever the load', () => {
    expect(choose({ concurrency: 'off' })).toBe(1);
    expect(choose({ concurrency: 2, free: 0 })).toBe(2);
    expect(choose({ concurrency: 8, jobs: 3, bytes: 10 })).toBe(3);
    expect(chooseThreads({ concurrency: 8, jobs: 3, bytes: 10, cores: 2, free: 2, memory: 0 }).reason).toBe('--concurrency 8, 3 skills to lint');
  });

  it('threads only when 2 cores are free: an idle 2-core machine takes 2, a loaded one stays serial', () => {
    expect(choose({})).toBe(2);
    expect(choose({ concurrency: undefined })).toBe(2);
    // Coarse sampling: a core 80% idle counts as free; less does not.
    expect(choose({ free: 1.85 })).toBe(2);
    expect(choose({ free: 1.7 })).toBe(1);
    expect(choose({ free: 0.3 })).toBe(1);
    expect(chooseThreads({ concurrency: 'auto', jobs: 1000, bytes: 8 * MiB, cores: 2, free: 1.2, memory: 8 * 2 ** 30 }).reason).toBe('auto: 1000 skills to lint, 8.0 MiB, 1.2 of 2 cores free');
    // More cores: one thread a free core, up to 4.
    expect(choose({ cores: 16, free: 3.1 })).toBe(3);
    expect(choose({ cores: 16, free: 16 })).toBe(4);
  });

  it('stays serial when the work is too small for a second thread to pay: by bytes and by skills', () => {
    expect(choose({ bytes: 2 * MiB - 1 })).toBe(1);
    expect(choose({ bytes: 2 * MiB })).toBe(2);
    expect(choose({ cores: 16, free: 16, bytes: 3 * MiB })).toBe(3);
    // A few huge skills: fewer than two batches of skills to share.
    expect(choose({ jobs: 31, bytes: 100 * MiB })).toBe(1);
    expect(chooseThreads({ concurrency: 'auto', jobs: 50, bytes: MiB, cores: 2, free: 2, memory: 8 * 2 ** 30 }).reason).toBe('auto: 50 skills to lint, 1.0 MiB, too little for a second thread (1.0 MiB each)');
  });

  it('takes a thread beyond the first only with 256 MiB of free memory for it', () => {
    expect(choose({ memory: MEMORY_PER_THREAD - 1 })).toBe(1);
    expect(choose({ memory: MEMORY_PER_THREAD })).toBe(2);
    expect(choose({ cores: 16, free: 16, memory: 2 * MEMORY_PER_THREAD })).toBe(3);
    expect(chooseThreads({ concurrency: 'auto', jobs: 1000, bytes: 8 * MiB, cores: 2, free: 2, memory: 100 * 2 ** 20 }).reason).toBe('auto: 1000 skills to lint, 8.0 MiB, 2.0 of 2 cores free, 100 MiB of memory free');
  });

  it('falls back to half the cores where the load cannot be measured, and is serial under TIMING', () => {
    expect(choose({ free: undefined })).toBe(1);
    expect(choose({ free: undefined, cores: 8 })).toBe(4);
    expect(choose({ free: undefined, cores: 6 })).toBe(3);
    expect(choose({ timing: true })).toBe(1);
  });

  it('measures free cores from /proc/stat: idle time (niced work is busy), plus the run\'s own', () => {
    const stat = (user: number, nice: number, idle: number): string => `cpu  ${user} ${nice} 10 ${idle} 0 0 0 0 0 0\ncpu0 1 2 3 4\ncpu1 1 2 3 4\nintr 1\n`;
    expect(parseProcStat(stat(100, 50, 300))).toEqual({ free: 300, total: 460, cpus: 2 });
    expect(parseProcStat('garbage')).toBeUndefined();
    const at = (ms: number, free: number, total: number, ownMs: number): CpuReading => ({ at: ms, free, total, cpus: 2, own: ownMs * 1000 });
    // 100 ms on 2 CPUs (20 jiffies): 10 idle, and this process used 50 ms of the other 10.
    expect(freeBetween(at(0, 0, 0, 0), at(100, 10, 20, 50), 2)).toBeCloseTo(1.5);
    // Nothing else running: everything busy was this process.
    expect(freeBetween(at(0, 0, 0, 0), at(100, 10, 20, 100), 2)).toBeCloseTo(2);
    // Another job on both cores.
    expect(freeBetween(at(0, 0, 0, 0), at(100, 0, 20, 0), 2)).toBe(0);
    expect(freeBetween(at(0, 0, 0, 0), at(100, 0, 0, 0), 2)).toBeUndefined();
  });
});

describe('worker threads lint with the main thread\'s resolved config', () => {
  it('never look the config up again: a config handed to lint() is the one every thread uses', async () => {
    // The compiled package: its worker threads run dist/lint/lint-worker.js (from src/, lint stays serial).
    const { lint } = (await import(pathToFileURL(path.join(repo, 'dist/lint/engine.js')).href)) as typeof import('../../src/lint/engine.js');
    const { loadLintConfig } = (await import(pathToFileURL(path.join(repo, 'dist/lint/pipeline/configure.js')).href)) as typeof import('../../src/lint/pipeline/configure.js');
    const { workerAvailable } = (await import(pathToFileURL(path.join(repo, 'dist/lint/parallel.js')).href)) as typeof import('../../src/lint/parallel.js');
    expect(workerAvailable()).toBe(true);
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
