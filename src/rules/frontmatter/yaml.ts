import { isMap, isScalar, isSeq, Scalar, visit } from 'yaml';
import { parseYamlDocument } from '../../parse/frontmatter.js';
import type { TextEdit } from '../../model/diagnostic.js';
import type { Frontmatter, Skill, YamlIssue } from '../../model/skill.js';
import { LIMITS } from '../../parse/limits.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { doubleQuoted } from './shared.js';

const DROPPED = 'hosts drop every field';

/** A top-level `key: value` line whose plain value holds `: `, which YAML reads as a nested mapping. */
// The value ends at its last character that is not a space or tab (`(\S.*?)[ \t]*$` backtracked over trailing blanks).
const KEY_LINE = /^([A-Za-z0-9_][\w.-]*):([ \t]+)(\S(?:.*[^ \t])?)[ \t]*$/;

interface ColonFix {
  /** 1-based SKILL.md lines the fix rewrites. */
  lines: Set<number>;
  edits: TextEdit[];
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** Splits text into lines with their offsets, whatever the line breaks. */
function linesOf(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  const re = /\r\n|\r|\n/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ text: text.slice(start, m.index), start });
    start = m.index + m[0].length;
  }
  out.push({ text: text.slice(start), start });
  return out;
}

/**
 * The commonest breakage, `description: Use when: the user asks`: quoting the
 * value is safe when the line stands alone (no continuation, no comment) and
 * the quoted frontmatter parses with every value intact.
 */
function colonFix(skill: Skill, fm: Frontmatter): ColonFix | undefined {
  const lines = linesOf(fm.raw);
  const firstLine = skill.file.lines.pointAt(fm.rawOffset).line;
  const edits: TextEdit[] = [];
  const fixedLines = new Set<number>();
  const expected = new Map<string, string>();
  let fixedRaw = '';
  let cursor = 0;
  // The next line that is not blank, for each line: one pass from the end (a search ahead per key line was quadratic).
  const nextFilled: (number | undefined)[] = [];
  for (let i = lines.length - 1, next: number | undefined; i >= 0; i--) {
    nextFilled[i] = next;
    if (lines[i]!.text.trim() !== '') next = i;
  }
  lines.forEach((line, i) => {
    const m = KEY_LINE.exec(line.text);
    if (!m) return;
    const [, key, gap, value] = m as unknown as [string, string, string, string];
    if (/^["'[{|>&*!%@`#]/.test(value) || !/:(?:[ \t]|$)/.test(value) || /[ \t]#/.test(value)) return;
    const n = nextFilled[i];
    const next = n === undefined ? undefined : lines[n];
    if (next && /^[ \t]/.test(next.text) && !next.text.trimStart().startsWith('#')) return;
    const start = line.start + key.length + 1 + gap.length;
    const quoted = doubleQuoted(value);
    fixedRaw += fm.raw.slice(cursor, start) + quoted;
    cursor = start + value.length;
    edits.push({ range: [fm.rawOffset + start, fm.rawOffset + start + value.length], text: quoted });
    fixedLines.add(firstLine + i);
    expected.set(key, value);
  });
  if (!edits.length) return undefined;
  fixedRaw += fm.raw.slice(cursor);
  const doc = parseYamlDocument(fixedRaw, { strict: true });
  if (doc.errors.length) return undefined;
  let data: unknown;
  try {
    // An alias to an anchor that is not there, or past the alias limit, throws here: no safe fix then.
    data = doc.toJS({ maxAliasCount: LIMITS.maxYamlAliases });
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  for (const [key, value] of expected) if ((data as Record<string, unknown>)[key] !== value) return undefined;
  return { lines: fixedLines, edits };
}

function errorMessage(skill: Skill, fm: Frontmatter, e: YamlIssue, colonLine: boolean): ReportInput {
  if (colonLine) {
    return { messageId: 'colonInPlainValue', range: e.range };
  }
  if (e.code === 'DUPLICATE_KEY') {
    const dup = fm.fields.find((f) => f.keyRange.start.offset === e.range.start.offset);
    const name = dup ? `key \`${dup.key}\`` : 'key';
    return {
      messageId: 'duplicateKey', data: { name },
      range: dup?.keyRange ?? e.range,
    };
  }
  if (e.code === 'ALIAS_LIMIT') {
    return {
      messageId: 'aliasLimit',
      range: skill.file.lines.lineRange(e.range.start.line),
    };
  }
  return { messageId: 'invalid', data: { message: lowerFirst(e.message) }, range: e.range };
}

function tagAt(skill: Skill, offset: number): string {
  const m = /^![^\s,[\]{}]*/.exec(skill.file.text.slice(offset, offset + 200));
  return m ? m[0] : '!';
}

export default defineSkillRule(
  {
    id: 'frontmatter/yaml',
    description: 'Reports frontmatter that hosts cannot load: YAML syntax errors, duplicate keys, language-specific tags, alias bombs, or a document that is not a mapping.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      colonInPlainValue: `Unexpected \`: \` in a plain value, expected the value in quotes (YAML reads a nested mapping and ${DROPPED})`,
      duplicateKey: 'Unexpected duplicate {{name}}, expected each key once (strict hosts drop every field, others keep one of the values)',
      aliasLimit: `Unexpected YAML aliases expanding past ${LIMITS.maxYamlAliases} values, expected plain values (hosts refuse the frontmatter)`,
      invalid: `Unexpected invalid YAML ({{message}}), expected valid YAML (${DROPPED})`,
      loneCr: `Unexpected carriage return (CR) line breaks in the frontmatter, expected LF or CRLF (YAML loaders read it as one line and ${DROPPED})`,
      mergeKey: 'Unexpected YAML merge key `<<`, expected the keys written out (YAML 1.1 loaders merge them, YAML 1.2 loaders keep a key named `<<`)',
      languageTag: `Unexpected language-specific tag \`{{tag}}\`, expected a plain YAML value (safe loaders fail and ${DROPPED})`,
      notMapping: 'Unexpected {{what}} as frontmatter, expected a mapping of keys such as `name:` and `description:` (hosts find no fields)',
    },
  },
  ({ skill, report }) => {
    if (!parsed(skill)) return;
    const fm = skill.frontmatter;
    if (!fm) return;

    // Lone CR line breaks: LineIndex splits on them, but YAML loaders read the block as one line.
    const loneCr = /\r(?!\n)/.exec(fm.raw);
    if (loneCr) {
      const at = fm.rawOffset + loneCr.index;
      report({ messageId: 'loneCr', range: skill.file.lines.range(at, at + 1) });
      return;
    }
    visit(fm.document, {
      Pair(_, pair) {
        const key = pair.key;
        if (!isScalar(key) || key.value !== '<<' || key.type !== Scalar.PLAIN || !key.range) return;
        report({
          messageId: 'mergeKey',
          range: skill.file.lines.range(fm.rawOffset + key.range[0], fm.rawOffset + key.range[1]),
        });
      },
    });

    const fix = fm.errors.length ? colonFix(skill, fm) : undefined;
    const seenLines = new Set<number>();
    const inputs: ReportInput[] = [];
    let fixAt = -1;
    for (const e of fm.errors) {
      const line = e.range.start.line;
      if (seenLines.has(line)) continue;
      seenLines.add(line);
      const onColonLine = !!fix?.lines.has(line);
      if (onColonLine && fixAt < 0) fixAt = inputs.length;
      inputs.push(errorMessage(skill, fm, e, onColonLine));
    }
    // A fix that clears every error rides on the first report when no error sits on a fixed line.
    if (fix && inputs.length) inputs[fixAt < 0 ? 0 : fixAt]!.fix = fix.edits;
    for (const input of inputs) report(input);

    for (const w of fm.warnings) {
      if (w.code !== 'TAG_RESOLVE_FAILED') continue;
      const offset = w.range.start.offset ?? 0;
      const tag = tagAt(skill, offset);
      report({
        messageId: 'languageTag', data: { tag },
        range: skill.file.lines.range(offset, offset + tag.length),
      });
    }

    if (fm.errors.length) return;
    const contents = fm.document.contents;
    if (!contents || isMap(contents)) return;
    const what = isSeq(contents) ? 'list' : 'single value';
    const [start, end] = contents.range ?? [0, fm.raw.length];
    report({
      messageId: 'notMapping', data: { what },
      range: skill.file.lines.range(fm.rawOffset + start, fm.rawOffset + end),
    });
  },
);
