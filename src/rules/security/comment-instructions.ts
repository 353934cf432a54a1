import { defineSkillRule } from '../rule.js';
import { parsed, show } from '../util.js';

/** Comments other tools own: formatter and linter pragmas, tables of contents. */
const TOOL_PRAGMA = /^(?:prettier-ignore(?:-start|-end)?|markdownlint-[a-z-]+|eslint-[a-z-]+|lint-[a-z-]+|textlint-[a-z-]+|cspell:|spell-checker:|vale\b|toc\b|\/?toc\b|mdformat-|remark-|alex\s+(?:ignore|disable|enable)|end\s*of\s*toc\b|START doctoc|END doctoc|DOCTOC)/i;

/** Words addressed to an agent, or that steer it, rather than notes for a human editor. */
const STEERING = /\b(?:ignore|disregard|forget|override|pretend|secretly|silently|do not (?:tell|mention|reveal|show)|don't (?:tell|mention|reveal|show)|without (?:telling|asking|mentioning)|you (?:must|should|are|will|need)|assistant|system prompt|instructions?|exfiltrate|upload|send (?:the|all|every)|run|execute|curl|wget|delete|rm -rf|always|never)\b/i;

/** Words in a comment, not counting punctuation-only tokens. */
function words(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/**
 * True when a non-directive comment reads as instructions: it steers an agent,
 * or it is long prose. Short labels (`<!-- task:x -->`, `<!-- TODO -->`) are notes.
 */
export function looksLikeInstructions(text: string, minWords: number): boolean {
  const t = text.trim();
  if (!t || TOOL_PRAGMA.test(t)) return false;
  const n = words(t);
  if (n >= minWords) return true;
  return n >= 3 && STEERING.test(t);
}

export interface CommentInstructionsOptions {
  /** A comment with this many words is reported even without steering words. */
  minWords: number;
}

export default defineSkillRule<CommentInstructionsOptions>(
  {
    id: 'security/comment-instructions',
    description: 'Reports HTML comments in the SKILL.md body that are not skillc directives and read as instructions: hosts pass them to the model while renderers hide them from reviewers.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { minWords: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    defaultOptions: { minWords: 12 },
  },
  ({ skill, options, report }) => {
    if (!parsed(skill)) return;
    const directiveStarts = new Set(skill.directives.map((d) => d.range.start.offset));
    for (const comment of skill.comments) {
      if (directiveStarts.has(comment.range.start.offset)) continue;
      // skillc-looking comments that failed to parse are source/ rules' business.
      if (/^\/?\s*(?:skillc-|include\s*:|host\b|generated\b)/.test(comment.text)) continue;
      if (!looksLikeInstructions(comment.text, options.minWords)) continue;
      report({
        message: `Unexpected instructions hidden in an HTML comment (\`${show(comment.text.replace(/\s+/g, ' '), 50)}\`): hosts pass comments to the model but renderers hide them, expected visible text or a skillc directive`,
        range: comment.range,
      });
    }
  },
);
