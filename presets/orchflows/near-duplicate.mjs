// orchflows' duplication checks (validate.py's cross-tier and cell-dup), as a skillc plugin
// (prefix `orchflows`) of the `skillc:orchflows` preset. Plain ESM with JSDoc types, so it loads
// from the installed CLI as it is (no TypeScript loader).
// The measure is validate.py's own: its clauses, their free content, and Python's
// difflib.SequenceMatcher ratio (validate-py-text.mjs), at 0.55.
import crypto from 'node:crypto';
import path from 'node:path';
import { clauses, free, full, listMd, packages, ratio, readTree, rows, tokens, body as bodyOf } from './validate-py-text.mjs';

/** @typedef {import('skillc/plugin').SkillSummary} SkillSummary */
/** @typedef {import('skillc/plugin').Skill} Skill */
/** @typedef {ReturnType<Skill['file']['lines']['range']>} Range */
/** @typedef {{ s: SkillSummary, tier: string, root: string }} Pkg */

/**
 * One graded document: a skill body, a pack body, a pack's top-level references/*.md, or a Markdown
 * file of the tree around them. `file` is its absolute path and `label` the path validate.py prints
 * (relative to the tree); `tier` is `skills`, `packs`, or the tree folder a document of the tree sits
 * in (`rules`, `docs`, ...); `offset` is where `text` starts in the file (the body's start for
 * SKILL.md); `range(a, b)` is the range of offsets `a`..`b` of the file.
 * @typedef {{ owner: SkillSummary, file: string, label: string, tier: string, text: string, offset: number, range: (a: number, b: number) => Range }} Doc
 */

/** @param {Pkg} p @param {string} file */
const label = (p, file) => path.relative(p.root, file).split(path.sep).join('/');

/** @param {Pkg[]} pkgs @returns {Doc[]} */
function documents(pkgs) {
  /** @type {Doc[]} */
  const out = [];
  for (const p of pkgs) {
    const skill = full(p.s);
    if (skill.readProblem) continue;
    const text = bodyOf(skill);
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
/** @param {string} text @returns {(a: number, b: number) => Range} */
function rangeIn(text) {
  const point = (/** @type {number} */ at) => {
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    return { line, column: at - before.lastIndexOf('\n'), offset: at };
  };
  return (a, b) => /** @type {Range} */ ({ start: point(a), end: point(b) });
}

/**
 * The tree's own documents validate.py grades with the packages, in its order: the top-level *.md
 * of rules/, contracts/ and docs/ (not docs/vocabulary.md), every *.md under compositions/, and
 * templates/host-block.md; each of the tier of its folder. Reported on the tree's first package.
 */
/** @param {Pkg[]} pkgs @returns {Doc[]} */
function treeDocuments(pkgs) {
  if (!pkgs.length) return [];
  const root = pkgs[0].root;
  const files = [
    ...['rules', 'contracts', 'docs'].flatMap((d) => listMd(path.join(root, d), false).filter((f) => !(d === 'docs' && path.basename(f) === 'vocabulary.md'))),
    ...listMd(path.join(root, 'compositions'), true),
    path.join(root, 'templates', 'host-block.md'),
  ];
  /** @type {Doc[]} */
  const out = [];
  for (const file of files) {
    const text = readTree(file);
    if (text === undefined) continue;
    const rel = path.relative(root, file).split(path.sep).join('/');
    out.push({ owner: pkgs[0].s, file, label: rel, tier: rel.split('/')[0], text, offset: 0, range: rangeIn(text) });
  }
  return out;
}

/** Where a clause starts in its document (its first words), for the report's position. */
/** @param {Doc} doc @param {string} clause @returns {Range} */
function rangeOf(doc, clause) {
  const head = tokens(clause).slice(0, 3).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  const m = new RegExp(head).exec(doc.text);
  const at = doc.offset + (m ? m.index : 0);
  return doc.range(at, at + (m ? m[0].length : 0));
}

const short = (/** @type {string} */ s) => (s.length > 80 ? `${s.slice(0, 79)}…` : s);

/**
 * `rareWords`: entries a word may appear in and still make two clauses candidates. `tree`: grade the
 * tree's own documents too (rules/, contracts/, docs/, compositions/, templates/host-block.md), as
 * validate.py does. `licensed`: pairs validate.py licenses, two files (as labelled, relative to the
 * tree) whose clauses that both contain the phrase are not reported.
 * @typedef {{ threshold: number, rareWords: number, tree: boolean, licensed: { files: [string, string], phrase: string }[] }} CrossOptions
 */

/** @type {import('skillc/plugin').CatalogRule<CrossOptions>} */
const crossTier = {
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
      const pkgs = packages({ skills: skillDirs.map((dir) => ({ dir, dirName: path.basename(dir) })) });
      const hash = crypto.createHash('sha256');
      for (const d of treeDocuments(pkgs)) hash.update(`${d.label}\0${d.text}\0`);
      return hash.digest('hex');
    },
  },
  check({ catalog, options, report }) {
    const pkgs = packages(catalog);
    const docs = [...documents(pkgs), ...(options.tree ? treeDocuments(pkgs) : [])];
    /** @param {Doc} a @param {string} ca @param {Doc} b @param {string} cb */
    const licensed = (a, ca, b, cb) =>
      options.licensed.some(
        (l) =>
          ((l.files[0] === a.label && l.files[1] === b.label) || (l.files[0] === b.label && l.files[1] === a.label)) &&
          ca.toLowerCase().includes(l.phrase.toLowerCase()) &&
          cb.toLowerCase().includes(l.phrase.toLowerCase()),
      );
    if (!docs.some((d) => d.tier === 'skills')) return; // validate.py: fewer than 2 tiers and no skills
    /** @type {{ doc: Doc, clause: string, free: string, words: Set<string> }[]} */
    const entries = [];
    for (const doc of docs) {
      for (const clause of clauses(doc.text)) {
        const f = free(clause);
        if (tokens(f).length < 5) continue;
        if (tokens(f.replace(/\[[^\]]*\]\([^)]*\)/g, '').replace(/`[^`]*`/g, '')).length < 2) continue;
        entries.push({ doc, clause, free: f, words: new Set((f.match(/[A-Za-z][A-Za-z'-]{3,}/g) ?? []).map((w) => w.toLowerCase())) });
      }
    }
    /** @type {Map<string, number>} */
    const df = new Map();
    for (const e of entries) for (const w of e.words) df.set(w, (df.get(w) ?? 0) + 1);
    entries.forEach((a, i) => {
      const rare = [...a.words].filter((w) => df.get(w) <= options.rareWords);
      if (!rare.length) return;
      for (let j = i + 1; j < entries.length; j++) {
        const b = entries[j];
        const withinSkills = a.doc.tier === 'skills' && b.doc.tier === 'skills' && a.doc.file !== b.doc.file;
        if (a.doc.tier === b.doc.tier && !withinSkills) continue;
        if (!rare.some((w) => b.words.has(w))) continue;
        if (licensed(a.doc, a.clause, b.doc, b.clause)) continue;
        const r = ratio(b.free, a.free);
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

/** `allow`: clauses every pack may repeat (validate.py allowlists three). @typedef {{ threshold: number, allow: string[] }} CellOptions */

/** @type {import('skillc/plugin').CatalogRule<CellOptions>} */
const cellDup = {
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
    const packs = packages(catalog).filter((p) => p.tier === 'packs' && !p.s.readProblem);
    const allow = new Set(options.allow);
    for (const cell of CELLS) {
      // Per pack having the row: its clauses, from the linked file or the row itself.
      /** @type {{ doc: Doc, clauses: string[] }[]} */
      const held = [];
      for (const p of packs) {
        const skill = full(p.s);
        const text = bodyOf(skill);
        const row = rows(text).find((r) => r.key === cell);
        if (!row) continue;
        const offset = skill.file.text.length - text.length + row.offset;
        /** @type {Doc} */
        let doc = { owner: p.s, file: skill.file.path, label: label(p, skill.file.path), tier: 'packs', text: row.value, offset, range: (a, b) => skill.file.lines.range(a, b) };
        const link = LINKED.has(cell) ? /\]\((references\/[^)\s#]+)/.exec(row.value) : null;
        const linked = link ? p.s.bundle.text(link[1]) : undefined;
        if (linked) doc = { owner: p.s, file: linked.path, label: label(p, linked.path), tier: 'packs', text: linked.text, offset: 0, range: (a, b) => linked.lines.range(a, b) };
        held.push({ doc, clauses: clauses(doc.text).filter((c) => !allow.has(c)) });
      }
      /** @type {Map<string, Doc[]>} */
      const where = new Map();
      for (const h of held) for (const c of new Set(h.clauses)) where.set(c, [...(where.get(c) ?? []), h.doc]);
      for (const [clause, docs] of where) {
        const labels = [...new Set(docs.map((d) => d.label))].sort();
        if (labels.length < 2) continue;
        const first = docs.find((d) => d.label === labels[0]);
        report(first.owner, {
          file: first.file,
          range: rangeOf(first, clause),
          message: `Unexpected clause repeated verbatim in the \`${cell}\` cell of ${labels.length} packs (${labels.slice(1).join(', ')}): '${short(clause)}', expected it in one place`,
        });
      }
      for (let i = 0; i < held.length; i++) {
        for (let j = i + 1; j < held.length; j++) {
          for (const a of held[i].clauses) {
            const fa = free(a);
            if (tokens(fa).length < 5) continue;
            for (const b of held[j].clauses) {
              const fb = free(b);
              if (a === b || tokens(fb).length < 5) continue;
              const r = ratio(fa, fb);
              if (r < options.threshold) continue;
              const doc = held[i].doc;
              report(doc.owner, {
                file: doc.file,
                range: rangeOf(doc, a),
                severity: 'warning',
                message: `Unexpected near-duplicate in the \`${cell}\` cell at ${r.toFixed(2)} with ${held[j].doc.label}: '${short(a)}' ~ '${short(b)}', expected the text in one place`,
              });
            }
          }
        }
      }
    }
  },
};

export default { prefix: 'orchflows', rules: [crossTier, cellDup] };
