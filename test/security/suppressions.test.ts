// Issue #24: findings hidden from CI. A blanket skillc-disable hid security findings, suppressed
// findings vanished from SARIF (code scanning never saw them), and CI on a pull request had no way
// to ignore the comments the pull request itself added.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { project, skillc } from '../ecosystem/helpers.js';
import { SKILL } from '../helpers.js';

const body = [
  '# T',
  '',
  '<!-- skillc-disable -->',
  'Key AKIAIOSFODNN7QWERTYU and [gone](gone.md).',
  '<!-- skillc-disable-next-line links/broken -- the build adds it -->',
  'See [x](x.md).',
  '',
].join('\n');

interface SarifResult {
  ruleId: string;
  suppressions?: { kind: string; justification?: string }[];
}
const sarifResults = (stdout: string): SarifResult[] => (JSON.parse(stdout) as { runs: { results: SarifResult[] }[] }).runs[0]!.results;

describe('suppressions that CI can see (issue #24)', () => {
  it('a skillc-disable without rule ids does not cover security/*: naming the rule does', () => {
    const root = project({ 's/SKILL.md': SKILL('s', body), 'n/SKILL.md': SKILL('n', '# T\n\n<!-- skillc-disable security/secret -- a published test key -->\nKey AKIAIOSFODNN7QWERTYU.\n') });
    const r = skillc(['lint', 's', 'n', '--format', 'json'], root);
    const messages = (JSON.parse(r.stdout) as { files: { path: string; messages: { ruleId: string }[] }[] }).files;
    const ids = (file: string): string[] => messages.find((f) => f.path === file)!.messages.map((m) => m.ruleId).filter((id) => /^(?:security|links)\//.test(id));
    expect(ids('s/SKILL.md')).toEqual(['security/secret']);
    expect(ids('n/SKILL.md')).toEqual([]);
    expect(r.code).toBe(1);
  });

  it('--no-inline-config ignores every skillc-disable comment', () => {
    const root = project({ 's/SKILL.md': SKILL('s', body) });
    const r = skillc(['lint', 's', '--format', 'json', '--no-inline-config'], root);
    const ids = (JSON.parse(r.stdout) as { files: { messages: { ruleId: string }[] }[] }).files.flatMap((f) => f.messages.map((m) => m.ruleId));
    expect(ids.sort()).toEqual(['links/broken', 'links/broken', 'security/secret']);
    // The same through --staged (the git index).
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', '.'], { cwd: root });
    const staged = skillc(['lint', '--staged', '--no-inline-config', '--format', 'json'], root);
    expect((JSON.parse(staged.stdout) as { files: { messages: unknown[] }[] }).files.flatMap((f) => f.messages)).toHaveLength(3);
  });

  it('SARIF keeps suppressed findings, marked inSource with the reason, and the suppressions file as external', () => {
    const root = project({ 's/SKILL.md': SKILL('s', body), 'skillc.config.json': '{}' });
    const results = sarifResults(skillc(['lint', 's', '--format', 'sarif'], root).stdout);
    expect(results.map((r) => [r.ruleId, r.suppressions?.[0]?.kind ?? 'none'])).toEqual([
      ['security/secret', 'none'],
      ['links/broken', 'inSource'],
      ['links/broken', 'inSource'],
    ]);
    expect(results[2]!.suppressions![0]!.justification).toBe('the build adds it');
    // Recorded in the suppressions file: still in SARIF, as an external suppression.
    expect(skillc(['lint', 's', '--suppress-all'], root).code).toBe(0);
    const after = sarifResults(skillc(['lint', 's', '--format', 'sarif'], root).stdout);
    expect(after.find((r) => r.ruleId === 'security/secret')!.suppressions).toEqual([expect.objectContaining({ kind: 'external' })]);
    expect(skillc(['lint', 's'], root).code).toBe(0);
  });
});
