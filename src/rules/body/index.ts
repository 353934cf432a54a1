import type { AnyRule } from '../rule.js';

/** The body/ rules, in the order their docs list them. */
export const bodyRules: AnyRule[] = [];
