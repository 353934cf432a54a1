// Text measures of orchflows' tools/validate.py shared by the preset's plugins
// (validate-py.mjs, near-duplicate.ts). Not a plugin itself: it exports helpers only.
// Each follows ../shared/parity/orchflows.md ("Counting rules") as probed on validate.py.
import fs from 'node:fs';
import path from 'node:path';

/** A regular file's text (UTF-8, BOM dropped), or undefined; symlinks are not followed. */
export function readTree(file) {
  try {
    if (!fs.lstatSync(file).isFile()) return undefined;
    return fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** The *.md files of a folder (and its subfolders when `recursive`), sorted; [] when it cannot be read. */
export function listMd(dir, recursive) {
  try {
    return fs
      .readdirSync(dir, { recursive, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.md'))
      .map((e) => path.join(e.parentPath ?? e.path, e.name))
      .sort();
  } catch {
    return [];
  }
}

/** validate.py's tiers in its discovery order; `packs` last. */
export const TIERS = ['kernel', 'engines', 'workflows', 'instances', 'utilities'];

/** The parsed skill behind a catalog entry (summaries carry no text). */
export const full = (s) => ('skill' in s && typeof s.skill === 'function' ? s.skill() : s);

/**
 * The packages validate.py grades, in its order (tiers, then packs; names sorted):
 * each with its tier (`packs` for a pack) and the tree root it sits under.
 */
export function packages(catalog) {
  const out = [];
  for (const s of catalog.skills) {
    const parent = path.dirname(s.dir);
    const tierName = path.basename(parent);
    if (tierName === 'packs') out.push({ s, tier: 'packs', root: path.dirname(parent) });
    else if (TIERS.includes(tierName) && path.basename(path.dirname(parent)) === 'skills') out.push({ s, tier: tierName, root: path.dirname(path.dirname(parent)) });
  }
  const rank = (p) => (p.tier === 'packs' ? TIERS.length : TIERS.indexOf(p.tier));
  return out.sort((a, b) => rank(a) - rank(b) || (a.s.dirName < b.s.dirName ? -1 : a.s.dirName > b.s.dirName ? 1 : 0));
}

/** The body after the closing fence, as validate.py splits it (the text after the closing line). */
export function body(skill) {
  return skill.file.text.slice(skill.bodyOffset).replace(/^\r?\n/, '');
}

/** Python's `str.split()` token count. */
export const tokens = (s) => s.split(/\s+/).filter(Boolean);

/**
 * The signature rows of a pack body: lines starting `| <word> |`, each with its key,
 * its value (between the key cell's pipe and the last pipe, stripped), the line and its offset in the body.
 */
export function rows(text) {
  const out = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const m = /^\|\s*(\w+)\s*\|/.exec(line);
    if (m) {
      const rest = line.slice(m[0].length).replace(/\r$/, '');
      const last = rest.lastIndexOf('|');
      out.push({ key: m[1], value: (last < 0 ? rest : rest.slice(0, last)).trim(), line, offset });
    }
    offset += line.length + 1;
  }
  return out;
}

/** The paragraph from the first column-0 line starting `prefix` to the first whitespace-only line, or undefined. */
export function paragraph(text, prefix) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => prefix.test(l));
  if (start < 0) return undefined;
  let end = start;
  while (end + 1 < lines.length && lines[end + 1].trim() !== '') end++;
  const offset = lines.slice(0, start).reduce((n, l) => n + l.length + 1, 0);
  return { text: lines.slice(start, end + 1).map((l) => l.trim()).join(' '), line: lines[start], offset };
}

/** Require items: the `Require:` paragraph cut at the first `.`+space+capital, split on `;`. */
export function requireItems(text) {
  const p = paragraph(text, /^Require:/);
  if (!p) return [];
  let t = p.text.slice('Require:'.length);
  const cut = /\.\s+[A-Z]/.exec(t);
  if (cut) t = t.slice(0, cut.index);
  return t.split(';').map((i) => i.trim()).filter(Boolean);
}

const QUALIFIERS = new Set(
  ('a an the one two three some any each every no another other its this that these those our your their my and or but nor more least several few of to in on at per for ' +
    'with without by as from which who whose when where if so than then never always only also while during among between across before after through via into onto under ' +
    'over beyond outside inside unless instead because naming carrying depending').split(' '),
);
const DROP_FIRST = new Set('each every with whose which that what where when how carrying naming including excluding per'.split(' '));

/** Links become their label, code spans their content. */
const clean = (s) => s.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`([^`]*)`/g, '$1');
const words = (s) => (s.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).map((w) => w.toLowerCase());

/** validate.py's stem variants of a word. */
export function variants(w) {
  const out = new Set([w]);
  if (w.endsWith("'s")) out.add(w.slice(0, -2));
  if (w.endsWith('ies') && w.length > 4) out.add(`${w.slice(0, -3)}y`);
  if (/(?:ch|sh|s|x|z)es$/.test(w) && w.length > 4) out.add(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss') && w.length > 3) out.add(w.slice(0, -1));
  if (w.endsWith('ing') && w.length > 5) {
    out.add(w.slice(0, -3));
    out.add(`${w.slice(0, -3)}e`);
  }
  if (w.endsWith('ed') && w.length > 4) {
    out.add(w.slice(0, -2));
    out.add(`${w.slice(0, -2)}e`);
  }
  return out;
}

/** The vocabulary of a text: the variants of each of its words (links as labels, code as content). */
export function vocabulary(text) {
  const out = new Set();
  for (const w of words(clean(text))) for (const v of variants(w)) out.add(v);
  return out;
}

/**
 * The head noun of the first segment of a Require item the vocabulary does not carry, or undefined when carried.
 * Segments: the item before its first en/em dash, parenthesised text blanked, split on commas; those
 * opening with each/every/with/... are qualifiers of the one before and are dropped (unless all are).
 */
export function uncarried(item, vocab) {
  let t = clean(item).replace(/\([^)]*\)/g, ' ');
  t = t.split(/[–—]/)[0];
  const all = t.split(',');
  let segments = all.filter((seg) => !DROP_FIRST.has(words(seg)[0] ?? ''));
  if (!segments.length) segments = [t];
  for (const seg of segments) {
    const content = words(seg).filter((w) => !QUALIFIERS.has(w));
    if (!content.length) continue;
    if (!content.some((w) => [...variants(w)].some((v) => vocab.has(v)))) return content[content.length - 1];
  }
  return undefined;
}

/**
 * validate.py's clauses of a Markdown text: table delimiter rows (and the row above) dropped,
 * paragraphs (a table row its own, a list item its own), sentences minus cross-references,
 * split on `;`, at least 5 tokens.
 */
export function clauses(text) {
  const lines = text.replace(/\r/g, '').split('\n');
  const drop = new Set();
  lines.forEach((l, i) => {
    const t = l.trim();
    if (!t.includes('|')) return;
    const cells = t.replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
    if (cells.length && cells.every((c) => /^:?-{2,}:?$/.test(c))) {
      drop.add(i);
      if (i > 0) drop.add(i - 1);
    }
  });
  const paragraphs = [];
  let current = [];
  const flush = () => {
    if (current.length) paragraphs.push(current.join(' '));
    current = [];
  };
  lines.forEach((l, i) => {
    if (drop.has(i)) return;
    const t = l.trim();
    if (!t || t.startsWith('#')) return flush();
    if (t.startsWith('|')) {
      flush();
      paragraphs.push(t.replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim()).join(' '));
      return;
    }
    const item = /^(?:[-*+]|\d+[.)])\s+/.exec(t);
    if (item) {
      flush();
      current.push(t.slice(item[0].length));
      return;
    }
    current.push(t);
  });
  flush();
  const out = [];
  for (const p of paragraphs) {
    for (const sentence of p.split(/(?<=[.!?])\s+/)) {
      if (sentence.includes('](../') || /per the signature's \w+ cell/.test(sentence)) continue;
      for (const part of sentence.split(';')) {
        const c = part.replace(/\s+/g, ' ').trim().replace(/^\.+|\.+$/g, '');
        if (tokens(c).length >= 5) out.push(c);
      }
    }
  }
  return out;
}

/** A clause's free content: what is left after the boilerplate every signature repeats. */
export function free(clause) {
  return clause
    .replace(/^none — /, '')
    .replace(/\s*\b(?:is|are) the assembly$/, '')
    .replace(/\s*\b(?:deterministic|judged|evidence) (?:pre-existing|authored-here)$/, '')
    .trim();
}

/**
 * Python's `difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()`, over code points:
 * 2·M / (|a| + |b|), M the total size of the matching blocks found by recursive longest matches.
 */
export function ratio(aText, bText) {
  const a = Array.from(aText);
  const b = Array.from(bText);
  if (!a.length && !b.length) return 1;
  const b2j = new Map();
  b.forEach((c, j) => {
    const list = b2j.get(c);
    if (list) list.push(j);
    else b2j.set(c, [j]);
  });
  const longest = (alo, ahi, blo, bhi) => {
    let besti = alo;
    let bestj = blo;
    let size = 0;
    let j2len = new Map();
    for (let i = alo; i < ahi; i++) {
      const next = new Map();
      for (const j of b2j.get(a[i]) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        next.set(j, k);
        if (k > size) {
          besti = i - k + 1;
          bestj = j - k + 1;
          size = k;
        }
      }
      j2len = next;
    }
    return [besti, bestj, size];
  };
  let matched = 0;
  const queue = [[0, a.length, 0, b.length]];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop();
    const [i, j, k] = longest(alo, ahi, blo, bhi);
    if (!k) continue;
    matched += k;
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
  }
  return (2 * matched) / (a.length + b.length);
}
