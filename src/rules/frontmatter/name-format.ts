import { defineSkillRule } from '../rule.js';
import { field, show } from '../util.js';
import { cleanFrontmatter } from './shared.js';

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
    description: 'Reports a `name` that is not 1-64 lowercase letters, digits and single inner hyphens.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const f = field(skill, 'name');
    if (!f || typeof f.value !== 'string') return;
    const name = f.value;
    const max = Math.min(...hosts.map((h) => h.limits.nameMax));
    const problems: string[] = [];
    if (name.length === 0) problems.push('an empty name');
    else if (name.length > max) problems.push(`${name.length} characters`);
    if (name.length && !NAME_PATTERN.test(name)) problems.push(`\`${show(name)}\``);
    if (!problems.length) return;
    const message = `Unexpected ${problems.join(' and ')}, expected 1-${max} lowercase letters, digits and single inner hyphens`;
    const normalized = normalizeName(name);
    const fixable = normalized !== name && NAME_PATTERN.test(normalized) && normalized.length <= max && (f.style === 'plain' || f.style === 'single' || f.style === 'double');
    report(fixable ? { message, range: f.valueRange, fix: [{ range: f.valueOffsets, text: normalized }] } : { message, range: f.valueRange });
  },
);
