import type { AnyRule } from '../rule.js';
import encoding from './encoding.js';
import parse from './parse.js';
import tooLarge from './too-large.js';
import unreadable from './unreadable.js';

/** The file/ rules: problems reading a SKILL.md at all. */
export const fileRules: AnyRule[] = [unreadable, tooLarge, encoding, parse];
