import type { Range } from '../model/diagnostic.js';
import type { Directive } from '../model/skill.js';

/**
 * skillc's directives are HTML comments, so a source still renders:
 *   <!-- include: ../_shared/fail-closed.md -->
 *   <!-- host: claude, codex --> ... <!-- /host -->   (or <!-- /host: claude, codex -->, checked against the opener)
 *   <!-- generated: artifacts --> ... <!-- /generated -->
 *   <!-- skillc-disable rule-id, other-id -->  <!-- skillc-enable rule-id -->
 *   <!-- skillc-disable-next-line rule-id -->  <!-- skillc-disable-line rule-id -->
 * Returns undefined for a comment that is not a directive.
 */
export function parseDirective(comment: string, range: Range): Directive | undefined {
  const text = comment.trim();
  let m: RegExpExecArray | null;
  if ((m = /^include\s*:([\s\S]*)$/.exec(text))) return { kind: 'include', path: m[1]!.trim(), range };
  if ((m = /^host\s*:([\s\S]*)$/.exec(text))) return { kind: 'host-open', hosts: splitList(m[1]!), range };
  if ((m = /^\/\s*host(?:\s*:([\s\S]*))?$/.exec(text))) return m[1] === undefined ? { kind: 'host-close', range } : { kind: 'host-close', hosts: splitList(m[1]), range };
  if ((m = /^generated\s*:([\s\S]*)$/.exec(text))) return { kind: 'generated-open', name: m[1]!.trim(), range };
  if (/^\/\s*generated$/.test(text)) return { kind: 'generated-close', range };
  if ((m = /^skillc-(disable-next-line|disable-line|disable|enable)(?=\s|$)([\s\S]*)$/.exec(text))) {
    const list = m[2]!.trimStart();
    const rules = splitList(beforeReason(list));
    const reason = list.slice(beforeReason(list).length).replace(/^\s--\s/, '').trim();
    return { kind: m[1] as 'disable' | 'enable' | 'disable-next-line' | 'disable-line', rules, range, ...(reason ? { reason } : {}) };
  }
  return undefined;
}

/** A directive's rule list without its ` -- reason`. */
export function beforeReason(s: string): string {
  const at = s.search(/\s--\s/);
  return at < 0 ? s : s.slice(0, at);
}

function splitList(s: string): string[] {
  return s.split(/[\s,]+/).filter(Boolean);
}

/** Finds every `<!-- ... -->` in an HTML node's value, with its offsets in that value. */
export function* commentsIn(html: string): Generator<{ text: string; start: number; end: number }> {
  // indexOf, not `/<!--([\s\S]*?)-->/g`: with no `-->` left, that read to the end from every `<!--`.
  for (let start = html.indexOf('<!--'); start >= 0; ) {
    const close = html.indexOf('-->', start + 4);
    if (close < 0) return;
    yield { text: html.slice(start + 4, close), start, end: close + 3 };
    start = html.indexOf('<!--', close + 3);
  }
}
