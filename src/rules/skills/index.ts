import type { AnyRule } from '../rule.js';
import callDepth from './call-depth.js';
import descriptionOverlap from './description-overlap.js';
import duplicateName from './duplicate-name.js';
import layer from './layer.js';
import listingBudget from './listing-budget.js';
import requiresCycle from './requires-cycle.js';
import unknownReference from './unknown-reference.js';
import unreachable from './unreachable.js';

/** The skills/ rules, in the order their docs list them. */
export const skillsRules: AnyRule[] = [duplicateName, unknownReference, requiresCycle, callDepth, layer, unreachable, listingBudget, descriptionOverlap];
