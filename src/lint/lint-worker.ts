// A lint worker thread (see parallel.ts): loads the config and rules as the main thread
// did, then lints the batches of skill folders it is sent, replying with their outcomes.
import { parentPort, workerData } from 'node:worker_threads';
import { checkSkill, prepareRules } from './engine.js';
import { loadConfig } from '../config/config.js';
import { outcomeOf, readTracked } from './lint-one.js';
import type { WorkerSpec } from './parallel.js';

const spec = workerData as WorkerSpec;
const port = parentPort!;
const config = loadConfig({ cwd: spec.cwd, ...(spec.configFile ? { configFile: spec.configFile } : {}), ...(spec.config ? { overrides: spec.config } : {}) });
const { hosts, active } = await prepareRules(config, spec.hosts ? { hosts: spec.hosts } : {});
const check = { track: spec.track, check: (skill: Parameters<typeof checkSkill>[0], out: Parameters<typeof checkSkill>[4]) => checkSkill(skill, active, hosts, config, out) };

port.on('message', (message: { start: number; dirs: string[] }) => {
  const outcomes = message.dirs.map((dir) => {
    const { skill, tracked } = readTracked(dir, spec.track);
    return outcomeOf(skill, check, tracked);
  });
  port.postMessage({ start: message.start, outcomes });
});
port.postMessage({ ready: true });
