import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../helpers.js';
import { PATHOLOGICAL } from './pathological.js';

/**
 * Issue #24: lines and blocks under every per-file limit that cost a rule, or the parse,
 * quadratic or exponential time, or gigabytes (pathological.ts says what each cost before).
 * Each is linted by the real CLI under a 768 MB heap: the run must finish (a child that hangs is
 * killed by test/child-bound.ts, failing the test), exit 0 or 1, crash no rule, and still report.
 * No time is asserted and the test has no timeout; bench/hostile.mjs --growth measures the per-byte cost of the same shapes.
 */
const bin = path.resolve(import.meta.dirname, '..', '..', 'bin', 'skillc.js');

function lintCli(root: string, hosts: string): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--max-old-space-size=768', bin, 'lint', 's', '--host', hosts, '--format', 'json'], { cwd: root, maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      const e = error as (NodeJS.ErrnoException & { code?: number | string; signal?: string }) | null;
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : null) : 0, signal: e?.signal ?? null, stdout, stderr });
    });
  });
}

describe('pathological lines and blocks lint in bounded time and memory (issue #24)', () => {
  for (const p of PATHOLOGICAL) {
    it(`${p.name} (before: ${p.before})`, async () => {
      const root = tempTree(p.files);
      const r = await lintCli(root, p.hosts ?? 'claude');
      expect(r.signal, r.stderr).toBeNull();
      expect([0, 1], r.stderr.slice(-2000)).toContain(r.code);
      const report = JSON.parse(r.stdout) as { files: { messages: { ruleId: string; message: string }[] }[] };
      const messages = report.files.flatMap((f) => f.messages);
      expect(messages.filter((m) => /crashed/.test(m.message))).toEqual([]);
      expect(messages.map((m) => m.ruleId)).toContain(p.expect);
      fs.rmSync(root, { recursive: true, force: true });
    });
  }
});
