import type { AnyRule } from '../rule.js';
import anchor from './anchor.js';
import backslash from './backslash.js';
import broken from './broken.js';
import depth from './depth.js';
import escape from './escape.js';
import missingFile from './missing-file.js';
import unreferencedFile from './unreferenced-file.js';
import noSymlinks from './no-symlinks.js';

/** The links/ rules, in the order their docs list them. */
export const linksRules: AnyRule[] = [broken, missingFile, anchor, escape, depth, backslash, unreferencedFile, noSymlinks];
