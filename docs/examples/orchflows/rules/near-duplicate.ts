// orchflows' duplication checks (validate.py's cross-tier and cell-dup), as a TypeScript
// skillc plugin: `"plugins": ["./rules/near-duplicate.ts"]` (skillc loads .ts plugins
// through tsx; install it with `npm install --save-dev tsx`, or compile this file to .js).
// The measure is validate.py's own: its clauses, their free content, and Python's
// difflib.SequenceMatcher ratio (validate-py-text.mjs), at 0.55.
import path from 'node:path';
import type { CatalogRule, Skill, SkillSummary } from 'skillc/plugin';
// @ts-expect-error -- a plain ESM module without type declarations, shared with validate-py.mjs
import { clauses, free, full, packages, ratio, rows, tokens, body as bodyOf } from './validate-py-text.mjs';

interface Pkg {
  s: SkillSummary;
  tier: string;
  root: string;
}

/** One graded document: a skill body, a pack body, or a pack's top-level references/*.md. */
interface Doc {
  owner: SkillSummary;
  /** Absolute path, and the path validate.py prints (relative to the tree). */
  file: string;
  label: string;
  tier: 'skills' | 'packs';
  text: string;
  /** Offset of `text` in the file (the body's start for SKILL.md). */
  offset: number;
  lines: Skill['file']['lines'];
}

const label = (p: Pkg, file: string): string => path.relative(p.root, file).split(path.sep).join('/');

function documents(pkgs: Pkg[]): Doc[] {
  const out: Doc[] = [];
  for (const p of pkgs) {
    const skill = full(p.s) as Skill;
    if (skill.readProblem) continue;
    const text = bodyOf(skill) as string;
    const tier = p.tier === 'packs' ? 'packs' : 'skills';
    out.push({ owner: p.s, file: skill.file.path, label: label(p, skill.file.path), tier, text, offset: skill.file.text.length - text.length, lines: skill.file.lines });
    if (tier !== 'packs') continue;
    for (const f of p.s.bundled) {
      if (f.kind !== 'file' || !/^references\/[^/]+\.md$/.test(f.relPath)) continue;
      const t = p.s.bundle.text(f.relPath);
      if (t) out.push({ owner: p.s, file: t.path, label: label(p, t.path), tier, text: t.text, offset: 0, lines: t.lines });
    }
  }
  return out;
}

/** Where a clause starts in its document (its first words), for the report's position. */
function rangeOf(doc: Doc, clause: string): ReturnType<Doc['lines']['range']> {
  const head = (tokens(clause) as string[]).slice(0, 3).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  const m = new RegExp(head).exec(doc.text);
  const at = doc.offset + (m ? m.index : 0);
  return doc.lines.range(at, at + (m ? m[0].length : 0));
}

const short = (s: string): string => (s.length > 80 ? `${s.slice(0, 79)}…` : s);

interface CrossOptions {
  threshold: number;
  /** Entries a word may appear in and still make two clauses candidates. */
  rareWords: number;
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
      properties: { threshold: { type: 'number', exclusiveMinimum: 0, maximum: 1 }, rareWords: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    defaultOptions: { threshold: 0.55, rareWords: 20 },
  },
  check({ catalog, options, report }) {
    const pkgs = packages(catalog) as Pkg[];
    const docs = documents(pkgs);
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
        let doc: Doc = { owner: p.s, file: skill.file.path, label: label(p, skill.file.path), tier: 'packs', text: row.value, offset, lines: skill.file.lines };
        const link = LINKED.has(cell) ? /\]\((references\/[^)\s#]+)/.exec(row.value) : null;
        const linked = link ? p.s.bundle.text(link[1]!) : undefined;
        if (linked) doc = { owner: p.s, file: linked.path, label: label(p, linked.path), tier: 'packs', text: linked.text, offset: 0, lines: linked.lines };
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
