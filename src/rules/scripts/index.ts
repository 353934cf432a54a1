import type { AnyRule } from '../rule.js';

/** The scripts/ rules, in the order their docs list them. */
export const scriptsRules: AnyRule[] = [];
