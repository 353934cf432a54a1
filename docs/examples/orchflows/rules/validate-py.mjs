// Checks of orchflows' tools/validate.py that skillc has no built-in rule for, as a
// skillc plugin: `"plugins": ["./rules/validate-py.mjs"]`. Plain ESM importing only
// Node built-ins. Each follows validate.py's behaviour as probed (see ../README.md).
import path from 'node:path';

const EDGE = /`(orch-[a-z0-9-]+)`/g;
/** Role profiles, not packages: they always resolve. */
const ROLES = new Set(['orch-planner', 'orch-worker']);

/** The parsed skill behind a catalog entry (summaries carry no text). */
const full = (s) => ('skill' in s && typeof s.skill === 'function' ? s.skill() : s);

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
      for (const m of text.matchAll(EDGE)) {
        const target = m[1];
        if (ROLES.has(target)) continue;
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
function bodyLines(skill) {
  return skill.file.text.slice(skill.bodyOffset).replace(/^\r?\n/, '').split('\n');
}

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

export default { prefix: 'orchflows-py', rules: [callGraph, loopLint, envelope] };
