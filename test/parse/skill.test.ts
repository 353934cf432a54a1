import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSkill } from '../../src/parse/skill.js';
import { SKILL, tempTree } from '../helpers.js';

describe('parse: the skill model', () => {
  it('reads frontmatter fields with key and value positions', () => {
    const root = tempTree({ 'a/SKILL.md': '---\nname: a\ndescription: "Use when: x"\nmetadata:\n  owner: me\n---\n# A\n' });
    const skill = readSkill(path.join(root, 'a'));
    expect(skill.name).toBe('a');
    expect(skill.description).toBe('Use when: x');
    const desc = skill.frontmatter!.fields.find((f) => f.key === 'description')!;
    expect(desc.keyRange.start).toMatchObject({ line: 3, column: 1 });
    expect(desc.valueRange.start).toMatchObject({ line: 3, column: 14 });
    expect(desc.style).toBe('double');
    expect(skill.file.text.slice(...desc.valueOffsets)).toBe('"Use when: x"');
    const meta = skill.frontmatter!.fields.find((f) => f.key === 'metadata')!;
    expect(meta.children?.[0]).toMatchObject({ key: 'owner', value: 'me' });
    expect(skill.bodyOffset).toBe(skill.file.text.indexOf('# A') - 1);
  });

  it('reports YAML errors with file positions', () => {
    const root = tempTree({ 'a/SKILL.md': '---\nname: a\ndescription: Use when: it breaks\n---\n' });
    const skill = readSkill(path.join(root, 'a'));
    expect(skill.frontmatter!.errors.length).toBeGreaterThan(0);
    expect(skill.frontmatter!.errors[0]!.range.start.line).toBe(3);
    expect(skill.frontmatter!.data).toBeUndefined();
  });

  it('finds fence problems: BOM, leading blank line, unclosed, absent', () => {
    const root = tempTree({
      'bom/SKILL.md': '\uFEFF---\nname: bom\n---\n# T\n',
      'blank/SKILL.md': '\n---\nname: blank\n---\n',
      'open/SKILL.md': '---\nname: open\n# T\n',
      'none/SKILL.md': '# Just a title\n',
    });
    expect(readSkill(path.join(root, 'bom')).fenceProblem?.kind).toBe('bom');
    expect(readSkill(path.join(root, 'bom')).name).toBe('bom');
    expect(readSkill(path.join(root, 'blank')).fenceProblem).toMatchObject({ kind: 'leading-blank', range: { start: { line: 2 } } });
    expect(readSkill(path.join(root, 'open')).fenceProblem?.kind).toBe('unclosed');
    expect(readSkill(path.join(root, 'none')).fenceProblem?.kind).toBe('absent');
  });

  it('keeps heading positions right after a BOM', () => {
    const root = tempTree({ 'bom/SKILL.md': '\uFEFF---\nname: bom\n---\n# T\n[x](y.md)\n' });
    const skill = readSkill(path.join(root, 'bom'));
    expect(skill.headings[0]).toMatchObject({ text: 'T', range: { start: { line: 4, column: 1 } } });
    expect(skill.links[0]).toMatchObject({ url: 'y.md', range: { start: { line: 5, column: 1 } } });
  });

  it('builds the section tree, slugs and empty flags', () => {
    const body = '# Top\n\nIntro.\n\n## Inputs\n\n## Steps\n\n### One\n\nDo it.\n\n## Steps\n\nAgain.\n';
    const root = tempTree({ 's/SKILL.md': SKILL('s', body) });
    const skill = readSkill(path.join(root, 's'));
    expect(skill.headings.map((h) => h.slug)).toEqual(['top', 'inputs', 'steps', 'one', 'steps-1']);
    const top = skill.sections[0]!;
    expect(top.children.map((s) => [s.heading.text, s.empty])).toEqual([
      ['Inputs', true],
      ['Steps', false],
      ['Steps', false],
    ]);
    expect(top.children[1]!.children[0]!.heading.text).toBe('One');
    expect(top.range.end.line).toBe(skill.file.lines.lineCount - 1);
  });

  it('collects links, images, definitions, code fences, inline code and directives', () => {
    const body = [
      '# T',
      '',
      'See [guide](references/guide.md#setup) and ![logo](assets/logo.png).',
      '',
      '[def]: https://example.com',
      '',
      '<!-- include: ../_shared/fail-closed.md -->',
      '<!-- host: claude, codex -->',
      'Only for Claude and Codex, using `other-skill`.',
      '<!-- /host -->',
      '<!-- skillc-disable-next-line links/broken, links/depth -- reason -->',
      '<!-- just a comment -->',
      '',
      '```bash',
      'grep -v x file',
      '```',
      '',
    ].join('\n');
    const root = tempTree({ 'd/SKILL.md': SKILL('d', body) });
    const skill = readSkill(path.join(root, 'd'));
    expect(skill.links.map((l) => [l.kind, l.url])).toEqual([
      ['link', 'references/guide.md#setup'],
      ['image', 'assets/logo.png'],
      ['definition', 'https://example.com'],
    ]);
    expect(skill.codeFences).toMatchObject([{ lang: 'bash', value: 'grep -v x file' }]);
    expect(skill.inlineCode.map((c) => c.value)).toEqual(['other-skill']);
    expect(skill.directives.map((d) => d.kind)).toEqual(['include', 'host-open', 'host-close', 'disable-next-line']);
    expect(skill.directives[1]).toMatchObject({ hosts: ['claude', 'codex'] });
    expect(skill.directives[3]).toMatchObject({ rules: ['links/broken', 'links/depth'] });
    expect(skill.comments).toHaveLength(5);
  });

  it('lists bundled files without following symlinks', async () => {
    const fs = await import('node:fs');
    const root = tempTree({ 'b/SKILL.md': SKILL('b'), 'b/references/a.md': '# A\n', 'b/scripts/run.sh': '#!/bin/sh\n', 'outside.md': 'x' });
    fs.chmodSync(path.join(root, 'b/scripts/run.sh'), 0o755);
    fs.symlinkSync('../outside.md', path.join(root, 'b/link.md'));
    fs.symlinkSync('.', path.join(root, 'b/loop'));
    const skill = readSkill(path.join(root, 'b'));
    expect(skill.bundled.map((f) => [f.relPath, f.kind])).toEqual([
      ['link.md', 'symlink'],
      ['loop', 'symlink'],
      ['references', 'directory'],
      ['references/a.md', 'file'],
      ['scripts', 'directory'],
      ['scripts/run.sh', 'file'],
    ]);
    expect(skill.bundled.find((f) => f.relPath === 'link.md')!.escapes).toBe(true);
    expect(skill.bundled.find((f) => f.relPath === 'loop')!.escapes).toBe(false);
    expect(skill.bundled.find((f) => f.relPath === 'scripts/run.sh')!.executable).toBe(true);
    expect(skill.bundle.headings('references/a.md')!.map((h) => h.slug)).toEqual(['a']);
    expect(skill.bundle.exists('../outside.md')).toBe(true);
  });

  it('reports unreadable, binary, invalid UTF-8, oversized and too-deep files without throwing', () => {
    const deep = `${SKILL('deep', '')}${Array.from({ length: 300 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n')}\n`;
    const root = tempTree({
      'bin/SKILL.md': Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x02]),
      'utf/SKILL.md': Buffer.concat([Buffer.from(SKILL('utf')), Buffer.from([0xff, 0xfe, 0x0a])]),
      'big/SKILL.md': `${SKILL('big')}${'x'.repeat(5 * 1024 * 1024)}`,
      'deep/SKILL.md': deep,
      'dir/SKILL.md/x': 'folder named SKILL.md',
    });
    expect(readSkill(path.join(root, 'bin')).readProblem?.kind).toBe('binary');
    const utf = readSkill(path.join(root, 'utf'));
    expect(utf.readProblem?.kind).toBe('encoding');
    expect(utf.name).toBe('utf');
    expect(readSkill(path.join(root, 'big')).readProblem?.kind).toBe('too-large');
    // Deep nesting is refused before the parser recurses (a hang would hit the test timeout; time is not asserted).
    expect(readSkill(path.join(root, 'deep')).readProblem?.kind).toBe('parse');
    expect(readSkill(path.join(root, 'dir')).readProblem?.kind).toBe('not-a-file');
    expect(readSkill(path.join(root, 'missing')).readProblem?.kind).toBe('unreadable');
  });

  it('bounds YAML alias expansion (billion laughs)', () => {
    const bomb = ['---', 'a: &a ["x","x","x","x","x","x","x","x","x"]', 'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', 'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', 'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]', 'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]', 'name: bomb', '---', ''].join('\n');
    const root = tempTree({ 'bomb/SKILL.md': bomb });
    const skill = readSkill(path.join(root, 'bomb'));
    expect(skill.frontmatter!.errors.some((e) => e.code === 'ALIAS_LIMIT')).toBe(true);
  });
});
