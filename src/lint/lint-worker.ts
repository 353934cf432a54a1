// A lint worker thread (see parallel.ts): loads the config and rules as the main thread
// did, then lints the batches of skill folders it is sent with `lintSkillFolder`, replying
// with their outcomes.
import { parentPort, workerData } from 'node:worker_threads';
import { loadLintConfig, prepareRules } from './pipeline/configure.js';
import { lintWithinBudget, RunBudget } from './run-budget.js';
import type { WorkerSpec } from './parallel.js';

const spec = workerData as WorkerSpec;
const port = parentPort!;
const config = loadLintConfig(spec.cwd, spec);
const { hosts, active } = await prepareRules(config, { ...(spec.hosts ? { hosts: spec.hosts } : {}), ...(spec.plugins === false ? { plugins: false } : {}) });
const linter = { config, hosts, active };
const budget = new RunBudget(spec.maxBytes);

port.on('message', (message: { start: number; dirs: string[] }) => {
  const outcomes = message.dirs.map((dir) => lintWithinBudget(dir, linter, budget, { track: spec.track }).outcome);
  port.postMessage({ start: message.start, outcomes });
});
port.postMessage({ ready: true });
