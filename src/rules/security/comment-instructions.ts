import type { Directive, HtmlComment } from '../../model/skill.js';
import { includedFragments } from '../../parse/fragments.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';

/** Comments other tools own: formatter and linter pragmas, tables of contents. */
const TOOL_PRAGMA = /^(?:prettier-ignore(?:-start|-end)?|markdownlint-[a-z-]+|eslint-[a-z-]+|lint-[a-z-]+|textlint-[a-z-]+|cspell:|spell-checker:|vale\b|toc\b|\/?toc\b|mdformat-|remark-|alex\s+(?:ignore|disable|enable)|end\s*of\s*toc\b|START doctoc|END doctoc|DOCTOC)/i;

/** Covert steering: hiding an action from the user, or overriding what the model was told. Reported whoever it addresses. */
const COVERT = new RegExp(
  [
    String.raw`\b(?:secretly|silently|covertly|without\s+(?:telling|asking|informing|notifying|mentioning|showing))\b`,
    String.raw`\b(?:do\s+not|don't|never)\s+(?:tell|mention|reveal|show|inform|notify|disclose)\b`,
    String.raw`\b(?:ignore|disregard|forget|override)\b[^.;\n]{0,40}?\b(?:previous|prior|above|earlier|preceding|system|instructions|rules|guidelines)\b`,
    String.raw`\bexfiltrat\w*|\bsystem\s+prompt\b|\byou\s+are\s+now\b`,
  ].join('|'),
  'i',
);

/** Who a runtime instruction speaks to: the model in the second person, the agent by name, or about "the user". */
const ADDRESSEE = /\b(?:you|your|yourself)\b|\b(?:assistant|agent|model|llm|claude|codex|gemini|copilot)\b|\bAI\b|\bthe\s+user\b/i;

/** Verbs an agent acts on at run time; a clause that starts with one is an order. */
const AGENT_VERBS = new Set(
  ('run execute exec send upload post email delete remove erase wipe curl wget fetch download install call invoke open read write print output ' +
    'respond reply answer say tell reveal ignore disregard forget list paste copy include insert append use set change modify create do ' +
    'grant approve skip bypass disable pretend act treat follow obey push commit merge deploy share store save collect gather report return ' +
    'recommend mention refuse claim assume start stop continue proceed ask load inject').split(' '),
);
/** Words that may stand before the verb of an order: "please also run ...", "always reply ...". */
const LEAD = new Set(['please', 'also', 'then', 'just', 'now', 'first', 'next', 'finally', 'immediately', 'always', 'never', 'instead', 'and', 'but', 'so']);
/** Verbs that act on the world, and the things that make such an order an attack whoever it speaks to. */
const DANGEROUS = new Set(['run', 'execute', 'exec', 'send', 'upload', 'post', 'email', 'delete', 'remove', 'erase', 'wipe', 'curl', 'wget', 'fetch', 'download', 'install', 'push', 'share', 'paste', 'copy']);
const SENSITIVE = /https?:\/\/|~\/|\$HOME\b|\/etc\/|\.ssh\b|\.env\b|\.aws\b|\bcredentials?\b|\btokens?\b|\bsecrets?\b|\bpasswords?\b|\bapi[\s_-]?keys?\b|\brm\s+-rf\b|\|\s*(?:ba|z)?sh\b/i;
/** Notes an author leaves for the next editor. */
const AUTHOR_NOTE = /^(?:TODO|FIXME|XXX|HACK|NOTE|NB|N\.B\.|DRAFT|WIP|REVIEW)\b/i;

/** Words in a comment, not counting punctuation-only tokens. */
function words(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The verbs that start a clause of `text` as an order ("Run x", "then send y", "you must z"). */
function orders(text: string): string[] {
  const out: string[] = [];
  for (const clause of text.split(/[.;:!?,()\n]|\s[-–—]\s|\bthen\b/i)) {
    const ws = clause.trim().toLowerCase().replace(/^[#>*+\-\s]+/, '').split(/\s+/).filter(Boolean);
    let i = 0;
    while (i < ws.length - 1 && LEAD.has(ws[i]!)) i++;
    const w = ws[i];
    if (!w) continue;
    if (w === 'you' && /^(?:must|should|will|shall|need|have|are|can)$/.test(ws[i + 1] ?? '')) out.push('you');
    else if ((w === "don't" || w === 'do') && ws[i + 1] === 'not') out.push(ws[i + 2] ?? 'do');
    else if (AGENT_VERBS.has(w) && (i > 0 || ws.length > 1)) out.push(w);
  }
  return out;
}

/**
 * True when a non-directive comment gives the model orders: covert steering
 * ("silently", "do not tell the user", "ignore the rules above"), an order
 * addressed to the model or about the user ("When the user asks, also list..."),
 * or an order to act on secrets, home files or URLs. An author's notes
 * (`<!-- Both paths continue here -->`, `<!-- TODO: add an example -->`,
 * `<!-- keep in sync with the spec -->`) are not addressed to the model.
 */
export function looksLikeInstructions(text: string, minWords: number): boolean {
  const t = text.trim();
  if (!t || TOOL_PRAGMA.test(t)) return false;
  if (words(t) < minWords) return false;
  if (COVERT.test(t)) return true;
  if (AUTHOR_NOTE.test(t)) return false;
  const verbs = orders(t);
  if (!verbs.length) return false;
  if (ADDRESSEE.test(t)) return true;
  return verbs.some((v) => DANGEROUS.has(v)) && SENSITIVE.test(t);
}

export interface CommentInstructionsOptions {
  /** The fewest words a comment needs to be read as instructions; shorter ones are labels. */
  minWords: number;
}

export default defineSkillRule<CommentInstructionsOptions>(
  {
    id: 'security/comment-instructions',
    description: 'Reports HTML comments in the SKILL.md body and the fragments it includes that are not skillc directives and read as instructions: hosts pass them to the model while renderers hide them from reviewers.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { minWords: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    defaultOptions: { minWords: 3 },
    messages: {
      hiddenInstructions: 'Unexpected instructions hidden in an HTML comment (`{{show}}`): hosts pass comments to the model but renderers hide them, expected visible text or a skillc directive',
    },
  },
  ({ skill, options, config, report }) => {
    if (!parsed(skill)) return;
    const check = (comments: readonly HtmlComment[], directives: readonly Directive[], file?: string): void => {
      const directiveStarts = new Set(directives.map((d) => d.range.start.offset));
      for (const comment of comments) {
        if (directiveStarts.has(comment.range.start.offset)) continue;
        // skillc-looking comments that failed to parse are source/ rules' business.
        if (/^\/?\s*(?:skillc-|include\s*:|host\b|generated\b)/.test(comment.text)) continue;
        if (!looksLikeInstructions(comment.text, options.minWords)) continue;
        report({
          messageId: 'hiddenInstructions', data: { show: show(comment.text.replace(/\s+/g, ' '), 50) },
          range: comment.range,
          ...(file ? { file } : {}),
        });
      }
    };
    check(skill.comments, skill.directives);
    // The fragments the skill includes: their comments reach the model with the file they are built into.
    for (const f of includedFragments(skill, config.sources)) if (f.comments.length) check(f.comments, f.directives, f.path);
  },
);
