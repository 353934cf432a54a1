import type { AnyRule } from '../rule.js';
import missing from './missing.js';
import nameFormat from './name-format.js';

/** The frontmatter/ rules. */
export const frontmatterRules: AnyRule[] = [missing, nameFormat];
