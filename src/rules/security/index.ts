import type { AnyRule } from '../rule.js';
import commentInstructions from './comment-instructions.js';
import dynamicCommand from './dynamic-command.js';
import dynamicCommandTools from './dynamic-command-tools.js';
import encodedPayload from './encoded-payload.js';
import hiddenUnicode from './hidden-unicode.js';
import pipeToShell from './pipe-to-shell.js';
import promptInjection from './prompt-injection.js';
import secret from './secret.js';

/** The security/ rules, in the order their docs list them. */
export const securityRules: AnyRule[] = [hiddenUnicode, dynamicCommand, dynamicCommandTools, secret, commentInstructions, encodedPayload, promptInjection, pipeToShell];
