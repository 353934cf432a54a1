import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/description-trigger.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (description: string, extra = '') => `---\nname: my-skill\ndescription: ${description}\n${extra}---\n# T\n`;
const MESSAGE = 'Unexpected description without a trigger, expected when to use the skill, e.g. "Use when the user asks for ..." (models pick skills by their description)';

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('Drafts release notes. Use when the user asks for release notes.') } },
      { files: { 'SKILL.md': skill('Drafts release notes. Use this skill whenever a tag is pushed.') } },
      { files: { 'SKILL.md': skill('Use for PDF forms and extraction.') } },
      { files: { 'SKILL.md': skill('Fills PDF forms when the user uploads one.') } },
      { files: { 'SKILL.md': skill('Fills PDF forms. Triggers on "fill this form".') } },
      { files: { 'SKILL.md': skill('Fills PDF forms; triggered when a PDF is attached.') } },
      { files: { 'SKILL.md': skill('Fills PDF forms. Invoke when a form must be filled.') } },
      { files: { 'SKILL.md': skill('Fills PDF forms. Use only when asked.') } },
      { files: { 'SKILL.md': skill('>\n  Fills PDF forms. Use\n  when asked.') } },
      { name: 'an extra phrase from the options', options: { phrases: ['Applicable to'] }, files: { 'SKILL.md': skill('Applicable to PDF forms.') } },
      { name: 'when_to_use, for hosts that all read it', hosts: ['claude'], files: { 'SKILL.md': skill('Fills PDF forms.', 'when_to_use: A PDF form is attached.\n') } },
      { name: 'empty is frontmatter/description-length', files: { 'SKILL.md': skill('""') } },
    ],
    invalid: [
      {
        name: 'what, never when',
        files: { 'SKILL.md': skill('Fills PDF forms.') },
        errors: [{ line: 3, column: 14, endColumn: 30, message: MESSAGE }],
      },
      {
        name: '"user" alone is not a trigger',
        files: { 'SKILL.md': skill('Helps the user with PDF forms.') },
        errors: [{ line: 3, message: MESSAGE }],
      },
      {
        name: 'when_to_use counts only when every linted host reads it',
        hosts: ['agentskills', 'claude'],
        files: { 'SKILL.md': skill('Fills PDF forms.', 'when_to_use: A PDF form is attached.\n') },
        errors: [{ line: 3, message: MESSAGE }],
      },
      {
        name: 'phrases from the options add, not replace',
        options: { phrases: ['applicable to'] },
        files: { 'SKILL.md': skill('Not applicable-tooling.') },
        errors: [{ line: 3, message: MESSAGE }],
      },
    ],
  },
  { describe, it },
);
