import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/description-xml.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (description: string) => `---\nname: my-skill\ndescription: ${description}\n---\n# T\n`;
const WHY = 'expected plain text, or the tag in backticks when it is meant literally (hosts list descriptions inside tags of their own, and a model may read this one as markup)';

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('Use when testing.') } },
      { name: 'comparisons and arrows', files: { 'SKILL.md': skill('Use when a < b or x -> y, or 3 > 2.') } },
      { name: 'generic type names are not tags (issue 27)', files: { 'SKILL.md': skill('Use when wiring IRecipient<TMessage> handlers or a List<string> of names.') } },
      { name: 'tags in the body are not the description', files: { 'SKILL.md': `${skill('Use when testing.')}<example>x</example>\n` } },
      { name: 'not a string', files: { 'SKILL.md': skill('[a]') } },
      {
        name: 'a tag in a code span is text where angle brackets are allowed (issue 13)',
        hosts: ['agentskills', 'claude', 'codex'],
        files: { 'SKILL.md': skill('"React 19 patterns: `<ViewTransition>`, `<Activity>` and `use()`. Use when upgrading a React app."') },
      },
      { name: 'a double-backtick code span', hosts: ['claude'], files: { 'SKILL.md': skill('"Use when a component renders ``<Suspense fallback={x}>``."') } },
      { name: 'an arrow is not a tag under Claude Code', hosts: ['claude'], files: { 'SKILL.md': skill('Check -> Gate -> Install -> Verify. Use when setting up.') } },
    ],
    invalid: [
      {
        name: 'a tag after a space beside a generic type is still a tag',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('Use when wiring IRecipient<TMessage> handlers, not <example> blocks.') },
        errors: [{ line: 3, message: `Unexpected tag \`<example>\` in the description, ${WHY}` }],
        output: skill('Use when wiring IRecipient<TMessage> handlers, not `<example>` blocks.'),
      },
      {
        name: 'a literal tag in prose (real phrasing): a warning, wrapped in a code span, every character kept',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('Use when getting clean output without <think>, or asking what M3 supports.') },
        errors: [{ line: 3, column: 52, endColumn: 59, message: `Unexpected tag \`<think>\` in the description, ${WHY}` }],
        output: skill('Use when getting clean output without `<think>`, or asking what M3 supports.'),
      },
      {
        name: 'placeholders in a path (real phrasing): each wrapped',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('Copies build-nav.py into <repo>/scripts/ from a /photos/share/<id> link. Use when bootstrapping.') },
        errors: [{ line: 3, column: 39, message: `Unexpected tag \`<repo>\` in the description (and 1 more), ${WHY}` }],
        output: skill('Copies build-nav.py into `<repo>`/scripts/ from a /photos/share/`<id>` link. Use when bootstrapping.'),
      },
      {
        name: 'a value that starts with a tag is quoted once wrapped',
        files: { 'SKILL.md': skill('<think> blocks are stripped. Use when asked.') },
        errors: [{ line: 3, column: 14, messageId: 'tag' }],
        output: skill('"`<think>` blocks are stripped. Use when asked."'),
      },
      {
        name: 'formatting tags are reported, never stripped',
        files: { 'SKILL.md': skill('Use <b>when</b> the user asks.') },
        errors: [{ line: 3, column: 18, endColumn: 21, message: `Unexpected tag \`<b>\` in the description (and 1 more), ${WHY}` }],
      },
      {
        name: 'strict: a house rule reports a tag in prose at the configured severity',
        options: { strict: true },
        files: { 'SKILL.md': skill('Use <b>when</b> the user asks.') },
        errors: [{ line: 3, column: 18, message: /^Unexpected tag `<b>`/ }],
      },
      {
        name: 'an example block: no fix',
        files: { 'SKILL.md': skill('"Use when asked. <example>user: fix it</example>"') },
        errors: [{ line: 3, column: 31, message: /^Unexpected tag `<example>` in the description \(and 1 more\)/ }],
      },
      {
        name: 'single-quoted, self-closing tag: no fix',
        files: { 'SKILL.md': skill("'Use when it''s asked.<br/>Then act.'") },
        errors: [{ line: 3, message: `Unexpected tag \`<br/>\` in the description, ${WHY}` }],
      },
      {
        name: 'block scalar: reported, not fixed',
        files: { 'SKILL.md': skill('>\n  Use when asked.\n  <instructions>Do it.</instructions>') },
        errors: [{ line: 5, column: 3, endColumn: 17, message: /`<instructions>`/ }],
      },
      {
        name: 'a claude.ai upload refuses any angle bracket, code spans included',
        hosts: ['claude-upload'],
        files: { 'SKILL.md': skill('"React 19: `<ViewTransition>`. Use when upgrading."') },
        errors: [{ line: 3, column: 26, message: 'Unexpected tag `<ViewTransition>` in the description (2 angle brackets), expected no `<` or `>` at all (claude-upload refuses the skill)' }],
      },
      {
        name: 'a claude.ai upload refuses an arrow',
        hosts: ['claude-upload', 'claude'],
        files: { 'SKILL.md': skill('Check -> Gate. Use when setting up.') },
        errors: [{ line: 3, column: 21, endColumn: 22, message: 'Unexpected `>` in the description (1 angle bracket), expected no `<` or `>` at all (claude-upload refuses the skill)' }],
      },
    ],
  },
  { describe, it },
);
