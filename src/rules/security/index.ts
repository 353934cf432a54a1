import type { AnyRule } from '../rule.js';
import dynamicCommand from './dynamic-command.js';
import hiddenUnicode from './hidden-unicode.js';
import secret from './secret.js';

/** The security/ rules, in the order their docs list them. */
export const securityRules: AnyRule[] = [hiddenUnicode, dynamicCommand, secret];
