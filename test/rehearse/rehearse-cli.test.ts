import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus } from '../helpers.js';
import { byCase, repo, skillc, tree } from './helpers.js';

const corpusFixtures = path.join(corpus, 'tflow/skills/tflow-gateway/scripts/fixtures');
const gatewaySource = path.join(repo, 'test/fixtures/tflow-gateway');

/**
 * The tflow-gateway fixtures as script cases of the skillc source of the
 * gateway's schemas: the artifact cases run `gate` with their `.args`, the
 * discovery cases run `catalog` on the case folder.
 */
function gatewayCopy(): string {
  const root = tree({ 'tflow-gateway/SKILL.md': fs.readFileSync(path.join(gatewaySource, 'SKILL.md'), 'utf8') });
  const fixtures = path.join(root, 'tflow-gateway', 'fixtures');
  fs.cpSync(corpusFixtures, fixtures, { recursive: true });
  for (const name of fs.readdirSync(fixtures)) {
    const dir = path.join(fixtures, name);
    fs.chmodSync(dir, 0o755);
    const spec = name.includes('-discover-')
      ? 'command: catalog\nargs: [".", "--match", "tflow-*", "--exclude", "tflow-gateway"]\n'
      : 'command: gate\n';
    const extra = name === 'pass-discover-skips-malformed' ? 'stdout: "tflow-alpha\\tUse when alpha fixture routing applies"\nstderr:\n  matches: "warning: skipping <run>/tflow-broken: no frontmatter"\n' : '';
    const routing = name === 'fail-artifacts-missing-section-routing' ? 'stdout: "FAIL routing-decision.md: Missing required section `## rejected_candidates` in `routing-decision.md`"\n' : '';
    fs.writeFileSync(path.join(dir, 'case.yaml'), spec + extra + routing);
  }
  return root;
}

describe('skillc rehearse: tflow-gateway fixtures as script cases', () => {
  it('gives every fixture the verdict its name states', async () => {
    const root = gatewayCopy();
    const r = await skillc(['rehearse', 'tflow-gateway', '--format', 'json'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const cases = byCase(r.stdout);
    expect([...cases.keys()]).toHaveLength(12);
    const table = Object.fromEntries([...cases].map(([name, c]) => [name, `${c.actual}${c.ok ? '' : ' (mismatch)'}`]));
    expect(table).toEqual({
      'fail-artifacts-empty': 'fail',
      'fail-artifacts-missing': 'fail',
      'fail-artifacts-missing-section': 'fail',
      'fail-artifacts-missing-section-report': 'fail',
      'fail-artifacts-missing-section-routing': 'fail',
      'fail-artifacts-missing-section-validation': 'fail',
      'fail-discover-gateway-only': 'fail',
      'fail-discover-none': 'fail',
      'pass-artifacts-complete': 'pass',
      'pass-discover-self-excluded': 'pass',
      'pass-discover-skips-malformed': 'pass',
      'pass-discover-two-skills': 'pass',
    });
    expect(cases.get('fail-artifacts-missing-section')!.firstFailure!.evidence).toMatch(/Missing required section `## \w+`/);
    // The corpus itself is untouched (it is read-only; the copy is what ran).
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('prints stylish and JUnit XML', async () => {
    const root = gatewayCopy();
    const stylish = await skillc(['rehearse', 'tflow-gateway/fixtures/fail-artifacts-empty', 'tflow-gateway/fixtures/pass-artifacts-complete'], root);
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toMatch(/✓ fail-artifacts-empty {2}script, fail/);
    expect(stylish.stdout).toContain('FAIL research-brief.md: Unexpected empty artifact');
    expect(stylish.stdout).toMatch(/✓ 2 of 2 cases got their expected verdict/);
    expect(stylish.stdout).toMatch(/^sandbox: bubblewrap /m);
    const junit = await skillc(['rehearse', 'tflow-gateway', '-f', 'junit'], root);
    expect(junit.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="skillc rehearse" tests="12" failures="0" errors="0"/);
    expect(junit.stdout.match(/<testcase /g)).toHaveLength(12);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('skillc rehearse: the repository\'s own cases', () => {
  it('gives each case of release-announce and release-notes its expected verdict', async () => {
    const r = await skillc(['rehearse', '--format', 'json'], repo);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const cases = byCase(r.stdout);
    const table = Object.fromEntries([...cases].map(([name, c]) => [`${name}`, c.actual]));
    expect(table).toMatchObject({
      'pass-announce-email-webhook': 'pass',
      'fail-gate-halts': 'fail',
      'fail-undeclared-effect': 'fail',
      'pass-check-artifact': 'pass',
      'fail-check-artifact-missing-section': 'fail',
      'fail-collect-outside-repo': 'fail',
      'pass-notes-workflow': 'pass',
      'fail-loop-over-budget': 'fail',
    });
    expect([...cases.values()].every((c) => c.ok)).toBe(true);

    const announce = cases.get('pass-announce-email-webhook')!;
    expect(announce.captures.map((c) => c.effect)).toEqual(['http.post', 'email.send']);
    expect(announce.captures[0]).toMatchObject({ via: 'curl', method: 'POST', url: 'https://hooks.chat.example/services/T000/B000/rehearsal' });
    expect(announce.captures[1]).toMatchObject({ via: 'sendmail', to: ['announce@lists.acme.example'], subject: 'Acme 2.4.0 released: deploy --dry-run' });

    const halts = cases.get('fail-gate-halts')!;
    expect(halts.firstFailure!.id).toBe('fail-closed');
    expect(halts.checks.find((c) => c.id === 'gate' && !c.ok)!.message).toContain('Missing required section `## upgrade`');
    expect(halts.captures).toEqual([]); // nothing was posted or mailed after the failed gate

    expect(cases.get('fail-undeclared-effect')!.firstFailure!.message).toMatch(/Unexpected effect `(git\.push|http\.post)`/);
    expect(cases.get('fail-loop-over-budget')!.firstFailure!.message).toContain('Unexpected iteration 2 of loop `draft`');
  });

  it('exits 2 on usage errors', async () => {
    expect((await skillc(['rehearse', '--format', 'xml'], repo)).code).toBe(2);
    expect((await skillc(['rehearse', 'no/such/skill'], repo)).code).toBe(2);
    expect((await skillc(['rehearse', '--timeout', '-1'], repo)).code).toBe(2);
    expect((await skillc(['rehearse', '--help'], repo)).stdout).toContain('Usage: skillc rehearse');
  });
});

describe('skillc rehearse --update', () => {
  it('writes the golden captures, and a changed capture then fails', async () => {
    const src = path.join(repo, 'skills-src/release-announce');
    const root = tree({});
    fs.cpSync(src, path.join(root, 'release-announce'), { recursive: true });
    const caseDir = path.join(root, 'release-announce/fixtures/pass-announce-email-webhook');
    fs.rmSync(path.join(caseDir, 'captures'), { recursive: true });
    const missing = await skillc(['rehearse', caseDir, '-f', 'json'], root);
    expect(missing.code).toBe(1);
    expect(byCase(missing.stdout).get('pass-announce-email-webhook')!.firstFailure!.message).toContain('no golden captures/ folder');
    const update = await skillc(['rehearse', caseDir, '--update'], root);
    expect(update.code, update.stdout).toBe(0);
    expect(fs.readdirSync(path.join(caseDir, 'captures'))).toEqual(['001-http.post.json', '002-email.send.json']);
    expect(fs.readFileSync(path.join(caseDir, 'captures/001-http.post.json'), 'utf8')).toBe(fs.readFileSync(path.join(src, 'fixtures/pass-announce-email-webhook/captures/001-http.post.json'), 'utf8'));
    // A different recipient is a different capture.
    const eml = path.join(caseDir, 'files/email.eml');
    fs.writeFileSync(eml, fs.readFileSync(eml, 'utf8').replace('announce@lists.acme.example', 'everyone@acme.example'));
    const changed = await skillc(['rehearse', caseDir, '-f', 'json'], root);
    expect(changed.code).toBe(1);
    const c = byCase(changed.stdout).get('pass-announce-email-webhook')!;
    expect(c.firstFailure!.message).toBe('Unexpected capture 2: differs from captures/002-email.send.json');
    expect(c.firstFailure!.evidence).toContain('everyone@acme.example');
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('skillc rehearse: a newcomer\'s first cases', () => {
  it('a misspelt case.yaml key gets its position and a did-you-mean; a new fail- case with no captures/ says how to record them and still shows what it caught', async () => {
    const src = path.join(repo, 'skills-src/release-announce');
    const root = tree({});
    fs.cpSync(src, path.join(root, 'release-announce'), { recursive: true });
    const fixtures = path.join(root, 'release-announce/fixtures');
    fs.cpSync(path.join(fixtures, 'fail-undeclared-effect'), path.join(fixtures, 'fail-new-effect'), { recursive: true });
    fs.rmSync(path.join(fixtures, 'fail-new-effect/captures'), { recursive: true, force: true });
    fs.mkdirSync(path.join(fixtures, 'pass-typo'));
    fs.writeFileSync(path.join(fixtures, 'pass-typo/case.yaml'), 'description: a typo\ncomand: gate\nargs: notes.md\n');
    const r = await skillc(['rehearse', 'release-announce'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("case: unknown key `comand` (case.yaml:2:1); did you mean 'command'? Expected one of: description, expect, failure, command,");
    expect(r.stdout).not.toContain('must NOT have additional properties');
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes('fail-new-effect'));
    const shown = lines.slice(at + 1, at + 5).join('\n');
    expect(shown).toContain('captures: 2 capture(s) but no golden captures/ folder yet');
    expect(shown).toContain('record them with `skillc rehearse --update release-announce/fixtures/fail-new-effect`');
    // The expected failure the case caught is still shown.
    expect(shown).toContain('effects: Unexpected effect `git.push` in step `tag`');
    // The command it names records them, and the case then passes.
    expect((await skillc(['rehearse', 'release-announce/fixtures/fail-new-effect', '--update'], root)).code).toBe(0);
    expect((await skillc(['rehearse', 'release-announce/fixtures/fail-new-effect'], root)).code).toBe(0);
  });
});
