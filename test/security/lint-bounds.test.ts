// Issue #14, bounded time and memory: inputs built from many blocks, each just under a
// per-block limit, used to take minutes and gigabytes. The limits now bound the whole file.
// Time and memory are measured by bench/hostile.mjs, not here: these tests check that each
// input finishes with its diagnostic (the vitest timeout is the only clock).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EditMap } from 'micromark-util-edit-map';
import { afterEach, describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import { parseMarkdown } from '../../src/parse/markdown.js';

const FM = '---\nname: s\ndescription: Use when testing hostile input.\n---\n\n';
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

async function lintText(text: string) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-bounds-')));
  roots.push(root);
  fs.mkdirSync(path.join(root, 's'));
  fs.writeFileSync(path.join(root, 's', 'SKILL.md'), text);
  const result = await lint({ cwd: root, paths: ['.'], hosts: ['agentskills', 'claude'] });
  expect(result.internalErrors).toBe(0);
  return result.files.flatMap((f) => f.messages);
}

const parseProblem = async (text: string) => (await lintText(text)).filter((m) => m.ruleId === 'file/parse').map((m) => m.message);

describe('lint bounds the whole file, not one block', () => {
  it('254 paragraphs of 3,300 `!`a`` spans (4 MB; was 146 s, 3.1 GB)', async () => {
    const text = FM + Array.from({ length: 254 }, () => '!`a` '.repeat(3300)).join('\n\n');
    expect(await parseProblem(text)).toEqual([expect.stringMatching(/^Unexpected \d+ inline markers in all .*the Markdown body was not parsed$/)]);
  });

  it('100 paragraphs of 3,300 `*a **b ` (2.3 MB; was 23 s)', async () => {
    const text = FM + Array.from({ length: 100 }, () => '*a **b '.repeat(3300)).join('\n\n');
    expect(await parseProblem(text)).toEqual([expect.stringMatching(/inline markers in all/)]);
  });

  it('a few paragraphs each just under the per-paragraph limit add up (sum of squares)', async () => {
    const text = FM + Array.from({ length: 4 }, () => '*a **b '.repeat(3300)).join('\n\n');
    expect(await parseProblem(text)).toEqual([expect.stringMatching(/packed into many paragraphs/)]);
  });

  it('2,000 quotes nested 66 deep (270 KB; was 128 s, 1.1 GB)', async () => {
    const text = FM + Array.from({ length: 2000 }, () => `${'> '.repeat(66)}q`).join('\n\n');
    expect(await parseProblem(text)).toEqual([expect.stringMatching(/nested block markers in all/)]);
  });

  it('300 lists nested 99 deep (3 MB; was 143 s)', async () => {
    const text = FM + Array.from({ length: 300 }, () => Array.from({ length: 99 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')).join('\n\nText.\n\n');
    expect(await parseProblem(text)).toEqual([expect.stringMatching(/non-blank lines/)]);
    // The same nesting in fewer lines is stopped by the sum of nesting over lines.
    const deep = FM + Array.from({ length: 60 }, () => Array.from({ length: 99 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')).join('\n\nText.\n\n');
    expect(await parseProblem(deep)).toEqual([expect.stringMatching(/nested block markers in all/)]);
  });

  it('300,000 one-line headings (1.5 MB; overflowed the stylish reporter, then took 19 s and 2.7 GB)', async () => {
    const text = FM + Array.from({ length: 300_000 }, (_, i) => `# H${i % 7}`).join('\n');
    expect(await parseProblem(text)).toEqual([expect.stringMatching(/^Unexpected 300004 non-blank lines, more than 20000/)]);
  });

  it('not an attack: quotes under the whole-file limit are still parsed (and fast: micromark no longer copies every event at each closing container)', async () => {
    // 2,000 one-line quotes 8 deep: 10 s before, each container exit copying the whole event list.
    const text = FM + Array.from({ length: 2000 }, () => `${'> '.repeat(8)}q`).join('\n\n');
    expect(await parseProblem(text)).toEqual([]);
  });

  it('100,000 frontmatter keys (50,000 took 108 s: yaml compares each key with every earlier one)', async () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}: v`).join('\n');
    expect(await parseProblem(`---\nname: s\ndescription: Use when testing hostile input.\n${keys}\nk7: again\n---\n\n# T\n`)).toEqual([expect.stringMatching(/non-blank lines/)]);
  });

  it('duplicate keys are still found by the one-pass check, at the repeated key', async () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `k${i}: v`).join('\n');
    const messages = await lintText(`---\nname: s\ndescription: Use when testing hostile input.\n${keys}\nk7: again\nflow: {a: 1, b: 2, a: 3}\n---\n\n# T\n`);
    const dups = messages.filter((m) => m.ruleId === 'frontmatter/yaml');
    expect(dups.map((m) => [m.line, m.message])).toEqual([
      [10_004, expect.stringMatching(/^Unexpected duplicate key `k7`/)],
      [10_005, expect.stringMatching(/^Unexpected duplicate key/)],
    ]);
  });
});

describe('the linear EditMap.consume gives the same trees as micromark own', () => {
  const proto = EditMap.prototype as unknown as { consume: unknown; skillcOriginalConsume?: unknown };
  const docs = [
    ...fs.readdirSync(path.resolve(import.meta.dirname, '../../docs')).filter((f) => f.endsWith('.md')).map((f) => fs.readFileSync(path.resolve(import.meta.dirname, '../../docs', f), 'utf8')),
    Array.from({ length: 40 }, (_, i) => `${'> '.repeat(i % 9)}q ${i}\n${'> '.repeat((i * 7) % 5)}lazy`).join('\n\n'),
    Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i % 6)}- item ${i}\n\n${'  '.repeat(i % 3)}  para *a* \`b\``).join('\n'),
    '> - a\n>   > b\n>   > - c\n> d\n\n1. x\n   > y\n   ```\n   code\n   ```\n2. z\n\nSetext\n===\n\n> Setext in quote\n> ---\n',
  ];
  it('on docs/, nested quotes and lists, setext headings', () => {
    expect(proto.skillcOriginalConsume).toBeTypeOf('function');
    const linear = proto.consume;
    for (const doc of docs) {
      const ours = JSON.stringify(parseMarkdown(doc));
      proto.consume = proto.skillcOriginalConsume;
      try {
        expect(JSON.stringify(parseMarkdown(doc))).toBe(ours);
      } finally {
        proto.consume = linear;
      }
    }
  });
});
