import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../../src/rules/file/special.js';
import { testRule } from '../../../src/testing/rule-tester.js';
import { lint } from '../../../src/lint/engine.js';

const skill = `---\nname: my-skill\ndescription: Use when testing.\n---\n# T\n\nText.\n`;

testRule(
  rule,
  {
    valid: [{ name: 'files, folders and links inside', files: { 'SKILL.md': skill, 'references/a.md': '# A\n', 'b.md': { symlink: 'references/a.md' } } }],
    invalid: [
      {
        name: 'a symlink to its own folder and a two-link loop',
        files: { 'SKILL.md': skill, 'refs/up': { symlink: '..' }, x: { symlink: 'y' }, y: { symlink: 'x' } },
        errors: [
          { file: 'refs/up', message: 'Unexpected symlink loop `refs/up`, expected a link to a file or a folder that does not contain it (tools that follow links never finish)' },
          { file: 'x', message: /^Unexpected symlink loop `x`/ },
          { file: 'y', message: /^Unexpected symlink loop `y`/ },
        ],
      },
    ],
  },
  { describe, it },
);

describe.skipIf(process.platform === 'win32')('file/special on a FIFO', () => {
  it('reports it without opening it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-fifo-'));
    fs.mkdirSync(path.join(root, 'my-skill/references'), { recursive: true });
    fs.writeFileSync(path.join(root, 'my-skill/SKILL.md'), skill);
    execFileSync('mkfifo', [path.join(root, 'my-skill/references/notes.md')]);
    const r = await lint({ cwd: root, paths: ['.'], config: { rules: {} } });
    const found = r.files.flatMap((f) => f.messages).filter((m) => m.ruleId === 'file/special');
    expect(found.map((m) => m.message)).toEqual(['Unexpected special file `references/notes.md` (a FIFO, socket or device), expected a regular file: reading it can block or never end']);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
