import type { AnyRule } from '../rule.js';

/** The skills/ rules, in the order their docs list them. */
export const skillsRules: AnyRule[] = [];
