import type { HostProfile } from '../../hosts/profile.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import type { FrontmatterField } from '../../model/skill.js';
import { cleanFrontmatter, hostIds, rewriteScalar, seenDescriptions, singleLineScalar, valueSource } from './shared.js';

/** An XML/HTML start, end or empty-element tag, or a comment. `a < b` and `->` are not tags. */
/** An XML/HTML tag at a given offset (sticky). */
const TAG_AT = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/y;

/**
 * Comments (`<!-- … -->`) and tags, in order, as `/<!--[\s\S]*?-->|<tag…>/g` finds them. A scan
 * from `<` to `<`: with no `-->` left, the regex read to the end from every `<!--` (issue #24).
 */
function tagMatches(text: string): { index: number; text: string }[] {
  const out: { index: number; text: string }[] = [];
  // Past the last `-->` no comment can close: looked for only before it, each search consumes what it reads.
  const lastClose = text.lastIndexOf('-->');
  for (let p = text.indexOf('<'); p >= 0; ) {
    if (text.startsWith('<!--', p) && lastClose >= p + 4) {
      const close = text.indexOf('-->', p + 4);
      if (close >= 0) {
        out.push({ index: p, text: text.slice(p, close + 3) });
        p = text.indexOf('<', close + 3);
        continue;
      }
    }
    TAG_AT.lastIndex = p;
    const m = TAG_AT.exec(text);
    if (m) {
      out.push({ index: p, text: m[0] });
      p = text.indexOf('<', p + m[0].length);
    } else p = text.indexOf('<', p + 1);
  }
  return out;
}

interface Span {
  start: number;
  end: number;
}

/** Where the text's Markdown code spans are (CommonMark: a run of n backticks closed by the next run of exactly n). */
export function codeSpans(text: string): Span[] {
  const spans: Span[] = [];
  const runs = [...text.matchAll(/`+/g)].map((m) => ({ at: m.index, length: m[0].length }));
  // The next run of the same length after each run, found in one pass from the end (a search ahead per run was quadratic).
  const sameNext = new Array<number>(runs.length);
  const seen = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    sameNext[i] = seen.get(runs[i]!.length) ?? -1;
    seen.set(runs[i]!.length, i);
  }
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!;
    const close = sameNext[i]!;
    if (close < 0) continue;
    const end = runs[close]!;
    spans.push({ start: open.at, end: end.at + end.length });
    i = close;
  }
  return spans;
}

interface Tag extends Span {
  text: string;
}

/** The tags of the description that stand in prose, outside any code span. */
function proseTags(text: string): Tag[] {
  const spans = codeSpans(text);
  // Spans are sorted and disjoint, tags come in order: one pointer walks the spans.
  let k = 0;
  const inside = (at: number): boolean => {
    while (k < spans.length && spans[k]!.end <= at) k++;
    return k < spans.length && spans[k]!.start <= at;
  };
  // `IRecipient<TMessage>`, `List<string>`: a type argument written against its type's name is code, not a tag.
  const generic = (m: { index: number; text: string }): boolean => m.text[1] !== '/' && m.text[1] !== '!' && /[\w\]]/.test(text[m.index - 1] ?? '');
  return tagMatches(text).filter((m) => !inside(m.index) && !generic(m)).map((m) => ({ start: m.index, end: m.index + m.text.length, text: m.text }));
}

/** A lone tag that reads as a literal token or placeholder (`<think>`, `<repo>`): no end tag, no attributes, not a comment. */
function literal(tag: Tag, texts: ReadonlySet<string>): boolean {
  const m = /^<([A-Za-z][\w:.-]*)>$/.exec(tag.text);
  if (!m) return false;
  return !texts.has(`</${m[1]}>`);
}

/** Each lone tag wrapped in a code span: every character kept, now read as text. */
function wrapInCode(text: string, tags: readonly Tag[]): string {
  let out = '';
  let at = 0;
  for (const t of tags) {
    out += `${text.slice(at, t.start)}\`${t.text}\``;
    at = t.end;
  }
  return out + text.slice(at);
}

export interface Options {
  /** Report a tag in prose at the configured severity (a house rule), not as the warning hosts that allow angle brackets warrant. */
  strict: boolean;
}

const shorten = (s: string): string => (s.length > 30 ? `${s.slice(0, 29)}…` : s);

export default defineSkillRule<Options>(
  {
    id: 'frontmatter/description-xml',
    description:
      'Reports XML or HTML tags (`<example>`, `</b>`, `<br/>`) written as prose in the `description`; under a host that refuses angle brackets (claude-upload), any `<` or `>`.',
    severity: 'error',
    fixable: true,
    schema: { type: 'object', properties: { strict: { type: 'boolean' } }, additionalProperties: false },
    defaultOptions: { strict: false },
    messages: {
      angleBrackets: 'Unexpected {{detail}} in the description{{where}} ({{count}} angle {{detail2}}), expected no `<` or `>` at all ({{rejecting}} {{detail3}} the skill)',
      tag: 'Unexpected tag `{{text}}` in the description{{where}}{{count}}, expected plain text, or the tag in backticks when it is meant literally (hosts list descriptions inside tags of their own, and a model may read this one as markup)',
    },
  },
  ({ skill, hosts, options, report }) => {
    if (!cleanFrontmatter(skill)) return;
    // Each text a host will see (a source's `skillc.<host>.description` is its host's), checked for the hosts that see it.
    for (const seen of seenDescriptions(skill, hosts)) check(seen.field, seen.hosts, seen.where);

    function check(f: FrontmatterField, seers: readonly HostProfile[], where: string): void {
      if (typeof f.value !== 'string') return;
      const value = f.value;
      const source = valueSource(skill, f);
      const at = (needle: string): ReportInput['range'] => {
        const i = source.indexOf(needle);
        return i >= 0 ? skill.file.lines.range(f.valueOffsets[0] + i, f.valueOffsets[0] + i + needle.length) : f.valueRange;
      };
      // A host that refuses the upload on any angle bracket: code spans and arrows included.
      const rejecting: HostProfile[] = seers.filter((h) => h.descriptionAngleBrackets === 'reject');
      const bracket = /[<>]/.exec(value);
      if (rejecting.length && bracket) {
        const first = tagMatches(value)[0]?.text;
        const count = (value.match(/[<>]/g) ?? []).length;
        report({
          messageId: 'angleBrackets', data: { detail: first ? `tag \`${shorten(first)}\`` : `\`${bracket[0]}\``, count, detail2: count === 1 ? 'bracket' : 'brackets', rejecting: hostIds(rejecting), detail3: rejecting.length === 1 ? 'refuses' : 'refuse', where },
          range: at(first ?? bracket[0]),
        });
        return;
      }
      // Elsewhere angle brackets are allowed: only a tag in prose is advised against, one in a code span is text.
      const tags = proseTags(value);
      if (!tags.length) return;
      const first = tags[0]!;
      const count = tags.length > 1 ? ` (and ${tags.length - 1} more)` : '';
      const input: ReportInput = {
        messageId: 'tag', data: { text: shorten(first.text), count, where },
        range: at(first.text),
      };
      if (options.strict !== true) input.severity = 'warning';
      // Only lone tags are wrapped: nothing is deleted, and `<b>bold</b>` (formatting) is left to the author.
      const texts = new Set(tags.map((t) => t.text));
      if (tags.every((t) => literal(t, texts)) && singleLineScalar(skill, f)) {
        const text = rewriteScalar(f.style, wrapInCode(value, tags));
        if (text !== undefined) input.fix = [{ range: f.valueOffsets, text }];
      }
      report(input);
    }
  },
);
