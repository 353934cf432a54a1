import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { sandboxProbe } from '../../src/rehearse/sandbox.js';
import { repo, skillc } from '../rehearse/helpers.js';

/**
 * docs/rehearse.md's "A walk through" of `skillc record` is a real run: each `$` line of its block
 * runs in a copy of this repository's skills project (the recorded case removed, so it is
 * recorded again) and must print what the page shows. Timings and the sandbox line depend on the
 * machine: they are compared as `<n> ms` and left out.
 */
const page = fs.readFileSync(path.join(repo, 'docs', 'rehearse.md'), 'utf8');

function walkThrough(): { command: string; output: string }[] {
  const block = /<!-- test: test\/docs\/recording\.test\.ts[^>]*-->[\s\S]*?```text\n([\s\S]*?)```/.exec(page)?.[1];
  expect(block, 'the walk-through block of docs/rehearse.md').toBeDefined();
  const steps: { command: string; output: string }[] = [];
  for (const line of block!.split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), output: '' });
    else if (steps.length) steps.at(-1)!.output += `${line}\n`;
  }
  return steps.map((s) => ({ ...s, output: s.output.replace(/\n+$/, '\n') }));
}

const normal = (text: string): string =>
  text
    .replace(/\d+ ms\b/g, '<n> ms')
    .replace(/^(?:sandbox: |UNSANDBOXED|NO SANDBOX).*\n?/gm, '')
    .replace(/; UNSANDBOXED\)/g, ')')
    .replace(/\n+$/, '\n');

describe('docs/rehearse.md: Recording a case', () => {
  it('the walk through is what the commands print', async () => {
    const root = fs.realpathSync(tempDir('skillc-docs-record-'));
    for (const f of ['skills-src', 'skillc.config.json', 'schema']) fs.cpSync(path.join(repo, f), path.join(root, f), { recursive: true });
    const steps = walkThrough();
    expect(steps.map((s) => s.command.split(' ').slice(0, 3).join(' '))).toEqual(['npx skillc record', 'npx skillc record', 'cat skills-src/release-notes/fixtures/pass-recorded-6f1c2d3e/trace.jsonl', 'npx skillc rehearse']);
    fs.rmSync(path.join(root, 'skills-src/release-notes/fixtures/pass-recorded-6f1c2d3e'), { recursive: true });
    for (const step of steps) {
      const words = step.command.split(' ');
      let output: string;
      if (words[0] === 'cat') output = fs.readFileSync(path.join(root, words[1]!), 'utf8');
      else {
        const args = words.slice(2);
        // Where no sandbox works, record's first rehearsal runs unsandboxed, as `skillc rehearse` does in these tests.
        const r = await skillc(args[0] === 'record' && !args.includes('--list') && !sandboxProbe().ok ? [...args, '--unsandboxed'] : args, root);
        expect(r.stderr, step.command).toBe('');
        output = r.stdout;
      }
      expect(normal(output), step.command).toBe(normal(step.output));
    }
  });

  it('the recorded case committed in skills-src is the one the walk through records', () => {
    const committed = fs.readFileSync(path.join(repo, 'skills-src/release-notes/fixtures/pass-recorded-6f1c2d3e/trace.jsonl'), 'utf8');
    const shown = walkThrough().find((s) => s.command.startsWith('cat '))!.output;
    expect(committed).toBe(shown);
  });
});
