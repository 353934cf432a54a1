import type { AnyRule } from '../rule.js';
import encoding from './encoding.js';
import parse from './parse.js';
import special from './special.js';
import tooLarge from './too-large.js';
import unreadable from './unreadable.js';
import budget from './budget.js';

/** The file/ rules: problems reading a SKILL.md at all, and entries of its folder that cannot be read safely. */
export const fileRules: AnyRule[] = [unreadable, tooLarge, encoding, parse, special, budget];
