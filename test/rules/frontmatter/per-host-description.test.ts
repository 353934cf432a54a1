import { describe, it } from 'vitest';
import length from '../../../src/rules/frontmatter/description-length.js';
import missing from '../../../src/rules/frontmatter/description-missing.js';
import prefix from '../../../src/rules/frontmatter/description-prefix.js';
import trigger from '../../../src/rules/frontmatter/description-trigger.js';
import words from '../../../src/rules/frontmatter/description-words.js';
import xml from '../../../src/rules/frontmatter/description-xml.js';
import { testRule } from '../../../src/testing/rule-tester.js';

// A source may give one host a description of its own (`skillc.<host>.description`): each description rule
// checks the text each linted host will see, against that host, and reports at the per-host value (line 6).
const skill = (top: string, host: string, own: string) => `---\nname: my-skill\ndescription: ${top}\nskillc:\n  ${host}:\n    description: ${own}\n---\n# T\n`;
const OK = 'Use when testing per-host descriptions.';
const long = (n: number) => `Use when testing. ${'x'.repeat(n - 18)}`;

describe('per-host descriptions', () => {
  testRule(
    length,
    {
      valid: [
        { name: 'both fine', hosts: ['claude', 'codex'], files: { 'SKILL.md': skill(OK, 'codex', 'Use when testing with the taskflow_* tools.') } },
        { name: 'a long description for the host without a cap (Claude Code), the others get the short one', hosts: ['claude', 'codex', 'agentskills'], files: { 'SKILL.md': skill(OK, 'claude', long(1500)) } },
        { name: 'a long top-level description no linted host sees', hosts: ['codex'], files: { 'SKILL.md': skill(long(1500), 'codex', OK) } },
        { name: 'a per-host value for a host not linted', hosts: ['claude'], files: { 'SKILL.md': skill(OK, 'codex', long(1100)) } },
      ],
      invalid: [
        {
          name: "over its host's limit, at the per-host value",
          hosts: ['claude', 'codex'],
          files: { 'SKILL.md': skill(OK, 'codex', long(1100)) },
          errors: [{ line: 6, column: 18, severity: 'error', message: 'Unexpected description of 1100 characters in `skillc.codex`, expected at most 1024 (the limit of codex)' }],
        },
        {
          name: 'pi warns, so a warning',
          hosts: ['pi'],
          files: { 'SKILL.md': skill(OK, 'pi', long(1100)) },
          errors: [{ line: 6, severity: 'warning', message: /^Unexpected description of 1100 characters in `skillc.pi`, expected at most 1024/ }],
        },
        {
          name: 'the top-level one, for the hosts that see it',
          hosts: ['claude', 'codex'],
          files: { 'SKILL.md': skill(long(1100), 'claude', OK) },
          errors: [{ line: 3, column: 14, message: 'Unexpected description of 1100 characters, expected at most 1024 (the limit of codex)' }],
        },
        {
          name: 'a house limit for one host applies to its own description',
          hosts: ['claude', 'codex'],
          options: { hosts: { claude: 100 } },
          files: { 'SKILL.md': skill(OK, 'claude', long(150)) },
          errors: [{ line: 6, message: 'Unexpected description of 150 characters in `skillc.claude`, expected at most 100 (the house limit for claude)' }],
        },
      ],
    },
    { describe, it },
  );

  const noTop = (host: string, own: string) => `---\nname: my-skill\nskillc:\n  ${host}:\n    description: ${own}\n---\n# T\n`;
  testRule(
    missing,
    {
      valid: [{ name: 'no top-level description, but each linted host has its own', hosts: ['codex'], files: { 'SKILL.md': noTop('codex', OK) } }],
      invalid: [
        {
          name: 'a linted host without its own gets none',
          hosts: ['codex', 'agentskills'],
          files: { 'SKILL.md': noTop('codex', OK) },
          errors: [{ line: 1, message: /^Unexpected frontmatter without `description`.*\(agentskills requires it/ }],
        },
      ],
    },
    { describe, it },
  );

  testRule(
    trigger,
    {
      valid: [
        { name: 'both say when', hosts: ['claude', 'codex'], files: { 'SKILL.md': skill(OK, 'codex', 'Use when testing with the taskflow_* tools.') } },
        { name: 'the top-level one without a trigger is seen by no linted host', hosts: ['codex'], files: { 'SKILL.md': skill('Tests things.', 'codex', OK) } },
      ],
      invalid: [
        {
          name: 'a per-host one without a trigger',
          hosts: ['claude', 'codex'],
          files: { 'SKILL.md': skill(OK, 'codex', 'Taskflow for Codex.') },
          errors: [{ line: 6, column: 18, message: /^Unexpected description in `skillc.codex` without a trigger/ }],
        },
      ],
    },
    { describe, it },
  );

  testRule(
    xml,
    {
      valid: [
        { name: 'the upload host gets the plain one; Claude Code allows a tag in a code span', hosts: ['claude', 'claude-upload'], files: { 'SKILL.md': skill(OK, 'claude', '"Use when writing `<Activity>` components."') } },
      ],
      invalid: [
        {
          name: 'an angle bracket in the upload host\'s own description',
          hosts: ['claude', 'claude-upload'],
          files: { 'SKILL.md': skill(OK, 'claude-upload', '"Use when writing `<Activity>` components."') },
          errors: [{ line: 6, message: /^Unexpected tag `<Activity>` in the description in `skillc.claude-upload` \(2 angle brackets\).*claude-upload refuses the skill/ }],
        },
        {
          name: 'a lone tag in a per-host one, fixed there',
          hosts: ['claude', 'codex'],
          files: { 'SKILL.md': skill(OK, 'codex', 'Use when the model emits <think> blocks.') },
          errors: [{ line: 6, severity: 'warning', message: /^Unexpected tag `<think>` in the description in `skillc.codex`, expected plain text/ }],
          output: skill(OK, 'codex', 'Use when the model emits `<think>` blocks.'),
        },
      ],
    },
    { describe, it },
  );

  testRule(
    prefix,
    {
      valid: [{ hosts: ['claude', 'codex'], options: { prefix: 'Use when' }, files: { 'SKILL.md': skill(OK, 'codex', 'Use when testing Codex.') } }],
      invalid: [
        {
          hosts: ['claude', 'codex'],
          options: { prefix: 'Use when' },
          files: { 'SKILL.md': skill(OK, 'codex', 'For Codex, use when testing.') },
          errors: [{ line: 6, message: 'Unexpected description in `skillc.codex` starting "For Codex, use when tes…", expected it to start with "Use when"' }],
        },
      ],
    },
    { describe, it },
  );

  testRule(
    words,
    {
      valid: [{ hosts: ['claude', 'codex'], options: { banned: ['simply'] }, files: { 'SKILL.md': skill(OK, 'codex', 'Use when testing Codex.') } }],
      invalid: [
        {
          hosts: ['claude', 'codex'],
          options: { banned: ['simply'] },
          files: { 'SKILL.md': skill(OK, 'codex', 'Use when you simply test Codex.') },
          errors: [{ line: 6, column: 31, message: 'Unexpected "simply" in the description in `skillc.codex`, expected none of the house style\'s banned words' }],
        },
      ],
    },
    { describe, it },
  );
});
