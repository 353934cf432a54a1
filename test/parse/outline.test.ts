// The skill model built from micromark's events (src/parse/outline.ts) against the model built
// from remark-parse's mdast, which it replaced (issue #30): the same headings, sections, links,
// code fences, code spans, comments and directives, on every Markdown file of the fixture
// corpora and the repository's docs, and on generated Markdown.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import GithubSlugger from 'github-slugger';
import type { Nodes, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { markdownFiles } from '../helpers.js';
import type { Range } from '../../src/model/diagnostic.js';
import type { Heading, Section, Skill } from '../../src/model/skill.js';
import { textFile, type LineIndex } from '../../src/model/text.js';
import { commentsIn, parseDirective } from '../../src/parse/directives.js';
import { markdownOverLimit, parseMarkdown } from '../../src/parse/markdown.js';
import { parseSkill } from '../../src/parse/skill.js';

const NO_BUNDLE: Skill['bundle'] = { text: () => undefined, headings: () => undefined, links: () => undefined, codeFences: () => undefined, directives: () => undefined, exists: () => false };

type Parts = Pick<Skill, 'headings' | 'sections' | 'links' | 'codeFences' | 'inlineCode' | 'comments' | 'directives'>;

/** The mdast walk the model was collected with before issue #30 (the oracle). */
function fromMdast(text: string): Parts {
  const lines = textFile('/x/SKILL.md', text).lines;
  const out: Parts = { headings: [], sections: [], links: [], codeFences: [], inlineCode: [], comments: [], directives: [] };
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const tree = parseMarkdown(shift ? text.slice(1) : text);
  const rangeOf = (node: Nodes): Range => lines.range((node.position!.start.offset ?? 0) + shift, (node.position!.end.offset ?? 0) + shift);
  const slugger = new GithubSlugger();
  const stack: Nodes[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'heading': {
        const t = toString(node, { includeHtml: false }).trim();
        out.headings.push({ depth: node.depth, text: t, slug: slugger.slug(t), range: rangeOf(node) });
        break;
      }
      case 'link':
        out.links.push({ kind: 'link', url: node.url, text: toString(node), range: rangeOf(node) });
        break;
      case 'image':
        out.links.push({ kind: 'image', url: node.url, text: node.alt ?? '', range: rangeOf(node) });
        break;
      case 'definition':
        out.links.push({ kind: 'definition', url: node.url, text: node.label ?? '', range: rangeOf(node) });
        break;
      case 'code': {
        const range = rangeOf(node);
        if (/^(`{3,}|~{3,})/.test(lines.lineText(range.start.line).trimStart())) out.codeFences.push({ lang: node.lang ?? undefined, meta: node.meta ?? undefined, value: node.value, range, valueLine: range.start.line + 1 });
        break;
      }
      case 'inlineCode':
        out.inlineCode.push({ value: node.value, range: rangeOf(node) });
        break;
      case 'html': {
        const base = (node.position!.start.offset ?? 0) + shift;
        for (const c of commentsIn(node.value)) {
          const comment = { text: c.text.trim(), range: lines.range(base + c.start, base + c.end) };
          out.comments.push(comment);
          const d = parseDirective(c.text, comment.range);
          if (d) out.directives.push(d);
        }
        break;
      }
    }
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  out.headings.sort((a, b) => a.range.start.offset! - b.range.start.offset!);
  out.sections = sectionsOf(tree.children, out.headings, lines, shift);
  return out;
}

function sectionsOf(blocks: RootContent[], headings: Heading[], lines: LineIndex, shift: number): Section[] {
  const byOffset = new Map(headings.map((h) => [h.range.start.offset!, h]));
  const flat: { section: Section; lastEnd: number }[] = [];
  const roots: Section[] = [];
  const open: Section[] = [];
  let current: { section: Section; lastEnd: number } | undefined;
  for (const block of blocks) {
    if (block.type === 'yaml') continue;
    const start = (block.position?.start.offset ?? 0) + shift;
    const end = (block.position?.end.offset ?? 0) + shift;
    const heading = block.type === 'heading' ? byOffset.get(start) : undefined;
    if (heading) {
      const section: Section = { heading, range: heading.range, empty: true, children: [] };
      while (open.length && open[open.length - 1]!.heading.depth >= heading.depth) open.pop();
      const parent = open[open.length - 1];
      if (parent) parent.children.push(section);
      else roots.push(section);
      open.push(section);
      current = { section, lastEnd: end };
      flat.push(current);
    } else if (current) {
      current.section.empty = false;
      current.lastEnd = end;
    }
  }
  for (let i = 0; i < flat.length; i++) {
    const { section } = flat[i]!;
    let endOffset = flat[i]!.lastEnd;
    for (let j = i + 1; j < flat.length; j++) {
      if (flat[j]!.section.heading.depth <= section.heading.depth) break;
      endOffset = flat[j]!.lastEnd;
    }
    section.range = lines.range(section.heading.range.start.offset!, endOffset);
    if (section.children.length) section.empty = false;
  }
  return roots;
}

function fromEvents(text: string): Parts {
  const s = parseSkill({ dir: '/x', text, bundled: [], bundle: NO_BUNDLE });
  return { headings: s.headings, sections: s.sections, links: s.links, codeFences: s.codeFences, inlineCode: s.inlineCode, comments: s.comments, directives: s.directives };
}

const repo = path.resolve(import.meta.dirname, '..', '..');

describe('the model from micromark events', () => {
  it('equals the mdast walk on every Markdown file of the fixtures and docs', () => {
    const files = [...markdownFiles(path.join(repo, 'test', 'fixtures')), ...markdownFiles(path.join(repo, 'docs')), ...markdownFiles(path.join(repo, 'skills-src'))];
    expect(files.length).toBeGreaterThan(200);
    let compared = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      // The frontmatter fence is found before the parse; a body the limits refuse is never parsed.
      if (markdownOverLimit(text)) continue;
      expect(fromEvents(text), file).toEqual(fromMdast(text));
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('equals it on the constructs where mdast-util-from-markdown keeps state', () => {
    const cases = [
      '# a `b` <span>c</span> ![d `e`](f) [g](h)\n',
      'Setext *a*\nline two\n===\n\npara\n---\n',
      '[ref] then <http://auto.example> and <me@example.com>\n\n[ref]: /url "t"\n',
      '[a][b] [c][] [d](e) ![f][g] ![h](i "j")\n\n[b]: /b\n[g]: /g\n',
      '![outer [inner](x) `code` <!-- c -->](y)\n',
      '[![img](a)](b) [`c`](d) [<!-- x -->](e)\n',
      '```js meta here\ncode\n```\n\n~~~\nunclosed\n',
      '    indented\n    ```\n\n    ```\n    fenced-looking\n',
      '- ```\n  in a list\n  ```\n> ```\n> quoted\n> ```\n',
      'a  \nhard break\\\nescape &amp; &#65; &#x42; &nbsp; \\* \\[\n',
      '\tcode with\ttabs\n\n-\titem\n\n  \t  `tab\tspan`\n',
      'nul \0 here `\0` [a\0](b\0)\n',
      'crlf\r\n# h\r\n\r\n```\r\nx\r\n```\r\n[l](u)\r\n',
      '\ufeff---\nname: a\n---\n# T\n<!-- skillc-disable x -->\n<!-- include: a.md -->\n',
      '---\na: 1\n---\n\n# One\n\n## Two\n\ntext\n\n# Three\n\n<div>\n<!-- a -->\n</div>\n',
      '* a\n\n  b\n* c\n\n1. x\n2. y\n\n> q\n> # h in quote\n',
      '`a\nb` ``c `` d`` `e`\n',
      '[a]: <b c> \'t\'\n[A]: x\n\n[a] [A]\n',
      '<!--\nmulti\n-->\n\n<?pi?>\n\n<![CDATA[x]]>\n',
      '# h1 #\n## h2 ##   \n#\n# `#` x\n',
    ];
    for (const text of cases) expect(fromEvents(text), JSON.stringify(text)).toEqual(fromMdast(text));
  });

  it('equals it on generated Markdown', () => {
    const pieces = ['# ', '## ', '\n', '\n\n', '  ', '\t', '- ', '1. ', '> ', '`', '``', '```', '~~~', '[', ']', '(', ')', '![', '<', '>', '<!--', '-->', '<!-- include: a.md -->', '*', '_', '**', '\\', '&amp;', '&#35;', 'http://x.y', 'a@b.c', '---', '===', ':', '"', "'", 'word', 'x y', '    ', '\r\n', '|', '\0'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        if (markdownOverLimit(text)) return;
        expect(fromEvents(text)).toEqual(fromMdast(text));
      }),
      { numRuns: 3000 },
    );
    // Character by character, over the characters Markdown gives meaning to.
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'#-*_`~[]()!<>\\&;:/"\' \t\n\r=|.1aZ\0'.split('')), maxLength: 200 }), (text) => {
        if (markdownOverLimit(text)) return;
        expect(fromEvents(text)).toEqual(fromMdast(text));
      }),
      { numRuns: 3000 },
    );
  });
});
