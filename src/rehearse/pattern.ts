/**
 * `stdout: { matches: <regexp> }` and `stderr: { matches }`: a case's regular
 * expression tested against a command's output. JavaScript's engine
 * backtracks, so a pattern such as `^(a+)+$` on 40 `a`s and a `b` runs for
 * hours, and it would run in skillc's own process. It runs in a worker thread
 * instead, terminated when the case's time for it is up (V8 stops a running
 * expression when its thread is terminated); skillc's process stays free.
 *
 * Why not a linear-time engine: case.yaml documents `matches` as a JavaScript
 * regular expression, and RE2's syntax is another one (no backreferences or
 * lookaround, `\x{..}` instead of `\u....`): `re2js` (pure JS, linear) would
 * change what existing cases mean, and `re2` (native bindings) needs a C++
 * build at install that npm 11 skips unless approved, with `EBADENGINE`
 * warnings from node-gyp's dependencies on Node 20. A worker costs about 50 ms
 * a pattern and keeps the documented semantics; the time a pattern may take is
 * the case's, as for any of its commands.
 */
import { Worker } from 'node:worker_threads';

/**
 * The worker: one `RegExp#test`, its answer posted back. Passed as source
 * (`eval: true`), so it needs no file of its own, whether skillc runs from
 * dist/, the bundle or src/.
 */
const WORKER = "const { parentPort, workerData } = require('node:worker_threads'); parentPort.postMessage(new RegExp(workerData.pattern, 'm').test(workerData.text));";

export type PatternResult = { matched: boolean } | { timedOut: true } | { error: string };

/** Tests `pattern` (multiline, as case.yaml documents) against `text` in a worker, stopped after `ms`. */
export function matchWithin(pattern: string, text: string, ms: number): Promise<PatternResult> {
  return new Promise((resolve) => {
    let done = false;
    const worker = new Worker(WORKER, { eval: true, workerData: { pattern, text }, resourceLimits: { maxOldGenerationSizeMb: 64, stackSizeMb: 4 } });
    const finish = (r: PatternResult): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(r);
    };
    const timer = setTimeout(() => finish({ timedOut: true }), ms);
    worker.once('message', (m: unknown) => finish({ matched: m === true }));
    worker.once('error', (error) => finish({ error: error.message }));
    worker.once('exit', (code) => finish({ error: `the pattern's worker stopped (exit ${code})` }));
  });
}
