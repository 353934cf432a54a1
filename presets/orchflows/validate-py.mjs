// Checks of orchflows' tools/validate.py that skillc has no built-in rule for, as a
// skillc plugin of the `skillc:orchflows` preset. Plain ESM importing Node built-ins, the
// preset's text measures (validate-py-text.mjs) and its reading of scripts/state_root.py
// (friction-owner.mjs, with skillc's dependency @lezer/python). Each follows validate.py's behaviour as probed (docs/examples/orchflows/README.md).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { frictionTrees } from './friction-owner.mjs';
import { body, full, listMd, packages, paragraph, readTree, requireItems, rows, uncarried, vocabulary } from './validate-py-text.mjs';

const EDGE = /`(orch-[a-z0-9-]+)`/g;
/** Role profiles, not packages: they always resolve. */
const ROLES = new Set(['orch-planner', 'orch-worker']);


/** The call edges of a SKILL.md: exact backtick spans `orch-…` (frontmatter too), role profiles left out. */
const mentions = (text) => [...text.matchAll(EDGE)].filter((m) => !ROLES.has(m[1]));

/** @type {import('skillc').CatalogRule<{ kernel: string }>} */
const callGraph = {
  scope: 'catalog',
  meta: {
    id: 'call-graph',
    description:
      'Reports call edges (exact backtick spans `orch-…` in SKILL.md) that name no package, a kernel package with any call edge, and the first cycle of the graph, as orchflows\' validate.py does.',
    severity: 'error',
    fixable: false,
    schema: { type: 'object', properties: { kernel: { type: 'string', minLength: 1 } }, additionalProperties: false },
    defaultOptions: { kernel: 'kernel' },
  },
  check({ catalog, options, report }) {
    const byName = new Map();
    for (const s of catalog.skills) if (!byName.has(s.dirName)) byName.set(s.dirName, s);
    const edges = new Map();
    for (const s of catalog.skills) {
      const skill = full(s);
      if (skill.readProblem) continue;
      const { text, lines } = skill.file;
      const out = new Set();
      for (const m of mentions(text)) {
        const target = m[1];
        const range = lines.range(m.index, m.index + m[0].length);
        if (!byName.has(target)) {
          report(s, { message: `Unexpected call edge \`${target}\` that does not resolve, expected the name of a package (or orch-planner, orch-worker)`, range });
          continue;
        }
        out.add(target);
      }
      edges.set(s.dirName, [...out].sort());
      // validate.py: the kernel tier calls nothing (its tier is the folder the package sits in).
      if (out.size && path.basename(path.dirname(s.dir)) === options.kernel) {
        report(s, { message: `Unexpected call edges from a kernel package (${[...out].join(', ')}), expected none: kernel skills are called, they call nothing`, range: lines.lineRange(1) });
      }
    }
    // Depth-first over sorted names and neighbours; the first cycle only, on its first node.
    const state = new Map();
    const stack = [];
    const visit = (name) => {
      state.set(name, 'open');
      stack.push(name);
      for (const next of edges.get(name) ?? []) {
        if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
        if (!state.has(next)) {
          const cycle = visit(next);
          if (cycle) return cycle;
        }
      }
      stack.pop();
      state.set(name, 'done');
      return undefined;
    };
    for (const name of [...edges.keys()].sort()) {
      if (state.has(name)) continue;
      const cycle = visit(name);
      if (!cycle) continue;
      const first = byName.get(cycle[0]);
      report(first, { message: `Unexpected call graph cycle: ${cycle.join(' -> ')}, expected calls that end`, range: full(first).file.lines.lineRange(1) });
      return;
    }
  },
};

/** The body's lines, from the line after the closing fence. */
const bodyLines = (skill) => body(skill).split('\n');

/** @type {import('skillc').SkillRule<Record<string, never>>} */
const loopLint = {
  scope: 'skill',
  meta: {
    id: 'loop-lint',
    description: 'Warns about a body that iterates (`iterate`, `iterates`, `iterating`, `repeat until`) without naming a bound or budget, or without naming how it ends (stalled, limited, exit, terminal), as validate.py does.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
  },
  check({ skill, report }) {
    if (skill.readProblem) return;
    const body = skill.file.text.slice(skill.bodyOffset);
    const loop = /\biterat(?:e|es|ing)\b|repeat until/i.exec(body);
    if (!loop) return;
    const lower = body.toLowerCase();
    const at = skill.bodyOffset + loop.index;
    const range = skill.file.lines.range(at, at + loop[0].length);
    if (!/bound|budget/.test(lower)) report({ message: `Unexpected loop (\`${loop[0]}\`) without a bound, expected the bound or budget that stops it`, range });
    if (!/stalled|limited|exit|terminal/.test(lower)) report({ message: `Unexpected loop (\`${loop[0]}\`) without its ends, expected what it returns when stalled, limited or at exit`, range });
  },
};

const ENVELOPE = [
  /\b(?:status|complete[sd]?|blocked|stalled|limited|failed)\b/i,
  /\b(?:results?|identity|identities|deliverables?)\b/i,
  /\b(?:verification|verdicts?|verified)\b/i,
];

/** @type {import('skillc').SkillRule<{ skills: string[] }>} */
const envelope = {
  scope: 'skill',
  meta: {
    id: 'envelope',
    description: "Reports an engine whose Return paragraph's first sentence lacks the result envelope: a status word, a result word and a verification word (or a ticket / work item), as validate.py checks orch-investigate, orch-loop and orch-frontier.",
    severity: 'error',
    fixable: false,
    schema: { type: 'object', properties: { skills: { type: 'array', items: { type: 'string' } } }, additionalProperties: false },
    defaultOptions: { skills: ['orch-investigate', 'orch-loop', 'orch-frontier'] },
  },
  check({ skill, options, report }) {
    if (skill.readProblem || !options.skills.includes(skill.dirName)) return;
    const lines = bodyLines(skill);
    const start = lines.findIndex((l) => /^Return[ :]/.test(l));
    if (start < 0) return; // the anatomy check reports a missing Return
    let end = start;
    while (end + 1 < lines.length && lines[end + 1].trim() !== '') end++;
    const paragraph = lines.slice(start, end + 1).join(' ');
    const first = paragraph.split(/(?<=[.!?])\s/)[0];
    if (/\bticket\b|\bwork[ -]item\b/i.test(first) || ENVELOPE.every((re) => re.test(first))) return;
    const offset = skill.file.text.indexOf(lines[start], skill.bodyOffset);
    report({
      message: `Unexpected Return without the result envelope ("${first.length > 60 ? `${first.slice(0, 59)}…` : first}"), expected its first sentence to name the status, the result and the verification (or a ticket)`,
      range: skill.file.lines.range(offset, offset + lines[start].length),
    });
  },
};

/** The graded packages by name (the first of a name wins, as validate.py's `unique` check keeps it). */
function byName(catalog) {
  const out = new Map();
  for (const p of packages(catalog)) if (!p.s.readProblem && !out.has(p.s.dirName)) out.set(p.s.dirName, p);
  return out;
}

const firstLine = (skill) => skill.file.lines.lineRange(1);

/** @type {import('skillc').CatalogRule<Record<string, never>>} */
const carriage = {
  scope: 'catalog',
  meta: {
    id: 'carriage',
    description:
      "Reports a call edge A -> B (A not a pack) whose caller's body does not carry each of B's `Require:` items (one of each item's content words, as a stem variant), as validate.py's carriage check does.",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  check({ catalog, report }) {
    const pkgs = byName(catalog);
    for (const [name, p] of pkgs) {
      if (p.tier === 'packs') continue;
      const caller = full(p.s);
      let vocab;
      const seen = new Set();
      for (const m of mentions(caller.file.text)) {
        const target = m[1];
        const callee = pkgs.get(target);
        if (!callee || seen.has(target)) continue;
        seen.add(target);
        vocab ??= vocabulary(body(caller));
        for (const item of requireItems(body(full(callee.s)))) {
          const head = uncarried(item, vocab);
          if (!head) continue;
          report(p.s, {
            range: caller.file.lines.range(m.index, m.index + m[0].length),
            message: `Unexpected call to \`${target}\` without carrying its Require item '${item}' (no word for \`${head}\`), expected ${name}'s body to pass it`,
          });
        }
      }
    }
  },
};

/** @type {import('skillc').CatalogRule<Record<string, never>>} */
const packCarriage = {
  scope: 'catalog',
  meta: {
    id: 'pack-carriage',
    description:
      "Reports a pack whose `executor` or `assembly` skill's Require items are not carried by the file its `slicing` row links, or whose skill returns no ticket while the `workspace` row names no store, as validate.py's pack-carriage check does.",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  check({ catalog, report }) {
    const pkgs = byName(catalog);
    for (const [name, p] of pkgs) {
      if (p.tier !== 'packs') continue;
      const skill = full(p.s);
      const text = body(skill);
      const table = rows(text);
      const slicing = table.find((r) => r.key === 'slicing');
      const link = slicing && /\]\(<?([^)\s>#]*)/.exec(slicing.value);
      const sliceFile = link && link[1] ? p.s.bundle.text(link[1]) : undefined;
      const vocab = vocabulary(sliceFile ? sliceFile.text : '');
      const workspace = table.find((r) => r.key === 'workspace');
      for (const key of ['executor', 'assembly']) {
        const row = table.find((r) => r.key === key);
        const m = row && /^`([^`]+)`/.exec(row.value);
        const callee = m && pkgs.get(m[1]);
        if (!callee) continue;
        const at = skill.file.text.length - text.length + row.offset;
        const range = skill.file.lines.range(at, at + row.line.length);
        const calleeBody = body(full(callee.s));
        for (const item of requireItems(calleeBody)) {
          const head = uncarried(item, vocab);
          if (!head) continue;
          report(p.s, {
            range,
            message: `Unexpected \`${key}\` \`${m[1]}\` whose Require item '${item}' the slicing file${link && link[1] ? ` (${link[1]})` : ''} does not carry (no word for \`${head}\`), expected pack ${name}'s slices to carry it`,
          });
        }
        const ret = paragraph(calleeBody, /^Return[ :]/);
        const returnsTicket = ret && /\bticket\b|\bwork[ -]item\b/i.test(ret.text);
        if (!returnsTicket && !(workspace && /\bstore\b/i.test(workspace.value))) {
          report(p.s, { range, message: `Unexpected \`${key}\` \`${m[1]}\` that returns no ticket or work item while the \`workspace\` row names no store, expected one of them` });
        }
      }
    }
  },
};

const CELLS = ['slicing', 'executor', 'assembly', 'lens', 'oracle_policy', 'workspace', 'required_spec_fields', 'craft'];

/** validate.py's heading slug: lowercase, keep a-z 0-9 whitespace and `-`, whitespace runs to `-`, `-` trimmed. */
const slug = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/^-+|-+$/g, '');

/** @type {import('skillc').SkillRule<{ cells: string[], craftLines: number }>} */
const packSignature = {
  scope: 'skill',
  meta: {
    id: 'pack-signature',
    description:
      "Reports a pack whose signature table lacks a cell, whose `craft` row does not link references/craft.md, whose `assembly` is not one backticked skill or `none — why`, whose craft.md is over budget, or whose `lens` anchors do not resolve, as validate.py's pack checks do.",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { cells: { type: 'array', items: { type: 'string' } }, craftLines: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    defaultOptions: { cells: CELLS, craftLines: 60 },
  },
  check({ skill, options, report }) {
    if (skill.readProblem || path.basename(path.dirname(skill.dir)) !== 'packs') return;
    const text = body(skill);
    const start = skill.file.text.length - text.length;
    const table = rows(text);
    const rowRange = (r) => skill.file.lines.range(start + r.offset, start + r.offset + r.line.length);
    const missing = options.cells.filter((c) => !table.some((r) => r.key === c));
    if (missing.length) report({ range: firstLine(skill), message: `Unexpected signature table without ${missing.map((c) => `\`${c}\``).join(', ')}, expected a \`| <cell> |\` row for each of ${options.cells.join(', ')}` });
    const craft = table.find((r) => r.key === 'craft');
    if (craft && !craft.line.includes('(references/craft.md)')) report({ range: rowRange(craft), message: 'Unexpected `craft` row without a link to `(references/craft.md)`, expected the craft file linked' });
    const assembly = table.filter((r) => r.key === 'assembly').at(-1);
    if (assembly && !/^`[a-z][a-z0-9-]*`$|^none\s+—\s+\S/.test(assembly.value)) {
      report({ range: rowRange(assembly), message: `Unexpected \`assembly\` "${assembly.value}", expected one backticked skill name or \`none — <why>\`` });
    }
    const craftFile = skill.bundle.text('references/craft.md');
    if (!craftFile) report({ range: firstLine(skill), severity: 'warning', message: 'Unexpected pack without references/craft.md, expected one (craft budget check skipped)' });
    else {
      const n = craftFile.text.split('\n').filter((l) => l.trim()).length;
      if (n > options.craftLines) report({ file: craftFile.path, message: `Unexpected ${n} non-blank lines in references/craft.md, expected at most ${options.craftLines}` });
    }
    for (const lens of table.filter((r) => r.key === 'lens')) {
      for (const m of lens.line.matchAll(/\(([^()\s#]+)#([^()\s]+)\)/g)) {
        const target = skill.bundle.text(m[1]);
        const headings = target ? [...target.text.matchAll(/^#{1,6}\s+(.*)$/gm)].map((h) => slug(h[1])) : [];
        if (target && headings.includes(m[2].toLowerCase())) continue;
        report({
          range: rowRange(lens),
          message: target ? `Unexpected lens anchor \`#${m[2]}\` that no heading of ${m[1]} has, expected one of ${headings.map((h) => `#${h}`).join(', ') || '(no headings)'}` : `Unexpected lens link to ${m[1]}, which does not exist, expected a file of the pack`,
        });
      }
    }
  },
};

/**
 * The frontmatter as validate.py reads it: line by line between the fences, each
 * `key: value` split at the first colon, both stripped, quotes kept, the last duplicate winning.
 */
function rawFrontmatter(skill) {
  return frontmatterLines(skill.file.text);
}

/** validate.py's frontmatter reading of a text: key -> { value, offset, line, lineNo }; undefined without both fences. */
function frontmatterLines(text) {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  if (lines[0]?.trim() !== '---') return undefined;
  const out = new Map();
  let offset = lines[0].length + 1;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '---') return out;
    const colon = line.indexOf(':');
    if (line.trim() && colon >= 0) out.set(line.slice(0, colon).trim(), { value: line.slice(colon + 1).trim(), offset, line, lineNo: i + 1 });
    offset += line.length + 1;
  }
  return undefined;
}

/** @type {import('skillc').SkillRule<{ keys: string[], descriptionMax: number }>} */
const frontmatter = {
  scope: 'skill',
  meta: {
    id: 'frontmatter',
    description:
      "Reports frontmatter keys outside validate.py's list (and a pack's `role`), a name that is not the folder name as written (quotes count), a description over 140 code points as written (quotes count), and a `disable-model-invocation` other than true or false.",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { keys: { type: 'array', items: { type: 'string' } }, descriptionMax: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    defaultOptions: { keys: ['name', 'description', 'disable-model-invocation', 'role'], descriptionMax: 140 },
  },
  check({ skill, options, report }) {
    if (skill.readProblem) return;
    const fm = rawFrontmatter(skill);
    if (!fm) return; // the fences are file/frontmatter rules' business
    const at = (f) => skill.file.lines.range(f.offset, f.offset + f.line.replace(/\r$/, '').length);
    for (const [key, f] of fm) {
      if (!options.keys.includes(key)) report({ range: at(f), message: `Unexpected frontmatter key \`${key}\`, expected only ${options.keys.join(', ')}` });
    }
    // validate.py: a pack has no role (roles are the skills').
    const role = fm.get('role');
    if (role && options.keys.includes('role') && path.basename(path.dirname(skill.dir)) === 'packs') report({ range: at(role), message: 'Unexpected `role` in a pack, expected none (roles are for skills)' });
    const name = fm.get('name');
    if (name && name.value && name.value !== skill.dirName) report({ range: at(name), message: `Unexpected name ${name.value} (as written), expected the folder name ${skill.dirName}` });
    const description = fm.get('description');
    const n = description ? Array.from(description.value).length : 0;
    if (n > options.descriptionMax) report({ range: at(description), message: `Unexpected description of ${n} characters as written (quotes count), expected at most ${options.descriptionMax}` });
    const dmi = fm.get('disable-model-invocation');
    if (dmi && dmi.value !== 'true' && dmi.value !== 'false') report({ range: at(dmi), message: `Unexpected \`disable-model-invocation: ${dmi.value}\`, expected true or false` });
  },
};

/** Python's str.split() separators: JS's `\s` less U+FEFF, plus U+001C-U+001F and U+0085. */
const PY_SPLIT = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
/** validate.py's words(): each `](…)` cut to `]`, then what Python's split() yields. */
const treeWords = (text) => text.replace(/\]\([^)]*\)/g, ']').split(PY_SPLIT).filter(Boolean).length;

/**
 * @type {import('skillc').CatalogRule<{ surfaces: Record<string, number>, names: boolean, pins: boolean, links: boolean, friction: boolean, templates: boolean }>}
 */
const tree = {
  scope: 'catalog',
  meta: {
    id: 'tree',
    description:
      "Reports what validate.py grades around the packages: surface word budgets (AGENTS.md, templates/host-block.md), contract pins (tests/pins.json), `orch-…` names in the tree's docs that name no package, Markdown links in the tree's docs that resolve to nothing, where the friction log lives (scripts/state_root.py, docs/vocabulary.md, templates/host-block.md agreeing), and the composition templates' manifests, executors and placeholders.",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        surfaces: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
        names: { type: 'boolean' },
        pins: { type: 'boolean' },
        links: { type: 'boolean' },
        friction: { type: 'boolean' },
        templates: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    defaultOptions: { surfaces: { 'AGENTS.md': 300, 'templates/host-block.md': 400 }, names: true, pins: true, links: true, friction: true, templates: true },
    // It reads files outside the skill folders, which the lint cache does not hash. Its findings are a
    // function of those files and the package folders alone, so they are its key: with nothing changed
    // a cached run replays, and any change that alters a finding re-lints.
    cacheKey: (options, { skillDirs }) => {
      const pkgs = packages({ skills: skillDirs.map((dir) => ({ dir, dirName: path.basename(dir) })) });
      const found = [];
      if (pkgs.length) treeFindings(pkgs, options, (rel, input) => found.push([rel, input]));
      return crypto.createHash('sha256').update(JSON.stringify(found)).digest('hex');
    },
  },
  check({ catalog, options, report }) {
    const pkgs = packages(catalog);
    if (!pkgs.length) return;
    const anchor = pkgs[0].s;
    treeFindings(pkgs, options, (rel, input) => report(anchor, { file: path.join(pkgs[0].root, rel), ...input }));
  },
};

/** Every finding of the tree rule, to `at(rel, input)`: reads the tree above the packages, nothing of the packages but their folders. */
function treeFindings(pkgs, options, at) {
  const root = pkgs[0].root;
  for (const [rel, max] of Object.entries(options.surfaces)) {
    const text = readTree(path.join(root, rel));
    if (text === undefined) {
      at(rel, { severity: 'warning', message: `Unexpected missing ${rel}, expected the surface (its word budget check skipped)` });
      continue;
    }
    const n = treeWords(text);
    if (n > max) at(rel, { message: `Unexpected ${n} words in ${rel}, expected at most ${max}` });
  }
  if (options.pins) checkPins(root, at);
  if (options.names) checkNames(root, pkgs, at);
  if (options.links) checkLinks(root, at);
  if (options.friction) checkFriction(root, at);
  if (options.templates) checkTemplates(root, pkgs, at);
}

const ENTRIES = ['routed', 'named'];
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * validate.py's templates check, as far as the spec states it. A template is
 * compositions/<d>/template.md: its manifest (frontmatter, read as validate.py reads a
 * package's) has `name` = <d>, a `description` of at most 140 code points, `entry` routed
 * or named, `placeholders` written `[…]`; its body after the second `---` is at most 250
 * words. Each other *.md of <d> is a stub: its `executor` is a skill folder or an existing
 * `script:<path>` (one with a `{{placeholder}}` is not checked); a `{{x}}` it uses must be
 * declared, and a declared one used by no stub is a warning on the manifest. Not reproduced:
 * tickets.py's `template_defects` (the stub law: shape, ids, sections, dependencies) and the
 * stubs' instruction word budget, which the spec does not spell out.
 */
function checkTemplates(root, pkgs, at) {
  const comp = path.join(root, 'compositions');
  let dirs;
  try {
    if (!fs.lstatSync(comp).isDirectory()) throw new Error('not a folder');
    dirs = fs.readdirSync(comp, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    at('compositions', { severity: 'warning', message: 'Unexpected missing compositions/, expected the composition templates (their check skipped)' });
    return;
  }
  const templates = dirs.filter((d) => readTree(path.join(comp, d, 'template.md')) !== undefined);
  if (!templates.length) {
    at('compositions', { severity: 'warning', message: 'Unexpected compositions/ that holds no template.md, expected compositions/<name>/template.md (check skipped)' });
    return;
  }
  const skills = new Set(pkgs.filter((p) => p.tier !== 'packs').map((p) => p.s.dirName));
  const line = (n) => ({ start: { line: n, column: 1 }, end: { line: n, column: 1 } });
  for (const d of templates) {
    const rel = `compositions/${d}/template.md`;
    const text = readTree(path.join(comp, d, 'template.md'));
    const fm = frontmatterLines(text);
    if (!fm) {
      at(rel, { message: 'Unexpected template without a manifest, expected frontmatter with name, description, entry and placeholders' });
      continue;
    }
    const field = (key) => fm.get(key);
    const where = (key) => (field(key) ? { range: line(field(key).lineNo) } : {});
    if (field('name')?.value !== d) at(rel, { ...where('name'), message: `Unexpected template name ${field('name')?.value || '(none)'}, expected the folder name ${d}` });
    const desc = field('description')?.value ?? '';
    if (Array.from(desc).length > 140) at(rel, { ...where('description'), message: `Unexpected template description of ${Array.from(desc).length} characters as written, expected at most 140` });
    const entry = field('entry')?.value;
    if (!ENTRIES.includes(entry)) at(rel, { ...where('entry'), message: `Unexpected template entry ${entry || '(none)'}, expected ${ENTRIES.join(' or ')}` });
    const first = text.indexOf('---');
    const second = first < 0 ? -1 : text.indexOf('---', first + 3);
    const bodyWords = second < 0 ? 0 : treeWords(text.slice(second + 3));
    if (bodyWords > 250) at(rel, { message: `Unexpected template body of ${bodyWords} words, expected at most 250` });
    const written = field('placeholders')?.value;
    const wellFormed = written !== undefined && written.startsWith('[') && written.endsWith(']');
    if (!wellFormed) at(rel, { ...where('placeholders'), message: `Unexpected placeholders ${written ? `\`${written}\`` : '(none)'}, expected a list written [name, ...]` });
    const declared = wellFormed
      ? written
          .slice(1, -1)
          .split(',')
          .map((p) => p.trim().replace(/^["']|["']$/g, '').replace(/^\{\{\s*|\s*\}\}$/g, ''))
          .filter(Boolean)
      : [];
    const used = new Set();
    const stubs = listMd(path.join(comp, d), false).filter((f) => path.basename(f) !== 'template.md');
    if (!stubs.length) at(rel, { message: `Unexpected template ${d} that holds no stub, expected a ticket stub (*.md) beside template.md` });
    /** Stub id (its file stem) -> the ids it depends on. */
    const graph = new Map();
    for (const file of stubs) {
      const stubRel = `compositions/${d}/${path.basename(file)}`;
      const stub = readTree(file) ?? '';
      const fields = frontmatterLines(stub);
      const stem = path.basename(file, '.md');
      const id = unquote(fields?.get('id')?.value ?? '');
      if (id && id !== stem) at(stubRel, { range: line(fields.get('id').lineNo), message: `Unexpected id '${id}' in stub ${path.basename(file)}, expected its file stem ${stem} (a stub's id is its file stem)` });
      const depends = flowList(fields?.get('depends_on')?.value);
      if (!depends) at(stubRel, { ...(fields?.get('depends_on') ? { range: line(fields.get('depends_on').lineNo) } : {}), message: "Unexpected 'depends_on' that is not a list, expected [] when the stub names none" });
      graph.set(stem, depends ?? []);
      const words = instructionWords(stub, fields);
      if (words > INSTRUCTION_BUDGET) at(stubRel, { message: `Unexpected instruction of ${words} words (excluded_actions, Objective, Completion test, Return fields), expected at most ${INSTRUCTION_BUDGET}` });
      const names = [...new Set([...stub.matchAll(PLACEHOLDER)].map((m) => m[1]))];
      for (const n of names) used.add(n);
      if (wellFormed) for (const n of names) if (!declared.includes(n)) at(stubRel, { message: `Unexpected placeholder {{${n}}} that ${rel} does not declare, expected it in the manifest's placeholders` });
      const executor = frontmatterLines(stub)?.get('executor');
      const value = executor?.value.replace(/^["']|["']$/g, '');
      if (!value || value.includes('{{')) continue;
      const script = /^script:\s*(.+)$/.exec(value);
      const ok = script ? readTree(path.join(root, script[1].trim())) !== undefined : skills.has(value);
      if (!ok) at(stubRel, { range: line(executor.lineNo), message: `Unexpected executor ${value}, expected a skill folder or an existing script:<path>` });
    }
    if (wellFormed) for (const n of declared) if (!used.has(n)) at(rel, { ...where('placeholders'), severity: 'warning', message: `Unexpected placeholder ${n} that no stub uses, expected each declared placeholder used` });
    const order = graphDefect(graph);
    if (order) at(rel, { message: order });
  }
}

const INSTRUCTION_BUDGET = 300;
const INSTRUCTION_SECTIONS = ['objective', 'completion test', 'return fields'];
const unquote = (v) => v.trim().replace(/^(["'])(.*)\1$/, '$2');

/** A `[a, b]` value as its items (quotes dropped), `[]` as none; undefined when the value is not written as a list. */
function flowList(value) {
  const v = (value ?? '').trim();
  if (!v.startsWith('[') || !v.endsWith(']')) return undefined;
  return v
    .slice(1, -1)
    .split(',')
    .map(unquote)
    .filter(Boolean);
}

/**
 * A stub's instruction in words, as tickets.py counts what a child loads on every dispatch: its
 * `excluded_actions` items and its `## Objective`, `## Completion test` and `## Return fields`
 * sections (headings matched without case), each `](…)` cut to `]`.
 */
function instructionWords(text, fields) {
  const excluded = fields?.get('excluded_actions')?.value ?? '';
  const parts = [...(flowList(excluded) ?? (excluded ? [unquote(excluded)] : []))];
  let current;
  for (const l of text.split('\n')) {
    const heading = /^##\s+(.*?)\s*#*\s*$/.exec(l);
    if (heading) {
      current = INSTRUCTION_SECTIONS.includes(heading[1].toLowerCase()) ? parts.push('') - 1 : undefined;
      continue;
    }
    if (current !== undefined) parts[current] += `${l}\n`;
  }
  return parts.reduce((n, part) => n + treeWords(part), 0);
}

/**
 * The stub graph as tickets.py orders it: every dependency a stub of the template, the graph
 * acyclic (stubs free of dependencies taken in rounds), exactly one stub no other depends on.
 * Its message, or undefined.
 */
function graphDefect(graph) {
  const py = (ids) => `[${ids.map((i) => `'${i}'`).join(', ')}]`;
  for (const [id, deps] of graph) for (const dep of deps) if (!graph.has(dep)) return `Unexpected dependency '${dep}' of stub ${id}, which is not a stub in this template, expected one of its stubs`;
  const remaining = new Map([...graph].map(([id, deps]) => [id, new Set(deps)]));
  while (remaining.size) {
    const ready = [...remaining].filter(([, deps]) => !deps.size).map(([id]) => id).sort();
    if (!ready.length) return `Unexpected cyclic template: no stub in ${py([...remaining.keys()].sort())} is free of dependencies, expected stubs that end`;
    for (const id of ready) remaining.delete(id);
    for (const deps of remaining.values()) for (const id of ready) deps.delete(id);
  }
  const dependedOn = new Set([...graph.values()].flat());
  const terminals = [...graph.keys()].filter((id) => !dependedOn.has(id)).sort();
  if (graph.size && terminals.length !== 1) return `Unexpected template with ${terminals.length} terminal stubs ${py(terminals)}, expected exactly one stub that no other depends on`;
  return undefined;
}

/** contracts/*.md against tests/pins.json (`{ "<file>": "<sha256 of its bytes>" }`). */
function checkPins(root, at) {
  const pinsRel = 'tests/pins.json';
  const raw = readTree(path.join(root, pinsRel));
  const contracts = listMd(path.join(root, 'contracts'), false).map((f) => path.basename(f));
  if (raw === undefined && !contracts.length) return;
  let pins;
  try {
    pins = JSON.parse(raw ?? '');
    if (!pins || typeof pins !== 'object' || Array.isArray(pins)) throw new Error('not an object');
  } catch (e) {
    at(pinsRel, { message: `Unexpected ${raw === undefined ? 'missing file' : `pins file that is not a JSON object (${e.message})`}, expected { "<contract>.md": "<sha256>" } (validate.py --pin writes it)` });
    return;
  }
  for (const name of contracts) {
    const sha = crypto.createHash('sha256').update(fs.readFileSync(path.join(root, 'contracts', name))).digest('hex');
    if (pins[name] !== sha) at(`contracts/${name}`, { message: pins[name] === undefined ? `Unexpected contract without a pin, expected an entry in ${pinsRel}` : `Unexpected contract whose bytes do not match its pin, expected sha256 ${pins[name]} (re-pin after a reviewed change)` });
  }
  for (const name of Object.keys(pins).sort()) if (!contracts.includes(name)) at(pinsRel, { message: `Unexpected pin \`${name}\` for a contract that does not exist, expected contracts/${name}` });
}

/**
 * validate.py's friction check (tools/validate_support/friction.py): scripts/state_root.py's
 * `friction_root` returns exactly one `<sink root> / "<tree>"` (read with a Python parser,
 * friction-owner.mjs); the docs/vocabulary.md `- **friction log**` entry (to the next `- **` item or
 * the end) names `<tree>/`; templates/host-block.md holds the "Whenever the logger cannot run …
 * never skip the log." sentence, naming `<tree>/` and not `.orch/`. No owner or no vocabulary: a
 * skip warning; no host block: an error, as validate.py reports it.
 */
function checkFriction(root, at) {
  const ownerRel = 'scripts/state_root.py';
  const owner = readTree(path.join(root, ownerRel));
  if (owner === undefined) {
    at(ownerRel, { severity: 'warning', message: 'Unexpected missing scripts/state_root.py, expected the friction log\'s owner (friction check skipped)' });
    return;
  }
  const read = frictionTrees(owner);
  if (read.error === 'parse') {
    at(ownerRel, { message: `Unexpected scripts/state_root.py that does not parse as Python (line ${read.line}), expected the friction log's owner to read its location from` });
    return;
  }
  if (read.error === 'missing') {
    at(ownerRel, { message: 'Unexpected scripts/state_root.py without a `friction_root` function, expected the friction log\'s location there' });
    return;
  }
  if (read.trees.length !== 1) {
    at(ownerRel, { message: `Unexpected ${read.trees.length} \`return <root> / "<tree>"\` statements in friction_root (${JSON.stringify([...read.trees].sort())}), expected exactly one, naming the friction tree` });
    return;
  }
  const tree = read.trees[0];
  const vocabulary = readTree(path.join(root, 'docs/vocabulary.md'));
  if (vocabulary === undefined) at('docs/vocabulary.md', { severity: 'warning', message: 'Unexpected missing docs/vocabulary.md, expected the friction log\'s entry (its check skipped)' });
  else {
    const start = /^- \*\*friction log\*\*/m.exec(vocabulary);
    if (!start) at('docs/vocabulary.md', { message: `Unexpected vocabulary without a \`- **friction log**\` entry, expected one naming ${tree}` });
    else {
      const next = vocabulary.indexOf('\n- **', start.index + 1);
      const entry = vocabulary.slice(start.index, next < 0 ? vocabulary.length : next).replace(/\s+/g, ' ');
      if (!entry.includes(tree)) at('docs/vocabulary.md', { message: `Unexpected friction log entry that does not name ${tree}, expected the tree scripts/state_root.py returns` });
    }
  }
  const block = readTree(path.join(root, 'templates/host-block.md'));
  if (block === undefined) {
    at('templates/host-block.md', { message: `Unexpected missing templates/host-block.md, expected the friction fallback copy naming ${tree}` });
    return;
  }
  const sentence = /Whenever the logger cannot run.*?never skip the log\./.exec(block.replace(/\s+/g, ' '));
  if (!sentence) at('templates/host-block.md', { message: `Unexpected host block without the "Whenever the logger cannot run … never skip the log." sentence, expected it to name ${tree}` });
  else {
    if (!sentence[0].includes(tree)) at('templates/host-block.md', { message: `Unexpected logger sentence that does not name ${tree}, expected the tree scripts/state_root.py returns` });
    if (sentence[0].includes('.orch/')) at('templates/host-block.md', { message: 'Unexpected logger sentence that names .orch/, expected the sink tree outside every worktree' });
  }
}

const LINK_ROOTS = ['rules', 'contracts', 'docs', 'skills', 'packs', 'compositions', 'templates', 'benchmarks'];

/** validate.py's md-links: every link in the tree's Markdown resolves (file or folder); graded only when every root exists. */
function checkLinks(root, at) {
  const absent = LINK_ROOTS.filter((d) => {
    try {
      return !fs.statSync(path.join(root, d)).isDirectory();
    } catch {
      return true;
    }
  });
  if (absent.length) {
    for (const d of absent) at(d, { severity: 'warning', message: `Unexpected missing ${d}/, expected every documentation root (link grading skipped)` });
    return;
  }
  const top = listMd(root, false).filter((f) => !path.basename(f).startsWith('REVIEW-'));
  for (const file of [...top, ...LINK_ROOTS.flatMap((d) => listMd(path.join(root, d), true))]) {
    const text = readTree(file);
    if (text === undefined) continue;
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/\]\(([^)]*)\)/g)) {
        let target = m[1].trim();
        target = target.startsWith('<') && target.includes('>') ? target.slice(1, target.indexOf('>')) : target.split(/\s/)[0];
        target = target.split('#')[0];
        if (!target || /^(?:https?:\/\/|mailto:|\/)/.test(target) || target.includes('{{')) continue;
        if (fs.existsSync(path.resolve(path.dirname(file), target))) continue;
        const col = m.index + 1;
        at(path.relative(root, file), {
          range: { start: { line: i + 1, column: col }, end: { line: i + 1, column: col + m[0].length } },
          message: `Unexpected link to ${target}, which does not exist, expected a file or folder of the tree`,
        });
      }
    });
  }
}

const NAME_SPAN = /`(orch-[a-z0-9]+(?:-[a-z0-9]+)*)`/g;

/** Distinct `orch-x` spans in the tree's prose: package names or role profiles only. */
function checkNames(root, pkgs, at) {
  if (readTree(path.join(root, 'ARCHITECTURE.md')) === undefined) {
    at('ARCHITECTURE.md', { severity: 'warning', message: 'Unexpected tree without ARCHITECTURE.md, expected one (the names check skipped)' });
    return;
  }
  const known = new Set([...pkgs.map((p) => p.s.dirName), ...ROLES]);
  const skillFiles = new Set(pkgs.map((p) => path.join(p.s.dir, 'SKILL.md')));
  const files = [
    ...['rules', 'docs', 'contracts', 'templates'].flatMap((d) => listMd(path.join(root, d), false)),
    ...['compositions', 'packs', 'skills'].flatMap((d) => listMd(path.join(root, d), true)),
    ...['README.md', 'DESIGN.md', 'ARCHITECTURE.md', 'AGENTS.md'].map((f) => path.join(root, f)),
  ].filter((f) => !skillFiles.has(f));
  for (const file of files) {
    const text = readTree(file);
    if (text === undefined) continue;
    const seen = new Set();
    for (const m of text.matchAll(NAME_SPAN)) {
      if (known.has(m[1]) || seen.has(m[1])) continue;
      seen.add(m[1]);
      at(path.relative(root, file), { message: `Unexpected \`${m[1]}\`, which names no package or role profile, expected a package's name (or plain text for a name that is not one)` });
    }
  }
}

/** @type {import('skillc').CatalogRule<Record<string, never>>} */
const xpkgLinks = {
  scope: 'catalog',
  meta: {
    id: 'xpkg-links',
    description:
      "Warns about a link from one package's Markdown into another package's references/ file that the other package's SKILL.md does not itself name (`references/<file>`), as validate.py's xpkg-links does.",
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
  },
  check({ catalog, report }) {
    const pkgs = packages(catalog).filter((p) => !p.s.readProblem);
    const owner = (abs) => pkgs.find((p) => abs.startsWith(p.s.dir + path.sep));
    for (const p of pkgs) {
      const files = [{ rel: 'SKILL.md', links: p.s.links }];
      for (const f of p.s.bundled) if (f.kind === 'file' && f.relPath.endsWith('.md')) files.push({ rel: f.relPath, links: p.s.bundle.links(f.relPath) ?? [] });
      for (const { rel, links } of files) {
        for (const link of links) {
          const url = (link.url ?? '').split('#')[0];
          if (!url || /^[a-z][a-z0-9+.-]*:|^\//i.test(url)) continue;
          let target;
          try {
            target = decodeURI(url);
          } catch {
            continue; // a malformed escape: links/broken's business
          }
          const abs = path.resolve(path.dirname(path.join(p.s.dir, rel)), target);
          const q = owner(abs);
          if (!q || q === p) continue;
          const inner = path.relative(q.s.dir, abs).split(path.sep).join('/');
          if (!inner.startsWith('references/')) continue;
          if (full(q.s).file.text.includes(inner)) continue;
          report(p.s, {
            file: path.join(p.s.dir, rel),
            range: link.range,
            message: `Unexpected link into ${q.s.dirName}'s ${inner}, which ${q.s.dirName}/SKILL.md does not name, expected a file its own package points to`,
          });
        }
      }
    }
  },
};

export default { prefix: 'orchflows-py', rules: [xpkgLinks, tree, frontmatter, callGraph, loopLint, envelope, carriage, packCarriage, packSignature] };
