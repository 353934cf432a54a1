import type { AnyRule } from '../rule.js';

/** The security/ rules, in the order their docs list them. */
export const securityRules: AnyRule[] = [];
