/**
 * What file edits do to a file's text: Claude Code's Edit / MultiEdit (old and new strings) and
 * Codex's apply_patch envelope (`*** Begin Patch` … `*** End Patch`, hunks with context lines and
 * no line numbers). A patch holds only its hunks, never the rest of the file: applying one needs
 * the file's text from elsewhere in the log, and a hunk whose lines are not found fails.
 */

export interface StringEdit {
  old: string;
  new: string;
  all: boolean;
}

/** The text after string edits, in order; undefined when an old string is not there (the edit did not apply as recorded). */
export function applyEdits(text: string, edits: StringEdit[]): string | undefined {
  let out = text;
  for (const e of edits) {
    if (e.old === '') {
      // An empty old string creates the file (Claude Code's Edit on a new file).
      if (out !== '') return undefined;
      out = e.new;
      continue;
    }
    if (!out.includes(e.old)) return undefined;
    out = e.all ? out.split(e.old).join(e.new) : out.replace(e.old, () => e.new);
  }
  return out;
}

export interface Hunk {
  /** The `@@` line's text after `@@` (a context hint, often a function signature). */
  header: string;
  lines: { op: ' ' | '-' | '+'; text: string }[];
  /** `*** End of File` followed the hunk. */
  endOfFile: boolean;
}

export type PatchOp =
  | { op: 'add'; path: string; content: string }
  | { op: 'delete'; path: string }
  | { op: 'update'; path: string; moveTo?: string; hunks: Hunk[] };

/** The apply_patch text inside a shell line: `apply_patch <<'EOF' … EOF` or `apply_patch "*** Begin Patch…"`. */
export function patchInShell(line: string): string | undefined {
  const heredoc = /^\s*(?:cd\s+\S+\s*&&\s*)?apply_patch\s*<<-?\s*(['"]?)(\w+)\1[^\S\n]*\n([\s\S]*?)\n\2\s*$/.exec(line);
  if (heredoc) return heredoc[3];
  const quoted = /^\s*apply_patch\s+(['"])(\*\*\* Begin Patch[\s\S]*\*\*\* End Patch\s*)\1\s*$/.exec(line);
  return quoted?.[2];
}

/** Parses an apply_patch envelope; undefined when it is not one. */
export function parsePatch(text: string): PatchOp[] | undefined {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let i = lines.findIndex((l) => l.trim() === '*** Begin Patch');
  if (i === -1) return undefined;
  const ops: PatchOp[] = [];
  i++;
  for (; i < lines.length; ) {
    const line = lines[i]!;
    if (line.trim() === '*** End Patch') return ops;
    let m: RegExpExecArray | null;
    if ((m = /^\*\*\* Add File: (.+)$/.exec(line))) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('*** '); i++) body.push(lines[i]!.startsWith('+') ? lines[i]!.slice(1) : lines[i]!);
      ops.push({ op: 'add', path: m[1]!.trim(), content: body.length ? `${body.join('\n')}\n` : '' });
    } else if ((m = /^\*\*\* Delete File: (.+)$/.exec(line))) {
      ops.push({ op: 'delete', path: m[1]!.trim() });
      i++;
    } else if ((m = /^\*\*\* Update File: (.+)$/.exec(line))) {
      const op: PatchOp & { op: 'update' } = { op: 'update', path: m[1]!.trim(), hunks: [] };
      i++;
      const move = /^\*\*\* Move to: (.+)$/.exec(lines[i] ?? '');
      if (move) {
        op.moveTo = move[1]!.trim();
        i++;
      }
      let hunk: Hunk | undefined;
      for (; i < lines.length; i++) {
        const l = lines[i]!;
        if (l.startsWith('@@')) {
          hunk = { header: l.slice(2).trim(), lines: [], endOfFile: false };
          op.hunks.push(hunk);
        } else if (l === '*** End of File') {
          if (hunk) hunk.endOfFile = true;
        } else if (l.startsWith('*** ')) break;
        else {
          hunk ??= (op.hunks.push({ header: '', lines: [], endOfFile: false }), op.hunks.at(-1)!);
          const c = l[0];
          hunk.lines.push(c === '+' || c === '-' || c === ' ' ? { op: c, text: l.slice(1) } : { op: ' ', text: l });
        }
      }
      ops.push(op);
    } else i++;
  }
  return undefined;
}

/** Finds `block` in `lines` at or after `from`, exactly, then ignoring trailing white space. */
function find(lines: string[], block: string[], from: number): number {
  for (const same of [(a: string, b: string) => a === b, (a: string, b: string) => a.trimEnd() === b.trimEnd()]) {
    for (let i = from; i + block.length <= lines.length; i++) {
      let ok = true;
      for (let j = 0; j < block.length && ok; j++) ok = same(lines[i + j]!, block[j]!);
      if (ok) return i;
    }
  }
  return -1;
}

/** The text after an update's hunks; undefined when a hunk's lines are not in the text. */
export function applyHunks(text: string, hunks: Hunk[]): string | undefined {
  const endsWithNewline = text.endsWith('\n');
  const lines = (endsWithNewline ? text.slice(0, -1) : text).split('\n');
  let at = 0;
  for (const hunk of hunks) {
    const old = hunk.lines.filter((l) => l.op !== '+').map((l) => l.text);
    const next = hunk.lines.filter((l) => l.op !== '-').map((l) => l.text);
    let start = hunk.header ? find(lines, [hunk.header], at) : -1;
    start = find(lines, old, start === -1 ? at : start);
    if (start === -1 && hunk.endOfFile) start = lines.length - old.length;
    if (start < 0 || (old.length === 0 && hunk.lines.length === 0)) return undefined;
    lines.splice(start, old.length, ...next);
    at = start + next.length;
  }
  return `${lines.join('\n')}${endsWithNewline || text === '' ? '\n' : ''}`;
}
