import type { AnyRule } from '../rule.js';
import unusedSuppression from './unused-suppression.js';

/** The source/ rules: skillc's own directives. */
export const sourceRules: AnyRule[] = [unusedSuppression];
