// orchflows' duplication checks (validate.py's cross-tier and cell-dup), as a TypeScript
// skillc plugin: `"plugins": ["./rules/near-duplicate.ts"]` (skillc loads .ts plugins
// through tsx; install it with `npm install --save-dev tsx`, or compile this file to .js).
// The measure is validate.py's own: its clauses, their free content, and Python's
// difflib.SequenceMatcher ratio (validate-py-text.mjs), at 0.55.
import crypto from 'node:crypto';
import path from 'node:path';
import type { CatalogRule, Skill, SkillSummary } from 'skillc/plugin';
// @ts-expect-error -- a plain ESM module without type declarations, shared with validate-py.mjs
import { clauses, free, full, listMd, packages, ratio, readTree, rows, tokens, body as bodyOf } from './validate-py-text.mjs';

interface Pkg {
  s: SkillSummary;
  tier: string;
  root: string;
}

type Range = ReturnType<Skill['file']['lines']['range']>;

/** One graded document: a skill body, a pack body, a pack's top-level references/*.md, or a Markdown file of the tree around them. */
interface Doc {
  owner: SkillSummary;
  /** Absolute path, and the path validate.py prints (relative to the tree). */
  file: string;
  label: string;
  /** `skills`, `packs`, or the tree folder a document of the tree sits in (`rules`, `docs`, ...). */
  tier: string;
  text: string;
  /** Offset of `text` in the file (the body's start for SKILL.md). */
  offset: number;
  /** The range of offsets `a`..`b` of the file. */
  range: (a: number, b: number) => Range;
}

const label = (p: Pkg, file: string): string => path.relative(p.root, file).split(path.sep).join('/');

function documents(pkgs: Pkg[]): Doc[] {
  const out: Doc[] = [];
  for (const p of pkgs) {
    const skill = full(p.s) as Skill;
    if (skill.readProblem) continue;
    const text = bodyOf(skill) as string;
    const tier = p.tier === 'packs' ? 'packs' : 'skills';
    out.push({ owner: p.s, file: skill.file.path, label: label(p, skill.file.path), tier, text, offset: skill.file.text.length - text.length, range: (a, b) => skill.file.lines.range(a, b) });
    if (tier !== 'packs') continue;
    for (const f of p.s.bundled) {
      if (f.kind !== 'file' || !/^references\/[^/]+\.md$/.test(f.relPath)) continue;
      const t = p.s.bundle.text(f.relPath);
      if (t) out.push({ owner: p.s, file: t.path, label: label(p, t.path), tier, text: t.text, offset: 0, range: (a, b) => t.lines.range(a, b) });
    }
  }
  return out;
}

/** Line and column (1-based) of offsets in a text. */
function rangeIn(text: string): (a: number, b: number) => Range {
  const point = (at: number) => {
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    return { line, column: at - before.lastIndexOf('\n'), offset: at };
  };
  return (a, b) => ({ start: point(a), end: point(b) }) as Range;
}

/**
 * The tree's own documents validate.py grades with the packages, in its order: the top-level *.md
 * of rules/, contracts/ and docs/ (not docs/vocabulary.md), every *.md under compositions/, and
 * templates/host-block.md; each of the tier of its folder. Reported on the tree's first package.
 */
function treeDocuments(pkgs: Pkg[]): Doc[] {
  if (!pkgs.length) return [];
  const root = pkgs[0]!.root;
  const files = [
    ...(['rules', 'contracts', 'docs'] as const).flatMap((d) => listMd(path.join(root, d), false).filter((f) => !(d === 'docs' && path.basename(f) === 'vocabulary.md'))),
    ...listMd(path.join(root, 'compositions'), true),
    path.join(root, 'templates', 'host-block.md'),
  ];
  const out: Doc[] = [];
  for (const file of files) {
    const text = readTree(file);
    if (text === undefined) continue;
    const rel = path.relative(root, file).split(path.sep).join('/');
    out.push({ owner: pkgs[0]!.s, file, label: rel, tier: rel.split('/')[0]!, text, offset: 0, range: rangeIn(text) });
  }
  return out;
}

/** Where a clause starts in its document (its first words), for the report's position. */
function rangeOf(doc: Doc, clause: string): ReturnType<Doc['lines']['range']> {
  const head = (tokens(clause) as string[]).slice(0, 3).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  const m = new RegExp(head).exec(doc.text);
  const at = doc.offset + (m ? m.index : 0);
  return doc.range(at, at + (m ? m[0].length : 0));
}

const short = (s: string): string => (s.length > 80 ? `${s.slice(0, 79)}…` : s);

interface CrossOptions {
  threshold: number;
  /** Entries a word may appear in and still make two clauses candidates. */
  rareWords: number;
  /** Grade the tree's own documents too (rules/, contracts/, docs/, compositions/, templates/host-block.md), as validate.py does. */
  tree: boolean;
  /** Pairs validate.py licenses: two files (as labelled, relative to the tree) whose clauses that both contain the phrase are not reported. */
  licensed: { files: [string, string]; phrase: string }[];
}

const crossTier: CatalogRule<CrossOptions> = {
  scope: 'catalog',
  meta: {
    id: 'near-duplicate',
    description:
      "Warns about a clause of a skill or pack that nearly repeats one of another tier or another skill (validate.py's cross-tier check: its clauses, difflib ratio at 0.55).",
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        threshold: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        rareWords: { type: 'integer', minimum: 1 },
        tree: { type: 'boolean' },
        licensed: {
          type: 'array',
          items: {
            type: 'object',
            properties: { files: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 }, phrase: { type: 'string', minLength: 1 } },
            required: ['files', 'phrase'],
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    defaultOptions: { threshold: 0.55, rareWords: 20, tree: true, licensed: [] },
    // The tree's own documents are outside the skill folders, which the lint cache does not hash: they are part of its key.
    cacheKey: (options, { skillDirs }) => {
      if (!options.tree) return '';
      const pkgs = packages({ skills: skillDirs.map((dir) => ({ dir, dirName: path.basename(dir) })) }) as Pkg[];
      const hash = crypto.createHash('sha256');
      for (const d of treeDocuments(pkgs)) hash.update(`${d.label}\0${d.text}\0`);
      return hash.digest('hex');
    },
  },
  check({ catalog, options, report }) {
    const pkgs = packages(catalog) as Pkg[];
    const docs = [...documents(pkgs), ...(options.tree ? treeDocuments(pkgs) : [])];
    const licensed = (a: Doc, ca: string, b: Doc, cb: string): boolean =>
      options.licensed.some(
        (l) =>
          ((l.files[0] === a.label && l.files[1] === b.label) || (l.files[0] === b.label && l.files[1] === a.label)) &&
          ca.toLowerCase().includes(l.phrase.toLowerCase()) &&
          cb.toLowerCase().includes(l.phrase.toLowerCase()),
      );
    if (!docs.some((d) => d.tier === 'skills')) return; // validate.py: fewer than 2 tiers and no skills
    const entries: { doc: Doc; clause: string; free: string; words: Set<string> }[] = [];
    for (const doc of docs) {
      for (const clause of clauses(doc.text) as string[]) {
        const f = free(clause) as string;
        if (tokens(f).length < 5) continue;
        if (tokens(f.replace(/\[[^\]]*\]\([^)]*\)/g, '').replace(/`[^`]*`/g, '')).length < 2) continue;
        entries.push({ doc, clause, free: f, words: new Set((f.match(/[A-Za-z][A-Za-z'-]{3,}/g) ?? []).map((w) => w.toLowerCase())) });
      }
    }
    const df = new Map<string, number>();
    for (const e of entries) for (const w of e.words) df.set(w, (df.get(w) ?? 0) + 1);
    entries.forEach((a, i) => {
      const rare = [...a.words].filter((w) => df.get(w)! <= options.rareWords);
      if (!rare.length) return;
      for (let j = i + 1; j < entries.length; j++) {
        const b = entries[j]!;
        const withinSkills = a.doc.tier === 'skills' && b.doc.tier === 'skills' && a.doc.file !== b.doc.file;
        if (a.doc.tier === b.doc.tier && !withinSkills) continue;
        if (!rare.some((w) => b.words.has(w))) continue;
        if (licensed(a.doc, a.clause, b.doc, b.clause)) continue;
        const r = ratio(b.free, a.free) as number;
        if (r < options.threshold) continue;
        report(a.doc.owner, {
          file: a.doc.file,
          range: rangeOf(a.doc, a.clause),
          message: `Unexpected cross-tier near-duplicate${withinSkills ? ' (within skills)' : ''} at ${r.toFixed(2)} with ${b.doc.label}: '${short(a.clause)}' ~ '${short(b.clause)}', expected the text in one place`,
        });
      }
    });
  },
};

/** The signature cells whose content is the file their row links (under references/). */
const LINKED = new Set(['slicing', 'oracle_policy', 'craft']);
const CELLS = ['slicing', 'executor', 'assembly', 'lens', 'oracle_policy', 'workspace', 'required_spec_fields', 'craft'];

interface CellOptions {
  threshold: number;
  /** Clauses every pack may repeat (validate.py allowlists three). */
  allow: string[];
}

const cellDup: CatalogRule<CellOptions> = {
  scope: 'catalog',
  meta: {
    id: 'cell-dup',
    description:
      "Reports a clause of a pack's signature cell repeated verbatim in another pack (error), and warns about a near one (validate.py's cell-dup: its clauses, difflib ratio at 0.55).",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { threshold: { type: 'number', exclusiveMinimum: 0, maximum: 1 }, allow: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    },
    defaultOptions: { threshold: 0.55, allow: [] },
  },
  check({ catalog, options, report }) {
    const packs = (packages(catalog) as Pkg[]).filter((p) => p.tier === 'packs' && !p.s.readProblem);
    const allow = new Set(options.allow);
    for (const cell of CELLS) {
      // Per pack having the row: its clauses, from the linked file or the row itself.
      const held: { doc: Doc; clauses: string[] }[] = [];
      for (const p of packs) {
        const skill = full(p.s) as Skill;
        const text = bodyOf(skill) as string;
        const row = (rows(text) as { key: string; value: string; offset: number }[]).find((r) => r.key === cell);
        if (!row) continue;
        const offset = skill.file.text.length - text.length + row.offset;
        let doc: Doc = { owner: p.s, file: skill.file.path, label: label(p, skill.file.path), tier: 'packs', text: row.value, offset, range: (a, b) => skill.file.lines.range(a, b) };
        const link = LINKED.has(cell) ? /\]\((references\/[^)\s#]+)/.exec(row.value) : null;
        const linked = link ? p.s.bundle.text(link[1]!) : undefined;
        if (linked) doc = { owner: p.s, file: linked.path, label: label(p, linked.path), tier: 'packs', text: linked.text, offset: 0, range: (a, b) => linked.lines.range(a, b) };
        held.push({ doc, clauses: (clauses(doc.text) as string[]).filter((c) => !allow.has(c)) });
      }
      const where = new Map<string, Doc[]>();
      for (const h of held) for (const c of new Set(h.clauses)) where.set(c, [...(where.get(c) ?? []), h.doc]);
      for (const [clause, docs] of where) {
        const labels = [...new Set(docs.map((d) => d.label))].sort();
        if (labels.length < 2) continue;
        const first = docs.find((d) => d.label === labels[0])!;
        report(first.owner, {
          file: first.file,
          range: rangeOf(first, clause),
          message: `Unexpected clause repeated verbatim in the \`${cell}\` cell of ${labels.length} packs (${labels.slice(1).join(', ')}): '${short(clause)}', expected it in one place`,
        });
      }
      for (let i = 0; i < held.length; i++) {
        for (let j = i + 1; j < held.length; j++) {
          for (const a of held[i]!.clauses) {
            const fa = free(a) as string;
            if (tokens(fa).length < 5) continue;
            for (const b of held[j]!.clauses) {
              const fb = free(b) as string;
              if (a === b || tokens(fb).length < 5) continue;
              const r = ratio(fa, fb) as number;
              if (r < options.threshold) continue;
              const doc = held[i]!.doc;
              report(doc.owner, {
                file: doc.file,
                range: rangeOf(doc, a),
                severity: 'warning',
                message: `Unexpected near-duplicate in the \`${cell}\` cell at ${r.toFixed(2)} with ${held[j]!.doc.label}: '${short(a)}' ~ '${short(b)}', expected the text in one place`,
              });
            }
          }
        }
      }
    }
  },
};

export default { prefix: 'orchflows', rules: [crossTier, cellDup] };
