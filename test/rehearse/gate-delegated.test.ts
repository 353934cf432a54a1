import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { tempDir } from '../helpers.js';

// tflow's validate-artifacts.sh passes any non-empty file it is given by name; `skillc gate`
// fails closed on a name the skill does not declare (a typo'd artifact name must not pass),
// and a delegated artifact is declared with no sections to be checked for presence only
// (docs/examples/tflow/README.md, "Deliberate differences").
const gateway = path.resolve(import.meta.dirname, '../fixtures/tflow-gateway');

async function gate(run: string, ...names: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await main(['gate', run, ...names, '--skill', gateway], { cwd: run, stdout: (t) => void (out += t), stderr: (t) => void (out += t) });
  return { code, out };
}

describe('gate and delegated artifacts', () => {
  it('passes a declared delegated artifact (no sections) when present and non-empty', async () => {
    const run = tempDir('skillc-gate-delegated-');
    fs.writeFileSync(path.join(run, 'research-brief.md'), 'Findings.\n');
    expect(await gate(run, 'research-brief.md')).toEqual({ code: 0, out: expect.stringContaining('ok   research-brief.md') });
    fs.writeFileSync(path.join(run, 'research-brief.md'), '');
    expect((await gate(run, 'research-brief.md')).code).toBe(1);
  });

  it('fails an undeclared artifact, naming the declared ones', async () => {
    const run = tempDir('skillc-gate-delegated-');
    fs.writeFileSync(path.join(run, 'notes.md'), 'Notes.\n');
    const r = await gate(run, 'notes.md');
    expect(r.code).toBe(1);
    expect(r.out).toContain('FAIL notes.md: Unexpected artifact `notes.md`: `tflow-gateway` declares');
  });
});
