import { getHost } from '../../hosts/index.js';
import type { FieldSpec, HostProfile } from '../../hosts/profile.js';
import type { TextEdit } from '../../model/diagnostic.js';
import type { FrontmatterField, Skill } from '../../model/skill.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { cleanFrontmatter, describeField, hostIds, isStringMap, rewriteScalar, singleLineScalar, valueSource } from './shared.js';

/** The compile-time block; its own rules check it. */
const SOURCE_KEY = 'skillc';

const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { true: true, false: false, yes: true, no: false, on: true, off: false };

interface Problem {
  message: string;
  fix?: TextEdit[];
  severity?: 'warning';
}

function replaceWith(skill: Skill, f: FrontmatterField, text: string | undefined): TextEdit[] | undefined {
  return text !== undefined && singleLineScalar(skill, f) ? [{ range: f.valueOffsets, text }] : undefined;
}

function withFix(message: string, fix: TextEdit[] | undefined): Problem {
  return fix ? { message, fix } : { message };
}

/** Commas outside parentheses: `Read, Grep` (but not `Bash(git add, commit)`). */
function topLevelCommas(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) return true;
  }
  return false;
}

function checkString(skill: Skill, f: FrontmatterField, spec: FieldSpec): Problem | undefined {
  const v = f.value;
  if (typeof v === 'string') {
    if (!spec.values || spec.values.includes(v)) return undefined;
    const match = spec.values.filter((x) => x.toLowerCase() === v.trim().toLowerCase());
    const message = `Unexpected \`${f.key}: ${v}\`, expected ${spec.values.length === 1 ? '' : 'one of '}${spec.values.join(', ')}`;
    return withFix(message, match.length === 1 ? replaceWith(skill, f, rewriteScalar(f.style, match[0]!)) : undefined);
  }
  const expected = spec.values ? spec.values.join(', ') : 'a string';
  const message = `Unexpected ${describeField(skill, f)} for \`${f.key}\`, expected ${expected}`;
  // `argument-hint: [issue]` means the text "[issue]": quote the one-line list as written.
  if (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' && f.style === 'flow' && !spec.values && f.valueRange.start.line === f.valueRange.end.line) {
    const text = rewriteScalar('double', valueSource(skill, f));
    return withFix(message, text === undefined ? undefined : [{ range: f.valueOffsets, text }]);
  }
  // `version: 1.0` means the text "1.0": quote it as written.
  if ((typeof v === 'number' || typeof v === 'boolean') && f.style === 'plain' && !spec.values) {
    const source = valueSource(skill, f);
    return withFix(message, replaceWith(skill, f, rewriteScalar('double', source)));
  }
  return { message };
}

/** Words a loose host reads as booleans (Claude Code: any case, quoted or not). */
const LOOSE_WORDS = new Set(['true', 'false', 'yes', 'no', 'on', 'off', '1', '0']);

function checkBoolean(skill: Skill, f: FrontmatterField, spec: FieldSpec): Problem | undefined {
  const v = f.value;
  if (typeof v === 'boolean') return undefined;
  if (spec.looseBoolean && (typeof v === 'string' || typeof v === 'number') && LOOSE_WORDS.has(String(v).trim().toLowerCase())) return undefined;
  const expected = spec.looseBoolean ? '`true` or `false` (or yes/no/on/off)' : '`true` or `false`';
  const message = `Unexpected ${describeField(skill, f)} for \`${f.key}\`, expected ${expected}`;
  if (typeof v !== 'string') return { message };
  const word = BOOLEAN_WORDS[v.trim().toLowerCase()];
  if (word === undefined) return { message };
  // A quoted "false" is a non-empty string, which loose readers take as true.
  return withFix(`Unexpected ${describeField(skill, f)} for \`${f.key}\`, expected the boolean \`${word}\` (unquoted)`, replaceWith(skill, f, String(word)));
}

/** The top-level items of a comma- or space-separated tool string: `Bash(git add, commit)` stays one item. */
function toolItems(s: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || /\s/.test(ch))) {
      if (current.trim()) items.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) items.push(current.trim());
  return items;
}

/** True when an item holds whitespace (`Bash(sh scripts/x.sh:*)`): a space-separated reader would split it. */
const holdsSpace = (item: string): boolean => /\s/.test(item);

function checkToolList(skill: Skill, f: FrontmatterField, spec: FieldSpec): Problem | undefined {
  const v = f.value;
  const accepts = spec.accepts ?? {};
  const expected = accepts.list ? (accepts.commas ? 'a space- or comma-separated string of tools, or a list' : 'a space-separated string of tools, or a list') : 'a space-separated string of tools';
  if (typeof v === 'string') {
    if (accepts.commas || !topLevelCommas(v)) return undefined;
    const items = toolItems(v);
    // The fix only when every tool stays whole once split on spaces: `Bash(sh x.sh:*)` would not.
    const safe = !items.some(holdsSpace);
    const message = `Unexpected commas in \`${f.key}\`, expected ${expected} (the spec splits on spaces, so \`Read,\` is not a tool${safe ? '' : '; and a pattern holding a space, such as `' + items.find(holdsSpace)! + '`, cannot be written space-separated'})`;
    const problem = safe ? withFix(message, replaceWith(skill, f, rewriteScalar(f.style, items.join(' ')))) : { message };
    problem.severity = 'warning';
    return problem;
  }
  if (Array.isArray(v) && accepts.list && v.every((x) => typeof x === 'string')) return undefined;
  const message = `Unexpected ${describeField(skill, f)} for \`${f.key}\`, expected ${expected}`;
  if (Array.isArray(v) && f.style === 'flow' && f.valueRange.start.line === f.valueRange.end.line) {
    const items = v.filter((x): x is string => typeof x === 'string' && x.trim() !== '' && !/\s/.test(x));
    if (items.length && items.length === v.length) {
      const text = rewriteScalar('plain', items.join(' '));
      if (text !== undefined) return { message, fix: [{ range: f.valueOffsets, text }] };
    }
  }
  return { message };
}

function check(skill: Skill, f: FrontmatterField, spec: FieldSpec): Problem | undefined {
  const v = f.value;
  // An empty required field belongs to its `*-missing` rule.
  if ((v === null || v === undefined) && (spec.required || spec.emptyMeansDefault)) return undefined;
  if (v === null || v === undefined) {
    return { message: `Unexpected empty value for \`${f.key}\`, expected ${expectedOf(spec)} (or no \`${f.key}\` key)` };
  }
  switch (spec.type) {
    case 'string':
      return checkString(skill, f, spec);
    case 'boolean':
      return checkBoolean(skill, f, spec);
    case 'number':
      return typeof v === 'number' ? undefined : { message: `Unexpected ${describeField(skill, f)} for \`${f.key}\`, expected a number` };
    case 'mapping':
      if (isStringMap(v)) return undefined;
      // A host that drops a bad value (Claude Code's `metadata`) loses it silently: a warning.
      return spec.onInvalid === 'ignores'
        ? { message: `Unexpected ${describeField(skill, f)} for \`${f.key}\`, expected a mapping (the value is ignored)`, severity: 'warning' }
        : { message: `Unexpected ${describeField(skill, f)} for \`${f.key}\`, expected a mapping` };
    case 'tool-list':
      return checkToolList(skill, f, spec);
    case 'string-or-list':
      if (typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))) return undefined;
      return { message: `Unexpected ${Array.isArray(v) ? 'list with non-string items' : describeField(skill, f)} for \`${f.key}\`, expected a string or a list of strings` };
    default:
      // 'string-map' is `frontmatter/metadata-strings`'s; 'any' takes anything.
      return undefined;
  }
}

/** `check`, milder where the host drops a value of the wrong shape instead of refusing the skill (`onInvalid: 'ignores'`). */
function checkFor(skill: Skill, f: FrontmatterField, spec: FieldSpec): Problem | undefined {
  const problem = check(skill, f, spec);
  if (problem && spec.onInvalid === 'ignores') problem.severity = 'warning';
  return problem;
}

function expectedOf(spec: FieldSpec): string {
  switch (spec.type) {
    case 'boolean': return '`true` or `false`';
    case 'number': return 'a number';
    case 'mapping': return 'a mapping';
    case 'tool-list': return spec.accepts?.list ? 'a string of tools or a list' : 'a space-separated string of tools';
    case 'string-or-list': return 'a string or a list of strings';
    default: return spec.values ? spec.values.join(', ') : 'a string';
  }
}

export default defineSkillRule(
  {
    id: 'frontmatter/field-type',
    description: "Reports a frontmatter value whose type does not match what a linted host reads: quoted booleans, numbers or lists for strings, `allowed-tools` written in a form the host does not split, values outside a field's allowed set.",
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      inHostBlock: '{{message}} (in `skillc.{{id}}`)',
    },
  },
  ({ skill, hosts, config, report }) => {
    const fm = cleanFrontmatter(skill);
    if (!fm) return;
    for (const f of fm.fields) {
      if (f.key === SOURCE_KEY) continue;
      const readers = hosts.filter((h) => Object.prototype.hasOwnProperty.call(h.fields, f.key));
      const byMessage = new Map<string, { problem: Problem; hosts: HostProfile[] }>();
      for (const host of readers) {
        const problem = checkFor(skill, f, host.fields[f.key]!);
        if (!problem) continue;
        const entry = byMessage.get(problem.message) ?? { problem: { ...problem }, hosts: [] };
        // A warning only when every host with this finding merely drops the value.
        if (!problem.severity) delete entry.problem.severity;
        entry.hosts.push(host);
        byMessage.set(problem.message, entry);
      }
      for (const { problem, hosts: complaining } of byMessage.values()) {
        // Name the hosts only when the hosts reading this key disagree.
        const message = complaining.length === readers.length ? problem.message : `${problem.message} (${hostIds(complaining)})`;
        const input: ReportInput = { message, range: f.valueRange };
        if (f.value === null || f.value === undefined) input.range = f.keyRange;
        if (problem.fix) input.fix = problem.fix;
        if (problem.severity) input.severity = problem.severity;
        report(input);
      }
    }
    // Host-only fields in `skillc.<host>` reach that host as written: check them against its profile.
    const block = fm.fields.find((f) => f.key === SOURCE_KEY);
    for (const hostBlock of block?.children ?? []) {
      const host = getHost(hostBlock.key, config.hostTable);
      if (!host) continue;
      for (const c of hostBlock.children ?? []) {
        const spec = host.fields[c.key];
        const problem = spec && checkFor(skill, c, spec);
        if (!problem) continue;
        const input: ReportInput = { messageId: 'inHostBlock', data: { message: problem.message, id: host.id }, range: c.value === null || c.value === undefined ? c.keyRange : c.valueRange };
        if (problem.fix) input.fix = problem.fix;
        if (problem.severity) input.severity = problem.severity;
        report(input);
      }
    }
  },
);
