import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/section-required.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const fm = (kind = 'workflow') => `---\nname: my-skill\ndescription: Use when testing.\nskillc:\n  kind: ${kind}\n---\n`;
const workflow = { sections: ['Inputs', 'Procedure', 'Output'] };
const closed = { sections: ['Inputs', 'Output'], optional: ['Notes'], closed: true };
const full = '# T\n\n## Inputs\n\nA.\n\n## Procedure\n\nB.\n\n## Output\n\nC.\n';

testRule(
  rule,
  {
    valid: [
      { name: 'every required section', files: { 'SKILL.md': fm() + full }, config: { kinds: { workflow } } },
      { name: 'no kind: nothing to check', files: { 'SKILL.md': '---\nname: my-skill\n---\n# T\n' }, config: { kinds: { workflow } } },
      { name: 'a kind the config does not define is another rule', files: { 'SKILL.md': fm('other') + '# T\n' }, config: { kinds: { workflow } } },
      { name: 'an inherited property name is not a kind', files: { 'SKILL.md': fm('constructor') + '# T\n' }, config: { kinds: { workflow } } },
      { name: 'open kinds allow other sections', files: { 'SKILL.md': fm() + full + '\n## Extra\n\nD.\n' }, config: { kinds: { workflow } } },
      { name: 'closed kinds allow optional sections', files: { 'SKILL.md': fm() + '## Inputs\n\nA.\n\n## Notes\n\nN.\n\n## Output\n\nC.\n\n### Detail\n\nD.\n' }, config: { kinds: { workflow: closed } } },
      { name: 'an odd schema is read defensively', files: { 'SKILL.md': fm() + '# T\n' }, config: { kinds: { workflow: { sections: 'Inputs' as never } } } },
    ],
    invalid: [
      {
        name: 'a missing section is reported at the kind',
        files: { 'SKILL.md': fm() + '# T\n\n## Inputs\n\nA.\n\n## Output\n\nC.\n' },
        config: { kinds: { workflow } },
        errors: [{ line: 5, column: 9, endLine: 5, endColumn: 17, message: 'Unexpected missing `## Procedure` section, expected by kind `workflow`' }],
      },
      {
        name: 'the text must match exactly, and a `###` heading does not count',
        files: { 'SKILL.md': fm() + '## inputs\n\nA.\n\n### Procedure\n\nB.\n\n## Output\n\nC.\n' },
        config: { kinds: { workflow } },
        errors: [
          { line: 5, column: 9, message: 'Unexpected missing `## Inputs` section, expected by kind `workflow` (found `## inputs`)' },
          { line: 5, column: 9, message: 'Unexpected missing `## Procedure` section, expected by kind `workflow`' },
        ],
      },
      {
        name: 'a closed kind reports other sections',
        files: { 'SKILL.md': fm() + '## Inputs\n\nA.\n\n## Extra\n\nE.\n\n## Output\n\nC.\n' },
        config: { kinds: { workflow: closed } },
        errors: [{ line: 11, column: 1, endLine: 11, endColumn: 9, message: 'Unexpected section `## Extra`, expected only `## Inputs`, `## Output`, `## Notes` for closed kind `workflow`' }],
      },
      {
        name: 'a flow-style kind',
        files: { 'SKILL.md': '---\nname: my-skill\nskillc: { kind: workflow }\n---\n## Inputs\n\nA.\n' },
        config: { kinds: { workflow: { sections: ['Inputs', 'Output'] } } },
        errors: [{ line: 3, column: 17, endColumn: 25, message: 'Unexpected missing `## Output` section, expected by kind `workflow`' }],
      },
    ],
  },
  { describe, it },
);
