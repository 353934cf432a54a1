import type { AnyRule } from '../rule.js';

/** The links/ rules, in the order their docs list them. */
export const linksRules: AnyRule[] = [];
