import { type Document, type DocumentOptions, isMap, isPair, isScalar, isSeq, type ParseOptions, parseDocument, Scalar, type SchemaOptions, visit, type Node, YAMLParseError } from 'yaml';
import type { Range } from '../model/diagnostic.js';
import type { Frontmatter, FrontmatterFenceProblem, FrontmatterField, ScalarStyle, YamlIssue } from '../model/skill.js';
import { LineIndex } from '../model/text.js';
import { LIMITS } from './limits.js';

const NULL_KEY = Symbol('null key');

/**
 * `parseDocument` with yaml's duplicate-key check done here in one pass: yaml's own
 * (`uniqueKeys`) compares each key with every earlier one, so 50,000 keys took 108 s.
 * Reports the same error (`DUPLICATE_KEY` at the repeated key) in document order.
 */
export function parseYamlDocument(raw: string, options: ParseOptions & DocumentOptions & SchemaOptions = {}): Document.Parsed {
  const document = parseDocument(raw, { ...options, uniqueKeys: false });
  if (options.uniqueKeys === false) return document;
  const found: YAMLParseError[] = [];
  visit(document, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = pair.key as Node | null;
        // yaml's default equality: the same scalar value, or both keys empty; collections never match.
        const value = key === null ? NULL_KEY : isScalar(key) ? key.value : undefined;
        if (value === undefined || !key?.range && key !== null) continue;
        if (seen.has(value)) {
          const at = key?.range?.[0] ?? 0;
          found.push(new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
        } else seen.add(value);
      }
    },
  });
  if (found.length) {
    document.errors.push(...found);
    document.errors.sort((a, b) => a.pos[0] - b.pos[0]);
  }
  return document;
}

/** Where the frontmatter block sits: found by the same rule hosts use (`---` at byte 0). */
export interface FenceScan {
  /** Offset of the YAML text and its end (before the closing fence). */
  raw?: { start: number; end: number; blockEnd: number };
  problem?: FrontmatterFenceProblem;
}

const FENCE = /^---[ \t]*$/;
/** A closing fence or YAML's document end marker, which artifacts written by agents may use. */
const FENCE_OR_END = /^(?:---|\.\.\.)[ \t]*$/;

/**
 * Finds the `---` fenced block starting at byte 0, or says why there is none: the one
 * frontmatter fence parser (skills here; artifacts and imported skills through `frontmatterText`).
 */
export function scanFence(text: string, lines: LineIndex, close: RegExp = FENCE): FenceScan {
  const bom = text.charCodeAt(0) === 0xfeff;
  const first = lines.lineText(1).slice(bom ? 1 : 0);
  if (FENCE.test(first)) {
    for (let l = 2; l <= lines.lineCount; l++) {
      const line = lines.lineText(l);
      if (!close.test(line)) continue;
      const start = lines.starts[1]!;
      const end = l === 2 ? start : lines.offsetAt(l - 1, 1) + lines.lineText(l - 1).length;
      const blockEnd = lines.offsetAt(l, 1) + line.length;
      const scan: FenceScan = { raw: { start, end, blockEnd } };
      if (bom) scan.problem = { kind: 'bom', range: lines.range(0, 1) };
      return scan;
    }
    return { problem: { kind: 'unclosed', range: lines.lineRange(1) } };
  }
  // A fence after leading blank lines: hosts reading byte 0 miss it.
  for (let l = 1; l <= Math.min(lines.lineCount, 50); l++) {
    const t = lines.lineText(l);
    if (t.trim() === '' || (l === 1 && bom && t.trim() === '\uFEFF')) continue;
    if (FENCE.test(t.replace(/^\uFEFF/, '')) && l > 1) return { problem: { kind: 'leading-blank', range: lines.lineRange(l) } };
    break;
  }
  return { problem: { kind: 'absent', range: lines.range(0, 0) } };
}

/**
 * The frontmatter block of a text that is not parsed as a skill, as strings: the YAML (without
 * its last line break), the text after the closing fence, and the BOM before it if any.
 * `documentEnd` also closes the block at YAML's `...`.
 */
export function frontmatterText(text: string, options: { documentEnd?: boolean } = {}): { yaml: string; body: string; bom: string } | undefined {
  const { raw } = scanFence(text, new LineIndex(text), options.documentEnd ? FENCE_OR_END : FENCE);
  if (!raw) return undefined;
  return { yaml: text.slice(raw.start, raw.end), body: text.slice(raw.blockEnd), bom: text.charCodeAt(0) === 0xfeff ? '\uFEFF' : '' };
}

function styleOf(node: Node | null | undefined): ScalarStyle {
  if (!node) return 'plain';
  if (isScalar(node)) {
    switch (node.type) {
      case Scalar.PLAIN: return 'plain';
      case Scalar.QUOTE_SINGLE: return 'single';
      case Scalar.QUOTE_DOUBLE: return 'double';
      case Scalar.BLOCK_FOLDED:
      case Scalar.BLOCK_LITERAL: return 'block';
      default: return 'other';
    }
  }
  if ((isMap(node) || isSeq(node)) && node.flow) return 'flow';
  return 'other';
}

function fieldsOf(node: Node | null | undefined, base: number, lines: LineIndex, depth: number): FrontmatterField[] {
  if (!isMap(node) || depth > 8) return [];
  const out: FrontmatterField[] = [];
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const key = pair.key as Node | null;
    const keyText = isScalar(key) ? String(key.value) : key ? String(key) : '';
    const kr = key?.range ?? [0, 0, 0];
    const value = pair.value as Node | null;
    const vr = value?.range ?? [kr[1], kr[1], kr[1]];
    const valueOffsets: [number, number] = [base + vr[0], base + vr[1]];
    let js: unknown;
    try {
      js = value ? value.toJSON() : null;
    } catch {
      js = undefined;
    }
    if (isScalar(value)) js = value.value;
    const field: FrontmatterField = {
      key: keyText,
      value: js,
      keyRange: lines.range(base + kr[0], base + kr[1]),
      valueRange: lines.range(valueOffsets[0], valueOffsets[1]),
      valueOffsets,
      style: styleOf(value),
    };
    if (isMap(value)) field.children = fieldsOf(value, base, lines, depth + 1);
    out.push(field);
  }
  return out;
}

function issue(e: { code: string; message: string; pos: [number, number] }, base: number, rawLength: number, lines: LineIndex): YamlIssue {
  const start = base + Math.min(e.pos[0], rawLength);
  const end = base + Math.min(Math.max(e.pos[1], e.pos[0]), rawLength);
  // yaml's messages end with "at line L, column C" relative to the block; ours point into the file.
  const at = e.message.search(/ at line \d+, column \d+/);
  const message = (at < 0 ? e.message : e.message.slice(0, at)).trim();
  return { code: e.code, message, range: lines.range(start, end) };
}

export function parseFrontmatter(text: string, lines: LineIndex, scan: FenceScan): Frontmatter | undefined {
  if (!scan.raw) return undefined;
  const { start, end, blockEnd } = scan.raw;
  const raw = text.slice(start, end);
  // logLevel 'error': yaml would otherwise print process warnings (e.g. for collection keys) into the user's terminal.
  const document = parseYamlDocument(raw, { prettyErrors: false, strict: true, keepSourceTokens: false, logLevel: 'error' });
  const errors = document.errors.map((e) => issue(e, start, raw.length, lines));
  const warnings = document.warnings.map((e) => issue(e, start, raw.length, lines));
  // A mapping key that is itself a list or mapping: no host reads it, and JavaScript would stringify it.
  visit(document, {
    Pair(_, pair) {
      const key = pair.key as Node | null;
      if (key && !isScalar(key) && key.range) {
        errors.push({ code: 'COMPLEX_KEY', message: 'Unexpected collection used as a mapping key', range: lines.range(start + key.range[0], start + key.range[1]) });
      }
    },
  });
  let data: unknown;
  if (errors.length === 0) {
    try {
      data = document.toJS({ maxAliasCount: LIMITS.maxYamlAliases });
    } catch (error) {
      const range: Range = lines.range(start, end);
      errors.push({ code: 'ALIAS_LIMIT', message: error instanceof Error ? error.message : String(error), range });
    }
  }
  const blockStart = text.startsWith('\uFEFF') ? 1 : 0;
  return {
    range: lines.range(blockStart, blockEnd),
    raw,
    rawOffset: start,
    document,
    data,
    fields: fieldsOf(document.contents, start, lines, 0),
    errors,
    warnings,
  };
}
