// A lint worker thread (see parallel.ts): takes the main thread's resolved config, makes its
// linter (plugins, rules) as the main thread did, then lints the batches of skill folders it is sent with `lintSkillFolder`, replying
// with their outcomes.
import { parentPort, workerData } from 'node:worker_threads';
import { createLinter } from './pipeline/configure.js';
import { lintWithinBudget, RunBudget } from './run-budget.js';
import type { WorkerSpec } from './parallel.js';

const spec = workerData as WorkerSpec;
const port = parentPort!;
const linter = await createLinter(spec.config, { ...(spec.hosts ? { hosts: spec.hosts } : {}), ...(spec.plugins === false ? { plugins: false } : {}) });
const budget = new RunBudget(spec.maxBytes);

port.on('message', (message: { start: number; dirs: string[] }) => {
  const outcomes = message.dirs.map((dir) => lintWithinBudget(dir, linter, budget, { track: spec.track }).outcome);
  port.postMessage({ start: message.start, outcomes });
});
port.postMessage({ ready: true });
