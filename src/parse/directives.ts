import type { Range } from '../model/diagnostic.js';
import type { CodeFence, Directive } from '../model/skill.js';
import type { LineIndex } from '../model/text.js';

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

/**
 * Host markers written inside code fences, each alone on its line (blanks around it allowed), as
 * hermes-taskflow's build-skills.mjs reads them. To Markdown such a line is text, so the parse does
 * not make it a directive; the config's `hostBlocks.inCodeFences` makes the build and
 * `source/host-block` read it as one (see `hostBlockDirectives`).
 */
export function fencedHostDirectives(fences: readonly CodeFence[], lines: LineIndex): Directive[] {
  const out: Directive[] = [];
  for (const f of fences) {
    if (!f.value.includes('host')) continue;
    const count = f.value === '' ? 0 : f.value.split('\n').length;
    for (let n = f.valueLine; n < f.valueLine + count; n++) {
      const text = lines.lineText(n);
      const m = /^(\s*)<!--([\s\S]*?)-->\s*$/.exec(text);
      if (!m) continue;
      const start = lines.offsetAt(n, 1) + m[1]!.length;
      const d = parseDirective(m[2]!, lines.range(start, start + text.trimEnd().length - m[1]!.length));
      if (d && (d.kind === 'host-open' || d.kind === 'host-close')) out.push(d);
    }
  }
  return out;
}

/** A file's directives for host filtering: with `inCodeFences`, the fenced host markers too, in file order. */
export function hostBlockDirectives(directives: readonly Directive[], fences: readonly CodeFence[], lines: LineIndex, inCodeFences: boolean): Directive[] {
  if (!inCodeFences) return [...directives];
  const fenced = fencedHostDirectives(fences, lines);
  if (!fenced.length) return [...directives];
  return [...directives, ...fenced].sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
}
