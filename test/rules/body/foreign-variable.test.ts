import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/foreign-variable.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'host variables that skills do get', hosts: ['claude'], files: { 'SKILL.md': skill('Run `${CLAUDE_SKILL_DIR}/x.sh` on $ARGUMENTS in ${CLAUDE_PROJECT_DIR}.') } },
      { name: 'prompt-file variables shown as code, in a skill about prompt files', files: { 'SKILL.md': skill('In a `.prompt.md`, `${input:name}` asks for a value.\n\n```markdown\nRefactor ${selection} in ${file}.\n```'), 'references/prompts.md': '# Prompts\n\nUse `${workspaceFolder}` there.\n' } },
      { name: 'shell parameters are not prompt-file variables', files: { 'SKILL.md': skill('Set ${INPUT} and ${FILE_NAME} first.') } },
    ],
    invalid: [
      {
        name: 'Copilot prompt-file variables in a SKILL.md and a reference reach the agent as text (issue 27)',
        hosts: ['copilot'],
        files: {
          'SKILL.md': skill('Refactor ${selection} in ${file}, named ${input:component:Button}.'),
          'references/more.md': '# More\n\nAsk about ${input:target}.\n',
        },
        errors: [
          { line: 5, column: 10, severity: 'warning', messageId: 'foreign', data: { variable: '${selection}', what: 'VS Code prompt-file variables' } },
          { line: 5, column: 26, messageId: 'foreign', data: { variable: '${file}', what: 'VS Code prompt-file variables' } },
          { line: 5, column: 41, messageId: 'foreign', data: { variable: '${input:component:Button}', what: 'VS Code prompt-file variables' } },
          { file: 'references/more.md', line: 3, column: 11, messageId: 'foreign' },
        ],
      },
    ],
  },
  { describe, it },
);
