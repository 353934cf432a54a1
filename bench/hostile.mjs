// Hostile inputs built from many blocks, each just under a per-block limit (issue #14): lints
// each with the real CLI in a child process and prints its wall and CPU time and peak memory
// (CPU time is the figure to compare on a loaded machine).
// Usage: node bench/hostile.mjs [name ...] [--scale 0.25]
// Without names it runs them all. --scale shrinks the number of blocks (the block stays the same).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const si = args.indexOf('--scale');
const scale = si >= 0 ? Number(args.splice(si, 2)[1]) : 1;
const n = (k) => Math.max(1, Math.round(k * scale));
const fm = '---\nname: hostile\ndescription: Use when measuring hostile input.\n---\n\n';

export const ATTACKS = {
  // 254 paragraphs of 3,300 `!`a`` spans: each paragraph under the inline-marker limit.
  'inline-code': () => fm + Array.from({ length: n(254) }, () => '!`a` '.repeat(3300)).join('\n\n'),
  // 2,000 quotes nested 66 deep on one line.
  'quotes': () => fm + Array.from({ length: n(2000) }, () => '> '.repeat(66) + 'q').join('\n\n'),
  // 200 ladders of quotes 1..66 deep, one line each.
  'quote-ladder': () => fm + Array.from({ length: n(200) }, () => Array.from({ length: 66 }, (_, i) => '> '.repeat(i + 1) + 'q').join('\n')).join('\n\n'),
  // 300 lists nested 99 deep.
  'lists': () => fm + Array.from({ length: n(300) }, () => Array.from({ length: 99 }, (_, i) => '  '.repeat(i) + '- item').join('\n')).join('\n\nText.\n\n'),
  // 100 paragraphs of 3,300 unclosed emphasis openers.
  'emphasis': () => fm + Array.from({ length: n(100) }, () => '*a **b '.repeat(3300)).join('\n\n'),
  // 50,000 frontmatter keys.
  'keys': () => `---\nname: hostile\ndescription: Use when measuring hostile input.\n${Array.from({ length: n(50000) }, (_, i) => `k${i}: v`).join('\n')}\n---\n\n# T\n`,
  // The worst cases the whole-file limits still let through (each just under one of them).
  'quotes-max': () => fm + Array.from({ length: 300 }, () => '> '.repeat(66) + 'q').join('\n\n'),
  'qline8-max': () => fm + Array.from({ length: 2450 }, () => '> '.repeat(8) + 'q').join('\n\n'),
  'lists-max': () => fm + Array.from({ length: 4 }, () => Array.from({ length: 99 }, (_, i) => '  '.repeat(i) + '- item').join('\n')).join('\n\nText.\n\n'),
  'inline-max': () => fm + Array.from({ length: 3 }, () => '!`a` '.repeat(3300)).join('\n\n'),
  'emphasis-max': () => fm + Array.from({ length: 3 }, () => '*a **b '.repeat(3300)).join('\n\n'),
  'markers-max': () => fm + Array.from({ length: 11000 }, () => '!`a` !`a` !`a`').join('\n\n'),
  'list-items': () => fm + Array.from({ length: 19900 }, (_, i) => `- item ${i} with some words`).join('\n'),
  'prose': () => fm + Array.from({ length: 8000 }, (_, i) => `Paragraph ${i}: ` + 'plain words of ordinary prose, '.repeat(16)).join('\n\n'),
  'linkdefs-max': () => fm + Array.from({ length: 19 }, (_, b) => Array.from({ length: 1000 }, (_, i) => `[a${b}x${i}]: http://x`).join('\n')).join('\n\n') + '\n',
  'paras-max': () => fm + Array.from({ length: 19990 }, (_, i) => `P${i % 7}`).join('\n\n') + '\n',
  'keys-100k': () => `---\nname: hostile\ndescription: Use when measuring hostile input.\n${Array.from({ length: 100000 }, (_, i) => `k${i}: v`).join('\n')}\n---\n\n# T\n`,
  // 300,000 headings (the stylish reporter's widths).
  'headings': () => fm + Array.from({ length: n(300000) }, (_, i) => `# H${i % 7}`).join('\n') + '\n',
};

const names = args.length ? args : Object.keys(ATTACKS).filter((k) => !k.endsWith('-max') && !['list-items', 'prose', 'keys-100k'].includes(k));
const bin = path.resolve(import.meta.dirname, '..', 'bin', 'skillc.js');
for (const name of names) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-hostile-'));
  try {
    fs.mkdirSync(path.join(dir, 'hostile'));
    const text = ATTACKS[name]();
    fs.writeFileSync(path.join(dir, 'hostile', 'SKILL.md'), text);
    const t0 = process.hrtime.bigint();
    const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, bin, 'lint', 'hostile', '--format', 'stylish'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 30 });
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    const [kb, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
    const mb = text.length / 1e6;
    const last = r.stdout.trim().split('\n').filter((l) => /problem|error/.test(l)).slice(-1)[0] ?? r.stderr.slice(0, 200);
    console.log(`${name.padEnd(12)} ${mb.toFixed(2)} MB  ${s.toFixed(1)} s wall  ${(user + sys).toFixed(1)} s CPU  ${(kb / 1024).toFixed(0)} MB peak  exit ${r.status}  ${last}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
