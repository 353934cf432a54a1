import type { AnyRule } from '../rule.js';
import grepDash from './grep-dash.js';
import lineEndings from './line-endings.js';
import pipefail from './pipefail.js';
import syntax from './syntax.js';
import shellcheck from './shellcheck.js';

/** The scripts/ rules, in the order their docs list them. */
export const scriptsRules: AnyRule[] = [syntax, lineEndings, grepDash, pipefail, shellcheck];
