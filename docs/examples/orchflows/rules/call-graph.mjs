// orchflows' call graph as validate.py reads it, as a skillc plugin:
// `"plugins": ["./rules/call-graph.mjs"]`. Plain ESM importing only Node built-ins.
// An edge is an exact backtick span `orch-…` anywhere in SKILL.md (frontmatter too).
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

export default { prefix: 'orchflows-graph', rules: [callGraph] };
