#!/usr/bin/env node
// Writes docs/rules/README.md, the index of every rule, from the rule metadata.
// `node scripts/rules-index.mjs --check` exits 1 when the index is out of date (the docs test runs the same check).
import fs from 'node:fs';
import { BUILTIN_RULES } from '../dist/rules/index.js';

export function rulesIndex() {
  const groups = new Map();
  for (const r of BUILTIN_RULES) {
    const g = r.meta.id.split('/')[0];
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(r);
  }
  const lines = ['# Rules', '', 'Every built-in rule, by group. `skillc rules` prints this list; `skillc explain <rule-id>` prints one page.', '', 'Severity is the default; set `"off"`, `"warn"` or `"error"` (or `[severity, options]`) under `rules` in `skillc.config.json`.', ''];
  for (const [group, rules] of groups) {
    lines.push(`## ${group}/`, '', '| rule | severity | fixable | what it reports |', '| --- | --- | --- | --- |');
    for (const r of rules) lines.push(`| [\`${r.meta.id}\`](${r.meta.id}.md) | ${r.meta.recommended === false ? 'off' : r.meta.severity} | ${r.meta.fixable ? 'yes' : ''} | ${r.meta.description.replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  return lines.join('\n');
}

const file = new URL('../docs/rules/README.md', import.meta.url);
const text = rulesIndex();
if (process.argv.includes('--check')) {
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
    console.error('docs/rules/README.md is out of date: run `node scripts/rules-index.mjs`');
    process.exit(1);
  }
} else {
  fs.writeFileSync(file, text);
}
