import { defineSkillRule } from '../rule.js';
import { field } from '../../model/queries.js';
import { show } from '../util.js';
import { cleanFrontmatter, enforcedBy, enforcedNote, type Enforced } from './shared.js';

/** The spec's name: 1-64 of a-z and 0-9, hyphens only between them, never doubled. */
export const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A spec-valid spelling of `name`, when the intent is clear (case, `_`, spaces, stray hyphens). */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export default defineSkillRule(
  {
    id: 'frontmatter/name-format',
    description: 'Reports a `name` that is not 1-64 lowercase letters, digits and single inner hyphens: an error for hosts that refuse the skill, a warning for hosts that only advise it, nothing for hosts whose `name` is free text.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      format: 'Unexpected {{problems}}, expected 1-{{max}} lowercase letters, digits and single inner hyphens{{note}}',
    },
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const f = field(skill, 'name');
    if (!f || typeof f.value !== 'string') return;
    const name = f.value;
    // Each host's own rule: the format (facts.name) and the length cap (facts.nameLength, else facts.name),
    // an error where the host refuses the skill, a warning where it only advises (pi), nothing where the
    // name is free text (OpenCode's display name, Gemini CLI).
    // An empty name where the host falls back to the folder name (Claude Code) breaks nothing there.
    const judging = name.length === 0 ? hosts.filter((h) => !h.fields.name?.emptyMeansDefault) : hosts;
    const format = name.length === 0 || !NAME_PATTERN.test(name) ? enforcedBy(judging, 'name') : undefined;
    const over = hosts.filter((h) => name.length > h.limits.nameMax);
    const length = over.length ? enforcedBy(over, 'nameLength', 'name') : undefined;
    const worst: Enforced | undefined = [format, length].find((e) => e?.severity === 'error') ?? format ?? length;
    if (!worst) return;
    const capped = [...(format?.hosts ?? []), ...(length?.hosts ?? [])].map((h) => h.limits.nameMax).filter(Number.isFinite);
    const max = capped.length ? Math.min(...capped) : 64;
    const problems: string[] = [];
    if (name.length === 0) problems.push('an empty name');
    else if (length) problems.push(`${name.length} characters`);
    if (name.length && format) problems.push(`\`${show(name)}\``);
    if (!problems.length) return;
    const data = { problems: problems.join(' and '), max, note: enforcedNote(worst, hosts) };
    const normalized = normalizeName(name);
    const fixable = normalized !== name && NAME_PATTERN.test(normalized) && normalized.length <= max && (f.style === 'plain' || f.style === 'single' || f.style === 'double');
    const severity = worst.severity;
    report(fixable ? { messageId: 'format', data, range: f.valueRange, severity, fix: [{ range: f.valueOffsets, text: normalized }] } : { messageId: 'format', data, range: f.valueRange, severity });
  },
);
