import type { AnyRule } from '../rule.js';
import generatedRegion from './generated-region.js';
import hostBlock from './host-block.js';
import includeCycle from './include-cycle.js';
import includeMissing from './include-missing.js';
import skillcBlock from './skillc-block.js';
import unusedSuppression from './unused-suppression.js';

/** The source/ rules: skillc's own directives. */
export const sourceRules: AnyRule[] = [skillcBlock, includeMissing, includeCycle, hostBlock, generatedRegion, unusedSuppression];
