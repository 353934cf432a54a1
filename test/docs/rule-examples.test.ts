import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { checkDocExample, missingPrograms, parseDocExamples, stripExampleHeaders } from '../../src/testing/doc-examples.js';

// The rule docs are executable (src/testing/doc-examples.ts says how a page marks its examples):
// every Not ok example gets a report from its page's rule, every Ok example none.
const docsRoot = path.resolve(import.meta.dirname, '../../docs/rules');

describe('docs/rules examples', () => {
  for (const rule of BUILTIN_RULES) {
    const file = path.join(docsRoot, `${rule.meta.id}.md`);
    if (!fs.existsSync(file)) continue; // rule-docs.test.ts reports a missing page
    const { examples, problems } = parseDocExamples(fs.readFileSync(file, 'utf8'));
    describe(rule.meta.id, () => {
      it('marks every example with a valid header, and has a Not ok and an Ok example', () => {
        expect(problems.map((p) => `${rule.meta.id}.md:${p.line}: ${p.message}`)).toEqual([]);
        expect(examples.some((e) => e.kind === 'not-ok'), 'a Not ok example').toBe(true);
        expect(examples.some((e) => e.kind === 'ok'), 'an Ok example').toBe(true);
      });
      for (const example of examples) {
        const title = `${example.kind === 'ok' ? 'Ok' : 'Not ok'} example at line ${example.line}`;
        const missing = missingPrograms(example);
        if (!example.case) it.skip(`${title} (${example.header.skip})`, () => {});
        else if (missing.length) it.skip(`${title} (needs ${missing.join(', ')})`, () => {});
        else it(title, async () => expect(await checkDocExample(rule, example)).toBeUndefined());
      }
    });
  }
});

describe('parseDocExamples', () => {
  const page = (body: string) => `# x/y\n\nWhat.\n\n## Why\n\n\`\`\`markdown\nnot an example\n\`\`\`\n\n${body}\n## Options\n\n\`\`\`json\n{}\n\`\`\`\n`;

  it('reads headers, paths, sibling files, named characters and file fences', () => {
    const { examples, problems } = parseDocExamples(
      page(
        [
          '## Not ok',
          '',
          '<!-- skillc-example',
          'hosts: claude',
          'options: { max: 1 }',
          'files: { ../b/SKILL.md: "---\\nname: b\\n---\\n", references/x.md: "a⟨U+202E⟩b" }',
          '-->',
          '```markdown',
          '---',
          'name: release-notes',
          '---',
          'Body.',
          '```',
          '',
          'and a shared file:',
          '',
          '<!-- skillc-example-file: ../_shared/x.md -->',
          '```markdown',
          '<!-- include: y.md -->',
          '```',
          '',
          '## Ok',
          '',
          '<!-- skillc-example frontmatter: "skillc: { kind: kernel }" -->',
          '```markdown',
          'Just a body.',
          '```',
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([]);
    expect(examples.map((e) => e.kind)).toEqual(['not-ok', 'ok']);
    const [bad, good] = examples;
    expect(bad!.case).toEqual({
      hosts: ['claude'],
      options: { max: 1 },
      files: {
        'b/SKILL.md': '---\nname: b\n---\n',
        'release-notes/references/x.md': 'a\u202Eb',
        '_shared/x.md': '<!-- include: y.md -->\n',
        'release-notes/SKILL.md': '---\nname: release-notes\n---\nBody.\n',
      },
    });
    expect(good!.case!.files).toEqual({ 'my-skill/SKILL.md': '---\nname: my-skill\ndescription: Use when testing this example.\nskillc: { kind: kernel }\n---\nJust a body.\n' });
  });

  it('reports fences without a header, bad headers, and files that leave the example root', () => {
    const { problems } = parseDocExamples(
      page(
        [
          '## Not ok',
          '',
          '```markdown',
          'no header',
          '```',
          '',
          '<!-- skillc-example hots: [claude] -->',
          '```markdown',
          'x',
          '```',
          '',
          '<!-- skillc-example options: { max: [1 } -->',
          '',
          '<!-- skillc-example files: { ../../x.md: "x" } -->',
          '',
          '## Ok',
          '',
          '<!-- skillc-example-file: a.md -->',
          '```markdown',
          'x',
          '```',
          '',
          '<!-- skillc-example skip: "" -->',
        ].join('\n'),
      ),
    );
    expect(problems.map((p) => p.message)).toEqual([
      'a fence under `## Not ok` without a `<!-- skillc-example -->` header',
      'unknown key(s) in the example header: hots (known: hosts, options, config, path, dir, frontmatter, files, illustration, requires, skip)',
      expect.stringMatching(/^invalid YAML in the example header/),
      '`../../x.md` leaves the example\'s root',
      '`skillc-example-file` with no example header above it',
      'a fence under `## Ok` without a `<!-- skillc-example -->` header',
      '`skip` must give the reason',
    ]);
  });

  it('fails a Not ok example the rule is silent on, and an Ok example it reports', async () => {
    const rule = BUILTIN_RULES.find((r) => r.meta.id === 'body/placeholder')!;
    const { examples } = parseDocExamples(page('## Not ok\n\n<!-- skillc-example -->\n```markdown\nAll done.\n```\n\n## Ok\n\n<!-- skillc-example -->\n```markdown\nTODO: write this.\n```\n'));
    expect(await checkDocExample(rule, examples[0]!)).toMatch(/^the Not ok example \(line \d+\) gets no report from body\/placeholder$/);
    expect(await checkDocExample(rule, examples[1]!)).toMatch(/^the Ok example \(line \d+\) gets reports from body\/placeholder:\n {2}.*SKILL\.md:\d+:\d+ /);
  });

  it('skillc explain shows the pages without their headers', () => {
    for (const rule of BUILTIN_RULES) {
      const file = path.join(docsRoot, `${rule.meta.id}.md`);
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      const shown = stripExampleHeaders(text);
      expect(shown).not.toContain('skillc-example');
      expect(shown.replace(/\s+/g, '')).toBe(text.replace(/<!--\s*skillc-example[\s\S]*?-->/g, '').replace(/\s+/g, ''));
    }
  });
});
