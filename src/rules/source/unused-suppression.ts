import { defineSkillRule } from '../rule.js';

/**
 * Reported by the lint engine after every rule has run (src/lint/suppressions.ts):
 * only then is it known which suppressions were used. This module carries the
 * rule's metadata so it can be configured, documented and listed.
 */
export default defineSkillRule(
  {
    id: 'source/unused-suppression',
    description: 'Reports a skillc-disable directive that suppressed nothing, or names an unknown rule.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
  },
  () => undefined,
);
