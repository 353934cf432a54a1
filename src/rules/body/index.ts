import type { AnyRule } from '../rule.js';
import maxLines from './max-lines.js';
import maxTokens from './max-tokens.js';
import maxWords from './max-words.js';
import sectionEmpty from './section-empty.js';
import sectionOrder from './section-order.js';
import sectionRequired from './section-required.js';
import bannedSyntax from './banned-syntax.js';
import budget from './budget.js';
import lineAnchors from './line-anchors.js';
import placeholder from './placeholder.js';
import installPath from './install-path.js';
import foreignVariable from './foreign-variable.js';
import forkTask from './fork-task.js';
import unclosedFence from './unclosed-fence.js';
import argumentSubstitution from './argument-substitution.js';

/** The body/ rules, in the order their docs list them. */
export const bodyRules: AnyRule[] = [maxLines, maxTokens, maxWords, sectionRequired, sectionOrder, sectionEmpty, budget, lineAnchors, bannedSyntax, placeholder, installPath, foreignVariable, forkTask, unclosedFence, argumentSubstitution];
