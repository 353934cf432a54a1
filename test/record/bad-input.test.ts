import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionLines } from '../../src/record/lines.js';
import { tempDir } from '../helpers.js';
import { bin } from '../rehearse/helpers.js';
import { Transcript } from './builder.js';
import { project, record, sessions, type RecordJson } from './helpers.js';

const INIT = path.join(sessions, 'claude-code/claude-code-viewer/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl');

/** Nothing of a case was written: no case folder, no temporary `.record-*` folder, under any skill of the project. */
function nothingWritten(root: string): void {
  for (const skill of fs.readdirSync(path.join(root, 'skills-src'))) expect(fs.existsSync(path.join(root, 'skills-src', skill, 'fixtures')), skill).toBe(false);
}

describe('skillc record: bad input', () => {
  it('a file that is not a session: a clear message with a line number, exit 2, nothing written', async () => {
    const root = project();
    fs.writeFileSync(path.join(root, 'notes.txt'), 'just some notes\nnot json at all\n');
    fs.writeFileSync(path.join(root, 'package.json'), '{\n  "name": "x"\n}\n');
    fs.writeFileSync(path.join(root, 'other.jsonl'), `${JSON.stringify({ name: 'x', value: 1 })}\n`);
    const text = await record(['notes.txt'], root);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('notes.txt:1: not a session log: line 1 is not JSON');
    const json = await record(['other.jsonl'], root);
    expect(json.stderr).toContain('other.jsonl: not a session log: no record has a known shape');
    expect((await record(['missing.jsonl'], root)).stderr).toContain('missing.jsonl: not found');
    nothingWritten(root);
    expect(text.stderr).not.toMatch(/\n\s+at /);
  });

  it('a truncated last line is skipped and said, with its number; the rest records', async () => {
    const root = project();
    const text = fs.readFileSync(INIT, 'utf8').trimEnd();
    fs.writeFileSync(path.join(root, 'cut.jsonl'), text.slice(0, text.length - 200));
    const r = await record(['cut.jsonl', '--format', 'json'], root);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as RecordJson;
    expect(out.session.notes).toContain('line 29, the last, is cut short (the session was still being written?); skipped');
    expect(out.cases).toHaveLength(1);
  });

  it('a session with no skill invocation says how to pick a span; --skill naming a skill the project lacks says so', async () => {
    const root = project();
    const none = await record([path.join(sessions, 'codex/agent-history/session-01.jsonl')], root);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no skill invocation in');
    expect(none.stderr).toContain('pick turns with --from/--to and name the skill with --skill');
    const missing = await record([path.join(sessions, 'codex/agent-history/session-01.jsonl'), '--from', '1', '--skill', 'nope'], root);
    expect(missing.stderr).toContain('the skill `nope` is not among this project');
    const late = await record([path.join(sessions, 'codex/agent-history/session-01.jsonl'), '--from', '7', '--skill', 'span-demo'], root);
    expect(late.stderr).toContain('--from 7: the session has 1 turn');
    nothingWritten(root);
  });

  it('never follows a link: a linked session, a linked fixtures/ or case folder is refused', async () => {
    const root = project();
    fs.symlinkSync(INIT, path.join(root, 'link.jsonl'));
    const linked = await record(['link.jsonl'], root);
    expect(linked.code).toBe(2);
    expect(linked.stderr).toContain('is a symlink; skillc record does not follow links');
    const elsewhere = tempDir();
    fs.symlinkSync(elsewhere, path.join(root, 'skills-src/init/fixtures'));
    const fixtures = await record([INIT], root);
    expect(fixtures.code).toBe(2);
    expect(fixtures.stderr).toContain('but a symlink; skillc record does not write through links');
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it('takes a folder holding one session and its sub-agent files; several sessions are named, not guessed', async () => {
    const root = project();
    const folder = path.join(root, 'session');
    fs.mkdirSync(folder);
    fs.cpSync(path.join(sessions, 'claude-code/spotter/8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl'), path.join(folder, '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl'));
    fs.cpSync(path.join(sessions, 'claude-code/spotter/8463c716-a2ea-4c14-9efa-87158ebd9f20'), path.join(folder, '8463c716-a2ea-4c14-9efa-87158ebd9f20'), { recursive: true });
    const listed = await record(['session', '--list'], root);
    expect(listed.stdout).toContain('Skill tool     example-org:commit');
    const many = await record([path.join(sessions, 'claude-code/spotter')], root);
    expect(many.stderr).toContain('holds 2 session files (8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl, tool_heavy.jsonl); name the one to record');
  });

  it('replaces an existing case only with --force', async () => {
    const root = project();
    expect((await record([INIT], root)).code).toBe(0);
    const dir = path.join(root, 'skills-src/init/fixtures/pass-recorded-1af7fc5e');
    fs.writeFileSync(path.join(dir, 'stale.txt'), 'old');
    const again = await record([INIT], root);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists; pass --force to replace it');
    expect(fs.existsSync(path.join(dir, 'stale.txt'))).toBe(true);
    expect((await record([INIT, '--force'], root)).code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'stale.txt'))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'skills-src/init/fixtures'))).toEqual(['pass-recorded-1af7fc5e']);
  });

  it('-o names a folder in a skill’s fixtures/', async () => {
    const root = project();
    const outside = await record([INIT, '-o', 'cases/x'], root);
    expect(outside.stderr).toContain("-o cases/x: name a folder in a skill's fixtures/");
    expect((await record([INIT, '-o', 'skills-src/init/fixtures/pass-my-init'], root)).code).toBe(0);
    expect(fs.existsSync(path.join(root, 'skills-src/init/fixtures/pass-my-init/trace.jsonl'))).toBe(true);
  });

  it('--write-frontmatter adds to skillc.effects and leaves every other line as written', async () => {
    const root = project();
    const skill = path.join(root, 'skills-src/commit/SKILL.md');
    const before = '---\nname: commit\n# why it exists\ndescription: Use when the user asks to commit the staged work with a conventional message, even a long description line that must not be folded.\nskillc:\n  targets: [claude, codex]\n  effects: [email.send] # mails the team\n---\n\n# commit\n';
    fs.writeFileSync(skill, before);
    const t = new Transcript();
    t.prompt('commit');
    t.skill('toolu_s', 'commit', '/home/alice/.claude/skills/commit');
    t.bash('toolu_p', 'git push origin main', '');
    fs.writeFileSync(path.join(root, 's.jsonl'), t.text());
    const r = await record(['s.jsonl', '--write-frontmatter'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('frontmatter: added to skills-src/commit/SKILL.md:\n    skillc:\n      effects: [email.send, git.push]');
    expect(fs.readFileSync(skill, 'utf8')).toBe(before.replace('effects: [email.send] # mails the team', 'effects: [email.send, git.push] # mails the team'));
  });
});

describe('skillc record: size', () => {
  it('streams a session far larger than its heap: 120 MB recorded under a 40 MB heap limit', async () => {
    const root = project();
    const file = path.join(root, 'big.jsonl');
    const fd = fs.openSync(file, 'w');
    const t = new Transcript();
    const big = 'x'.repeat(100_000);
    for (let i = 0; i < 600; i++) {
      t.prompt(`turn ${i}`);
      t.call(`t${i}`, 'Bash', { command: `cat big-${i}.log` });
      t.result(`t${i}`, big, { stdout: big, stderr: '', interrupted: false });
      fs.writeSync(fd, t.text());
      t.records.length = 0;
    }
    t.prompt('now');
    t.skill('toolu_s', 'span-demo', '/home/alice/.claude/skills/span-demo');
    t.bash('toolu_e', 'echo done', 'done');
    fs.writeSync(fd, t.text());
    fs.closeSync(fd);
    expect(fs.statSync(file).size).toBeGreaterThan(120_000_000);
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--max-old-space-size=40', bin, 'record', file, '--unsandboxed'], { cwd: root, stdio: 'ignore', env: { PATH: process.env.PATH ?? '' } });
      child.on('exit', (c) => resolve(c));
    });
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(root, 'skills-src/span-demo/fixtures/pass-recorded-5e55a0e1/trace.jsonl'), 'utf8')).toContain('"run":"echo done"');
  });

  it('skips a line longer than the limit without holding it, and counts its bytes', async () => {
    const file = path.join(tempDir(), 's.jsonl');
    fs.writeFileSync(file, `{"a":1}\n${'y'.repeat(5000)}\n{"b":2}`);
    const got = [];
    for await (const line of sessionLines(file, 1000)) got.push(line);
    expect(got).toEqual([{ n: 1, text: '{"a":1}' }, { n: 2, size: 5000 }, { n: 3, text: '{"b":2}', unterminated: true }]);
  });
});
