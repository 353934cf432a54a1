import { defineCatalogRule } from '../rule.js';
import { byName, requiresOf, type RequiresEntry } from './shared.js';

/** Enough to show every cycle a real catalog has, without exponential work on a dense graph. */
const MAX_CYCLES = 100;
const MAX_STEPS = 100_000;

export default defineCatalogRule(
  {
    id: 'skills/requires-cycle',
    description: 'Reports a cycle of `skillc.requires` between skills.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ catalog, report }) => {
    const skills = byName(catalog.skills);
    const edges = new Map<string, { to: string; entry: RequiresEntry }[]>();
    for (const [name, skill] of skills) {
      const out: { to: string; entry: RequiresEntry }[] = [];
      for (const entry of requiresOf(skill)) {
        if (skills.has(entry.name) && !out.some((e) => e.to === entry.name)) out.push({ to: entry.name, entry });
      }
      edges.set(name, out);
    }
    const order = [...skills.keys()].sort();
    const rank = new Map(order.map((n, i) => [n, i]));
    let found = 0;
    let steps = 0;
    // Each elementary cycle is found once: from its smallest name, through larger names only.
    for (const start of order) {
      const path: string[] = [start];
      const on = new Set(path);
      const first: RequiresEntry[] = [];
      const visit = (node: string): void => {
        for (const { to, entry } of edges.get(node) ?? []) {
          if (found >= MAX_CYCLES || ++steps > MAX_STEPS) return;
          if (node === start) first.push(entry);
          if (to === start) {
            found++;
            report(skills.get(start)!, {
              message: `Unexpected cycle \`${[...path, start].join(' -> ')}\` in \`skillc.requires\`, expected requirements without a loop`,
              range: first[first.length - 1]!.range,
            });
          } else if (rank.get(to)! > rank.get(start)! && !on.has(to)) {
            path.push(to);
            on.add(to);
            visit(to);
            on.delete(to);
            path.pop();
          }
          if (node === start) first.pop();
        }
      };
      visit(start);
    }
  },
);
