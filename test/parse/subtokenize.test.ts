// The one-walk expansion of micromark's embedded content (src/parse/subtokenize.ts) against
// micromark's own `postprocess`: the same events, in the same order, with the same positions, on
// every Markdown file of the fixtures and docs and on generated Markdown. The model built from the
// events when plain paragraphs are left unparsed is checked against the mdast in outline.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse, postprocess, preprocess } from 'micromark';
import { frontmatter } from 'micromark-extension-frontmatter';
import type { Event } from 'micromark-util-types';
import { describe, expect, it } from 'vitest';
import { markdownFiles } from '../helpers.js';
import { markdownEvents } from '../../src/parse/markdown.js';
import { expandEvents, Unexpected } from '../../src/parse/subtokenize.js';

/** micromark's events, as remark-parse gets them. */
function reference(text: string): Event[] {
  const parser = parse({ extensions: [frontmatter(['yaml'])] });
  return postprocess(parser.document().write(preprocess()(text, undefined, true)));
}

/** Every event as a line: its kind, type and both points in full (micromark's buffer indexes too). */
function shown(events: readonly Event[]): string[] {
  const point = (p: Event[1]['start']): string => `${p.line}:${p.column}:${p.offset}:${p._index}:${p._bufferIndex}`;
  return events.map((e) => `${e[0]} ${e[1].type} ${point(e[1].start)} ${point(e[1].end)}`);
}

const repo = path.resolve(import.meta.dirname, '..', '..');

describe('the one-walk expansion of embedded content', () => {
  it("gives micromark's events on every Markdown file of the fixtures and docs", () => {
    const files = [...markdownFiles(path.join(repo, 'test', 'fixtures')), ...markdownFiles(path.join(repo, 'docs'))];
    expect(files.length).toBeGreaterThan(200);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      if (text.length > 200_000) continue;
      expect(shown(markdownEvents(text, true)), file).toEqual(shown(reference(text)));
    }
  });

  it('gives them on containers, lazy lines, nested content and line endings', () => {
    const cases = [
      '> a\nlazy\n> b\n\n> > c\n> d\n',
      '- a\n\n  b\n- c\n  > q\n  > r\n\n\n- d\n',
      '1. x\n   ```\n   code\n   ```\n2. y\n\n\n',
      '> - a\n>   b\n> - [c](d)\n\n',
      '[a]: /b\n[c]: <d> "e"\nSetext `x`\n===\n',
      '* [link *em* `code`](u "t") ![i](j)\n  <span>x</span>\n',
      'a\r\nb\r\n\r\n> c\r\n',
      '\tx\n  \ty\n- \tz\n',
      '',
      '\n\n\n',
      '>\n>\n',
    ];
    for (const text of cases) expect(shown(markdownEvents(text, true)), JSON.stringify(text)).toEqual(shown(reference(text)));
  });

  it('gives them on generated Markdown', () => {
    const pieces = ['# ', '## ', '\n', '\n\n', '  ', '\t', '- ', '1. ', '> ', '`', '``', '```', '~~~', '[', ']', '(', ')', '![', '<', '>', '<!--', '-->', '*', '_', '\\', '&amp;', 'http://x.y', '---', '===', ':', '"', 'word', 'x y', '    ', '\r\n', '\0'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(shown(markdownEvents(text, true))).toEqual(shown(reference(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves the text of a paragraph unparsed only when it has no [, < or backtick', () => {
    const types = (text: string): string[] => markdownEvents(text).map((e) => e[1].type);
    expect(types('plain *words* &amp; here\n')).toContain('chunkText');
    expect(types('plain *words* &amp; here\n')).not.toContain('emphasis');
    for (const text of ['a [b](c)\n', 'a <b>\n', 'a `b`\n', '> a\n> `b`\n']) expect(types(text), text).not.toContain('chunkText');
    // Headings are never paragraphs: their text is parsed.
    expect(types('# plain *words*\n')).toContain('emphasis');
  });

  it("refuses a shape it does not handle (markdownEvents then runs micromark's own passes)", () => {
    const parser = parse({ extensions: [frontmatter(['yaml'])] });
    const events = parser.document().write(preprocess()('a\n', undefined, true));
    // A chunk whose exit does not follow its enter.
    const at = events.findIndex((e) => e[0] === 'enter' && e[1].contentType);
    expect(at).toBeGreaterThanOrEqual(0);
    const chunk = events[at]!;
    const stray: Event = ['exit', { type: 'data', start: chunk[1].start, end: chunk[1].end }, chunk[2]];
    const doctored = [...events.slice(0, at + 1), stray, ...events.slice(at + 1)];
    expect(() => expandEvents(doctored, 'a\n', { leavePlainParagraphs: false })).toThrow(Unexpected);
  });
});
