import type { AnyRule } from '../rule.js';
import duplicateName from './duplicate-name.js';
import requiresCycle from './requires-cycle.js';
import unknownReference from './unknown-reference.js';

/** The skills/ rules, in the order their docs list them. */
export const skillsRules: AnyRule[] = [duplicateName, unknownReference, requiresCycle];
