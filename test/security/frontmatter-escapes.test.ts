import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { listAll, tempProject } from '../build/helpers.js';

// Issue 14: hidden characters written as YAML escapes in the frontmatter (`"\u202E"`, `"\0"`, `"\e"`)
// linted clean, and the build then wrote them raw into generated files.
describe('build: hidden characters written as YAML escapes', () => {
  const escaped = '---\nname: alpha\ndescription: "Use when testing \\u202Ealpha\\u200B, e.g. \\e[31m."\nmetadata:\n  "k\\u2066ey": "\\0v"\n---\n\n# alpha\n\nText.\n';

  it('are reported by lint at their value, and stop the build before anything is written', async () => {
    const dir = tempProject({ 'skillc.config.json': JSON.stringify({ hosts: ['agentskills', 'claude'] }), 'skills-src/alpha/SKILL.md': escaped });
    const result = await build({ cwd: dir });
    expect(result.written).toBe(false);
    const found = result.diagnostics.filter((d) => d.ruleId === 'security/hidden-unicode');
    expect(found.map((d) => [d.line, d.severity, /U\+[0-9A-F]+/.exec(d.message)![0]]).sort()).toEqual([
      [3, 'error', 'U+001B'],
      [3, 'error', 'U+202E'],
      [3, 'warning', 'U+200B'],
      [5, 'error', 'U+0000'],
      [5, 'error', 'U+2066'],
    ]);
    for (const d of found) expect(d.message).toMatch(/written as a YAML escape in a frontmatter value/);
    expect(fs.existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it('with the rule off, are written as escapes again, never raw, and mean the same', async () => {
    const { parse } = await import('yaml');
    const dir = tempProject({
      'skillc.config.json': JSON.stringify({ hosts: ['agentskills', 'claude'], rules: { 'security/hidden-unicode': 'off' } }),
      'skills-src/alpha/SKILL.md': escaped,
    });
    const result = await build({ cwd: dir });
    expect(result.errorCount).toBe(0);
    expect(result.written).toBe(true);
    // eslint-disable-next-line no-control-regex -- the control characters the output must not carry raw
    const raw = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
    const files = listAll(path.join(dir, 'generated')).filter((f) => !f.endsWith('/'));
    expect(files.length).toBeGreaterThan(2);
    for (const f of files) expect(raw.test(fs.readFileSync(path.join(dir, 'generated', f), 'utf8')), f).toBe(false);
    const emitted = fs.readFileSync(path.join(dir, 'generated/claude/skills/alpha/SKILL.md'), 'utf8');
    expect(emitted).toContain('\\u202E');
    const data = parse(emitted.split('---\n')[1]!) as { description: string; metadata: Record<string, string> };
    expect(data.description).toBe('Use when testing \u202Ealpha\u200B, e.g. \u001b[31m.');
    expect(data.metadata).toEqual({ 'k\u2066ey': '\u0000v' });
    const catalog = JSON.parse(fs.readFileSync(path.join(dir, 'generated/catalog.json'), 'utf8')) as { skills: { description: string }[] };
    expect(JSON.stringify(catalog)).toContain('\u202E');
  });
});
