import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/field-type.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (extra: string) => `---\nname: my-skill\ndescription: Use when testing.\n${extra}\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('license: MIT\ncompatibility: Node 20\nallowed-tools: Bash(git add:*) Read Grep') } },
      { name: 'commas inside a tool pattern', files: { 'SKILL.md': skill('allowed-tools: Bash(git add, commit:*) Read') } },
      {
        name: 'claude fields of the right types',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('disable-model-invocation: true\nuser-invocable: false\ncontext: fork\neffort: high\npaths: [src/**, test/**]\nhooks: {}\narguments: [a, b]') },
      },
      {
        name: 'Claude Code reads comma-separated and listed tools, loose booleans, free-form metadata (issue 13)',
        hosts: ['claude'],
        files: {
          'SKILL.md': skill(
            'allowed-tools: Read, Grep, Bash(sh scripts/triage.sh:*)\ndisallowed-tools:\n  - Write\n  - Edit\nuser-invocable: yes\ndisable-model-invocation: "No"\nbackground: off\nmetadata:\n  version: 2\n  tags: [a, b]',
          ),
        },
      },
      { name: 'Claude Code: an empty description stands for the first paragraph', hosts: ['claude'], files: { 'SKILL.md': '---\nname: my-skill\ndescription:\n---\nUse when testing.\n' } },
      { name: 'Claude Code: allowed-tools as a YAML list', hosts: ['claude'], files: { 'SKILL.md': skill('allowed-tools:\n  - Read\n  - Bash(git add:*)') } },
      { name: 'Claude Code: booleans 1 and 0', hosts: ['claude'], files: { 'SKILL.md': skill('user-invocable: 1\ndisable-model-invocation: 0') } },
      { name: 'keys a host does not read are frontmatter/unknown-key', files: { 'SKILL.md': skill('disable-model-invocation: "yes"') } },
      { name: 'metadata is frontmatter/metadata-strings', files: { 'SKILL.md': skill('metadata: 3') } },
      { name: 'an empty name is frontmatter/name-missing', files: { 'SKILL.md': '---\nname:\ndescription:\n---\n' } },
      { name: 'skillc is checked by its own rules', files: { 'SKILL.md': skill('skillc: 3') } },
    ],
    invalid: [
      {
        name: 'host-only fields in skillc.<host> are checked against that host',
        hosts: ['agentskills'],
        files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\nskillc:\n  claude:\n    context: forks\n    effort: HIGH\n---\n' },
        errors: [
          { line: 6, column: 14, message: 'Unexpected `context: forks`, expected fork (in `skillc.claude`)' },
          { line: 7, column: 13, message: 'Unexpected `effort: HIGH`, expected one of low, medium, high, xhigh, max (in `skillc.claude`)' },
        ],
        output: '---\nname: my-skill\ndescription: Use when testing.\nskillc:\n  claude:\n    context: forks\n    effort: high\n---\n',
        afterFix: [{ line: 6, message: 'Unexpected `context: forks`, expected fork (in `skillc.claude`)' }],
      },
      {
        name: 'a quoted boolean, on a host that reads true/false only',
        hosts: ['cursor'],
        files: { 'SKILL.md': skill('disable-model-invocation: "false"') },
        errors: [{ line: 4, column: 27, endColumn: 34, message: 'Unexpected string `"false"` for `disable-model-invocation`, expected the boolean `false` (unquoted)' }],
        output: skill('disable-model-invocation: false'),
      },
      {
        name: 'yes/no words and numbers, on a host that reads true/false only',
        hosts: ['pi'],
        files: { 'SKILL.md': skill('disable-model-invocation: yes') },
        errors: [{ line: 4, column: 27, message: 'Unexpected string `yes` for `disable-model-invocation`, expected the boolean `true` (unquoted)' }],
        output: skill('disable-model-invocation: true'),
      },
      {
        name: 'a number for a boolean, on a host that reads true/false only',
        hosts: ['pi'],
        files: { 'SKILL.md': skill('disable-model-invocation: 1') },
        errors: [{ line: 4, column: 27, message: 'Unexpected number `1` for `disable-model-invocation`, expected `true` or `false`' }],
},
      {
        name: 'a number for a string is quoted as written',
        hosts: ['hermes'],
        files: { 'SKILL.md': skill('version: 1.10') },
        errors: [{ line: 4, column: 10, endColumn: 14, message: 'Unexpected number `1.10` for `version`, expected a string' }],
        output: skill('version: "1.10"'),
      },
      {
        name: 'tolerated shapes are warnings: argument-hint as a one-item list under Claude Code (quoted by the fix)',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('argument-hint: [issue-number]') },
        errors: [{ line: 4, column: 16, severity: 'warning', message: 'Unexpected list for `argument-hint`, expected a string' }],
        output: '---\nname: my-skill\ndescription: Use when testing.\nargument-hint: "[issue-number]"\n---\n# T\n',
      },
      {
        name: 'tolerated shapes are warnings: allowed-tools as a list under Copilot, which does not act on it',
        hosts: ['copilot'],
        files: { 'SKILL.md': skill('allowed-tools:\n  - Read\n  - Bash') },
        errors: [{ line: 5, severity: 'warning', message: 'Unexpected list for `allowed-tools`, expected a space-separated string of tools' }],
      },
      {
        name: 'a host that refuses the shape keeps it an error beside one that tolerates it',
        hosts: ['copilot', 'agentskills'],
        files: { 'SKILL.md': skill('allowed-tools:\n  - Read\n  - Bash') },
        errors: [{ line: 5, severity: 'error', message: 'Unexpected list for `allowed-tools`, expected a space-separated string of tools' }],
      },
      {
        name: 'a list for a string',
        files: { 'SKILL.md': skill('license: [MIT, Apache-2.0]') },
        errors: [{ line: 4, column: 10, message: 'Unexpected list for `license`, expected a string' }],
      },
      {
        name: 'non-string name and description',
        files: { 'SKILL.md': '---\nname: 2024\ndescription:\n  - a\n---\n' },
        errors: [
          { line: 2, column: 7, message: 'Unexpected number `2024` for `name`, expected a string' },
          { line: 4, column: 3, message: 'Unexpected list for `description`, expected a string' },
        ],
        output: '---\nname: "2024"\ndescription:\n  - a\n---\n',
        afterFix: [{ line: 4, message: 'Unexpected list for `description`, expected a string' }],
      },
      {
        name: 'an empty optional field',
        files: { 'SKILL.md': skill('license:') },
        errors: [{ line: 4, column: 1, endColumn: 8, message: 'Unexpected empty value for `license`, expected a string (or no `license` key)' }],
      },
      {
        name: 'a value outside the allowed set, fixed when only the case differs',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('context: Fork\nshell: zsh') },
        errors: [
          { line: 4, column: 10, message: 'Unexpected `context: Fork`, expected fork' },
          { line: 5, column: 8, message: 'Unexpected `shell: zsh`, expected one of bash, powershell' },
        ],
        output: skill('context: fork\nshell: zsh'),
        afterFix: [{ line: 5, message: 'Unexpected `shell: zsh`, expected one of bash, powershell' }],
      },
      {
        name: 'comma-separated allowed-tools',
        files: { 'SKILL.md': skill('allowed-tools: Read, Grep, Bash(git:*)') },
        errors: [{ line: 4, column: 16, message: 'Unexpected commas in `allowed-tools`, expected a space-separated string of tools (the spec splits on spaces, so `Read,` is not a tool)' }],
        output: skill('allowed-tools: Read Grep Bash(git:*)'),
      },
      {
        name: 'comma-separated allowed-tools with a pattern holding a space: no fix, it would split the pattern (issue 18)',
        files: { 'SKILL.md': skill('allowed-tools: Read, Grep, Bash(sh scripts/triage.sh:*)') },
        errors: [
          {
            line: 4,
            column: 16,
            message:
              'Unexpected commas in `allowed-tools`, expected a space-separated string of tools (the spec splits on spaces, so `Read,` is not a tool; and a pattern holding a space, such as `Bash(sh scripts/triage.sh:*)`, cannot be written space-separated)',
          },
        ],
      },
      {
        name: 'commas are reported for the spec host only when Claude Code is linted too',
        hosts: ['agentskills', 'claude'],
        files: { 'SKILL.md': skill('allowed-tools: Read, Grep') },
        errors: [{ line: 4, message: 'Unexpected commas in `allowed-tools`, expected a space-separated string of tools (the spec splits on spaces, so `Read,` is not a tool) (agentskills)' }],
        output: skill('allowed-tools: Read Grep'),
      },
      {
        name: 'Claude Code: metadata that is not a mapping is dropped',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('metadata: v2') },
        errors: [{ line: 4, column: 11, message: 'Unexpected string `v2` for `metadata`, expected a mapping (the value is ignored)' }],
      },
      {
        name: 'Claude Code: a word that is no boolean',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('user-invocable: maybe') },
        errors: [{ line: 4, column: 17, message: 'Unexpected string `maybe` for `user-invocable`, expected `true` or `false` (or yes/no/on/off)' }],
      },
      {
        name: 'comma-separated allowed-tools in a block scalar: no fix',
        files: { 'SKILL.md': skill('allowed-tools: >\n  Read, Grep') },
        errors: [{ line: 4, column: 16, message: /^Unexpected commas in `allowed-tools`/ }],
      },
      {
        name: 'allowed-tools as a flow list',
        files: { 'SKILL.md': skill('allowed-tools: [Read, Grep, "Bash(git:*)"]') },
        errors: [{ line: 4, column: 16, message: 'Unexpected list for `allowed-tools`, expected a space-separated string of tools' }],
        output: skill('allowed-tools: Read Grep Bash(git:*)'),
      },
      {
        name: 'allowed-tools as a block list: no fix',
        files: { 'SKILL.md': skill('allowed-tools:\n  - Read\n  - Grep') },
        errors: [{ line: 5, column: 3, message: /^Unexpected list for `allowed-tools`/ }],
      },
      {
        name: 'string-or-list and mapping fields',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('paths: [src, 3]\nhooks: on') },
        errors: [
          { line: 4, column: 8, message: 'Unexpected list with non-string items for `paths`, expected a string or a list of strings' },
          { line: 5, column: 8, message: 'Unexpected string `on` for `hooks`, expected a mapping' },
        ],
      },
    ],
  },
  { describe, it },
);
