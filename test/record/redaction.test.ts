import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/record/redact.js';
import { redactionLeftovers } from '../../src/record/write.js';
import { tempDir } from '../helpers.js';
import { Transcript } from './builder.js';
import { filesUnder, project, record, sessions, type RecordJson } from './helpers.js';

// Planted values: none may reach the case folder (its trace, inputs, outputs, captures, case.yaml).
const TOKEN = `ghp_${'Zr8kQ2vLm9XwT4bN7cYp1sJ6hF3dA0eGuK5iWq'.slice(0, 36)}`;
const HOME = '/home/mdupont';
const PROJECT = `${HOME}/work/notes-app`;
const EMAIL = 'marguerite.dupont@acme-corp.io';
const NAME = 'Marguerite Dupont';
const BEARER = 'Zx81Kq0PvLd7';
const ENV_VALUE = 'pk-prod-73hf8Q1Lz0aX';

function plantedSession(): string {
  const t = new Transcript(PROJECT);
  t.prompt(`Count the words of ${PROJECT}/notes.md; my token is ${TOKEN}`);
  t.skill('toolu_skill', 'wordcount', `${HOME}/.claude/skills/wordcount`);
  t.read('toolu_read', `${PROJECT}/notes.md`, 'Ship it on Friday.\n');
  t.read('toolu_people', `${PROJECT}/people.md`, `Ping ${EMAIL} or ${NAME}.\n`);
  t.read('toolu_env', `${PROJECT}/.env`, `API_KEY=${ENV_VALUE}\nDEBUG=1\n`);
  t.bash('toolu_count', `bash ${HOME}/.claude/skills/wordcount/scripts/count.sh notes.md`, 'notes.md: 4 words');
  t.bash('toolu_log', 'git log -1', `commit 1a2b3c\nAuthor: ${NAME} <${EMAIL}>\n\n    notes (${HOME}/work)\n`);
  t.bash('toolu_ls', 'ls -l', `total 4\n-rw-r--r-- 1 mdupont staff 27 Feb 20 10:00 notes.md\n`);
  t.bash('toolu_curl', `curl -sS -H "Authorization: Bearer ${BEARER}" -X POST https://api.acme-corp.io/deploy -d 'token=${TOKEN}'`, '{"ok":true}');
  t.bash('toolu_env_cat', 'cat .env', `API_KEY=${ENV_VALUE}\nDEBUG=1\n`);
  t.write('toolu_write', `${PROJECT}/report.md`, `# Report\n\nBy ${NAME} (${EMAIL}), from ${PROJECT}: 4 words. Key ${TOKEN}\n`);
  t.call('toolu_slack', 'mcp__slack__post_message', { channel: '#notes', text: `done by ${EMAIL} with ${TOKEN}` });
  t.result('toolu_slack', [{ type: 'text', text: 'ok' }], [{ type: 'text', text: 'ok' }]);
  return t.text();
}

describe('skillc record: redaction', () => {
  it('keeps a planted token, home path, e-mail, name, bearer and .env value out of every file of the case', async () => {
    const root = project();
    const session = path.join(root, 'planted.jsonl');
    fs.writeFileSync(session, plantedSession());
    const r = await record([session, '--write-frontmatter', '--format', 'json'], root);
    expect(r.stderr).toBe('');
    const c = (JSON.parse(r.stdout) as RecordJson).cases[0]!;
    expect(c.rehearsal.ok).toBe(true);
    const files = filesUnder(c.dir);
    expect([...files.keys()].sort()).toEqual(expect.arrayContaining(['case.yaml', 'trace.jsonl', 'inputs/notes.md', 'inputs/people.md', 'inputs/.env', 'captures/001-http.post.json']));
    for (const [file, text] of files) {
      for (const planted of [TOKEN, HOME, 'mdupont', EMAIL, NAME, 'Marguerite', BEARER, ENV_VALUE]) expect(`${file}: ${text.includes(planted) ? planted : ''}`).toBe(`${file}: `);
    }
    expect(c.redacted).toMatchObject({ credential: expect.any(Number), 'e-mail': expect.any(Number), 'user name': expect.any(Number), 'authorization header': 1, '.env value': expect.any(Number), 'home path': expect.any(Number) });
    // What stays is usable: the skill's script still runs live, paths are the rehearsal's own.
    expect(c.stats.live).toBe(1);
    expect(files.get('inputs/.env')).toBe('API_KEY=REDACTED_ENV\nDEBUG=REDACTED_ENV\n');
    expect(files.get('trace.jsonl')).toContain('"run":"bash {skill}/scripts/count.sh notes.md"');
    expect(files.get('captures/001-http.post.json')).toContain('Authorization: Bearer REDACTED_SECRET');
  });

  it('passes the redaction check on every example session', async () => {
    const root = project();
    const cases: [string, string[]][] = [
      ['claude-code/spotter/8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', []],
      ['claude-code/claude-code-viewer/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl', []],
      ['codex/codex-session-view/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl', ['--from', '1', '--skill', 'span-demo']],
    ];
    for (const [s, args] of cases) {
      const r = await record([path.join(sessions, s), ...args, '--format', 'json'], root);
      expect(r.code === 0 || r.code === 1, r.stderr).toBe(true);
      const c = (JSON.parse(r.stdout) as RecordJson).cases[0]!;
      // The placeholders the sources left (USER, /home/USER) count as home paths; the user `kaito` of `ls -l` is redacted.
      for (const text of filesUnder(c.dir).values()) expect(text).not.toMatch(/\/home\/USER|\/Users\/USER|\bkaito\b|\/home\/user\//);
    }
  });

  it('the re-read check finds a value the redaction replaced, and names the file, never the value', () => {
    const redactor = new Redactor({ project: PROJECT, home: HOME });
    expect(redactor.text(`cd ${PROJECT} && mail ${EMAIL}`)).toBe('cd {run} && mail REDACTED_EMAIL');
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'inputs'));
    fs.writeFileSync(path.join(dir, 'trace.jsonl'), '{"type":"step.start","step":"a"}\n');
    expect(redactionLeftovers(dir, redactor)).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'inputs', 'leak.md'), `mail ${EMAIL}\n`);
    expect(redactionLeftovers(dir, redactor)).toBe('inputs/leak.md still holds 1 redacted value');
  });

  it('drops images inlined as base64', () => {
    const redactor = new Redactor({});
    expect(redactor.text(`<img src="data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAA'.repeat(4)}">`)).toBe('<img src="data:image/png;base64,REDACTED_IMAGE">');
    expect(redactor.counts).toEqual({ 'base64 image': 1 });
  });

  it('leaves paths that only start like a redacted one, and the domains reserved for examples', () => {
    const redactor = new Redactor({ project: '/home/al/app', home: '/home/al' });
    expect(redactor.text('/home/al/app/x /home/al/app-old /home/alice guest@example.com git@github.com:o/r.git')).toBe('{run}/x ~/app-old /home/alice guest@example.com git@github.com:o/r.git');
    expect(redactor.remaining('/home/alice')).toEqual([]);
  });
});
