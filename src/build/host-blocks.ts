import type { Directive } from '../model/skill.js';
import { trimEndOf } from '../core/strings.js';

/** Text edits that keep or drop `<!-- host: ... -->` blocks for one host and remove the markers. */
export function hostBlockEdits(text: string, directives: readonly Directive[], host: string): { start: number; end: number }[] {
  const edits: { start: number; end: number }[] = [];
  let open: (Directive & { kind: 'host-open' }) | undefined;
  for (const d of directives) {
    if (d.kind === 'host-open') open = d;
    else if (d.kind === 'host-close' && open) {
      const start = open.range.start.offset!;
      const end = d.range.end.offset!;
      if (open.hosts.includes(host)) {
        edits.push(markerSpan(text, start, open.range.end.offset!));
        edits.push(markerSpan(text, d.range.start.offset!, end));
      } else {
        edits.push(markerSpan(text, start, end));
      }
      open = undefined;
    }
  }
  return edits;
}

/**
 * The text for one host: its blocks kept (markers removed), other hosts' blocks
 * dropped. Where a removed span leaves two blank lines meeting, one is dropped, so
 * a block written as its own paragraph leaves no gap behind, nor a blank line at
 * the start or the end of the file (LF text).
 */
export function applyHostBlocks(text: string, directives: readonly Directive[], host: string): string {
  const spans = hostBlockEdits(text, directives, host).sort((a, b) => a.start - b.start);
  if (spans.length === 0) return text;
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor) continue;
    out += text.slice(cursor, span.start);
    cursor = span.end;
    // A block dropped at the very start leaves no blank line before the text that follows.
    if (/\n\n$/.test(out) || out === '') while (text[cursor] === '\n') cursor++;
  }
  // A block dropped at the very end leaves no blank line behind it: the file ends on one newline.
  if (cursor >= text.length && /\n\n$/.test(out)) return `${trimEndOf(out, '\n')}\n`;
  return out + text.slice(cursor);
}

/** A span, widened to whole lines when nothing else stands on its first and last lines. */
export function markerSpan(text: string, start: number, end: number): { start: number; end: number } {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nl = text.indexOf('\n', end);
  const lineEnd = nl < 0 ? text.length : nl;
  if (text.slice(lineStart, start).trim() === '' && text.slice(end, lineEnd).trim() === '') {
    return { start: lineStart, end: nl < 0 ? lineEnd : nl + 1 };
  }
  return { start, end };
}
