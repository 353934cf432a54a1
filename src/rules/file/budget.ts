import type { BundledFile } from '../../model/skill.js';
import { LIMITS } from '../../parse/limits.js';
import { defineSkillRule } from '../rule.js';

/** Bytes of the bundled files a rule may read as text (regular files within the per-file limit). */
export function readableBytes(bundled: readonly BundledFile[]): number {
  let bytes = 0;
  for (const b of bundled) if (b.kind === 'file' && b.size <= LIMITS.maxBundledTextBytes) bytes += b.size;
  return bytes;
}

const mib = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MiB`;

export default defineSkillRule(
  {
    id: 'file/budget',
    description: "Reports a skill left unchecked by a budget: one whose bundled text is over the skill's budget, or one a lint run did not read because its budget of bytes or memory was spent.",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      bundle: `Unexpected {{size}} of bundled text files, expected at most ${mib(LIMITS.maxSkillTextBytes)} (rules read them until the skill's budget is spent; the rest are not checked)`,
    },
  },
  ({ skill, report }) => {
    if (skill.readProblem?.kind === 'budget') {
      report({ message: skill.readProblem.message });
      return;
    }
    const bytes = readableBytes(skill.bundled);
    if (bytes > LIMITS.maxSkillTextBytes) report({ messageId: 'bundle', data: { size: mib(bytes) } });
  },
);
