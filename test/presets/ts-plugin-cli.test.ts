import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-probes.js';

// TypeScript plugins through the built CLI (dist/bundle), not only the API: the bundle
// once inlined tsx, whose loader files then could not be found, and a .ts plugin in
// a CommonJS package lost its default export one level down.
const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

const PLUGIN = `import type { SkillRule } from 'skillc';
const rule: SkillRule<Record<string, never>> = {
  scope: 'skill',
  meta: { id: 'no-todo', description: 'Reports TODO in SKILL.md.', severity: 'error', fixable: false, defaultOptions: {} },
  check({ skill, report }) {
    const at: number = skill.file.text.indexOf('TODO');
    if (at >= 0) report({ message: 'Unexpected TODO, expected finished text', range: skill.file.lines.range(at, at + 4) });
  },
};
export default { prefix: 'team', rules: [rule] };
`;

function project(pkg: object | undefined, config: object): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-ts-plugin-'));
  roots.push(root);
  if (pkg) fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify(pkg));
  fs.mkdirSync(path.join(root, 'rules'));
  fs.writeFileSync(path.join(root, 'rules', 'team.ts'), PLUGIN);
  fs.mkdirSync(path.join(root, 'skills', 'a'), { recursive: true });
  fs.writeFileSync(path.join(root, 'skills', 'a', 'SKILL.md'), '---\nname: a\ndescription: Use when testing a plugin.\n---\n\n# A\n\nTODO finish.\n');
  fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: 'skills', ...config }));
  return root;
}

describe('TypeScript plugins load in the built CLI', () => {
  it.each([
    ['an ESM package ("type": "module")', { name: 'p', type: 'module' }],
    ['a CommonJS package (no "type")', { name: 'p' }],
    ['a folder with no package.json', undefined],
  ])('in %s', (_what, pkg) => {
    const root = project(pkg, { plugins: ['./rules/team.ts'], rules: { 'team/no-todo': 'error' } });
    const r = runCli(['lint', '--format', 'json'], root);
    expect(r.stderr).toBe('');
    const messages = (JSON.parse(r.stdout) as { files: { messages: { ruleId: string }[] }[] }).files.flatMap((f) => f.messages.map((m) => m.ruleId));
    expect(messages).toEqual(['team/no-todo']);
    expect(r.status).toBe(1);
  });
});
