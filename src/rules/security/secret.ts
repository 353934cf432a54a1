import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { scanTargets } from './shared.js';
import { ANY_SHAPE, isPlaceholder, PRIVATE_KEY, SHAPES } from './secret-shapes.js';

export { isPlaceholder, isSequence } from './secret-shapes.js';

/** Words around a value that present it as an illustration rather than a credential in use. */
const EXAMPLE_CONTEXT = /\b(?:examples?|e\.\s?g\.|for instance|samples?|placeholders?|dummy|fake|illustrat\w*|looks? like|formats?|such as|redacted)\b/i;

/**
 * True when the value is presented as an example: cut short with an ellipsis
 * (`AIzaSy...`), or its sentence (or the lead-in line ending in `:` above it,
 * fence lines skipped) says "example", "e.g.", "format", "looks like"...
 */
export function markedAsExample(text: string, start: number, end: number): boolean {
  if (/^(?:\.\.\.|…)/.test(text.slice(end, end + 3))) return true;
  // The line around the value, read at most CONTEXT characters either side: a line of a million
  // tokens made each one read the whole line (quadratic, issue #24).
  const lineStart = lineStartNear(text, start);
  const after = text.slice(end, end + CONTEXT);
  const nl = after.indexOf('\n');
  // The sentence: from after the last `. ` before the value to the first `. ` after it, within the line.
  const before = text.slice(lineStart, start);
  const stop = lastSentenceEnd(before);
  const rest = nl < 0 ? after : after.slice(0, nl);
  const next = /[.!?](?:\s|$)/.exec(rest);
  const sentence = before.slice(stop) + ' ' + rest.slice(0, next ? next.index : rest.length);
  if (EXAMPLE_CONTEXT.test(sentence)) return true;
  if (before.trim() !== '' && !/^[\s>*+-]*(?:\d+[.)]\s*)?[`'"]?$/.test(before)) return false;
  // The value alone on its line (or in a fence): the lead-in above may say what it is.
  let cursor = lineStart - 1;
  for (let hops = 0; hops < 3 && cursor > 0; hops++) {
    const prevStart = lineStartNear(text, cursor);
    const prev = text.slice(prevStart, cursor).trim();
    cursor = prevStart - 1;
    if (prev === '' || /^(?:`{3,}|~{3,})/.test(prev)) continue;
    return /:$/.test(prev) && EXAMPLE_CONTEXT.test(prev);
  }
  return false;
}

/** How far around a value its sentence and lead-in are read. */
const CONTEXT = 400;

/** The start of the line holding `pos`, looked for at most CONTEXT characters back. */
function lineStartNear(text: string, pos: number): number {
  const floor = Math.max(0, pos - CONTEXT);
  const i = text.slice(floor, pos).lastIndexOf('\n');
  return i < 0 ? floor : floor + i + 1;
}

/** The offset after the last `.`, `!` or `?` followed by a blank in `text` (0 when none): one pass from the end. */
function lastSentenceEnd(text: string): number {
  for (let i = text.length - 2; i >= 0; i--) if ('.!?'.includes(text[i]!) && /\s/.test(text[i + 1]!)) return i + 2;
  return 0;
}

/** A private key block is real when it holds base64 material, not `...` or prose. */
function placeholderKey(text: string, headerEnd: number): boolean {
  const endMarker = text.indexOf('-----END', headerEnd);
  const region = text.slice(headerEnd, endMarker === -1 ? headerEnd + 4096 : endMarker);
  return !/[A-Za-z0-9+/]{40,}/.test(region) || /\.\.\.|…|<|xxxx|example|redacted/i.test(region);
}

export function findSecrets(file: TextFile): ReportInput[] {
  const { text, lines } = file;
  const found: { start: number; end: number; kind: string }[] = [];
  for (const shape of ANY_SHAPE.test(text) ? SHAPES : []) {
    shape.pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = shape.pattern.exec(text))) {
      if (!isPlaceholder(m[0], shape) && !markedAsExample(text, m.index, m.index + m[0].length)) found.push({ start: m.index, end: m.index + m[0].length, kind: shape.kind });
    }
  }
  PRIVATE_KEY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PRIVATE_KEY.exec(text))) {
    const end = m.index + m[0].length;
    if (!placeholderKey(text, end)) found.push({ start: m.index, end, kind: 'private key block' });
  }
  found.sort((a, b) => a.start - b.start);
  return found.map((f) => ({
    // The message names the kind only: echoing the secret would copy it into logs and CI output.
    messageId: 'secret',
    data: { kind: f.kind },
    range: lines.range(f.start, f.end),
  }));
}

export default defineSkillRule(
  {
    id: 'security/secret',
    description: 'Reports credentials (cloud, GitHub, OpenAI, Anthropic, Slack, Google and Stripe keys, private key blocks) in the SKILL.md, bundled text files and included fragments.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      secret: 'Unexpected {{kind}}, expected a reference to a secret kept outside the skill (e.g. an environment variable)',
    },
  },
  ({ skill, config, report }) => {
    for (const target of scanTargets(skill, config.sources)) {
      for (const found of findSecrets(target.file)) report(target.reportPath ? { ...found, file: target.reportPath } : found);
    }
  },
);
