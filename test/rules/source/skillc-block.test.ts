import { describe, it } from 'vitest';
import rule from '../../../src/rules/source/skillc-block.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (block: string) => `---\nname: my-skill\ndescription: Use when testing.\nskillc:\n${block}---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'a description of its own for one host, said explicitly', files: { 'SKILL.md': skill('  codex: { description: Use when testing with the taskflow_* MCP tools. }\n') } },
      { name: 'no block', files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\n---\n' } },
      {
        name: 'files: a companion for one host, shipped under another name (hermes-taskflow\'s commands.pi.md)',
        files: { 'SKILL.md': skill('  files:\n    commands.pi.md: { hosts: [pi], as: commands.md }\n    references/notes.md: { as: notes.md }\n'), 'commands.pi.md': '# C\n', 'references/notes.md': '# N\n' },
      },
      {
        name: 'every key well-formed',
        hosts: ['claude', 'codex'],
        config: { hosts: ['claude', 'codex'], kinds: { workflow: { sections: ['Procedure'] } } },
        files: {
          'SKILL.md': skill(
            [
              '  invocation: manual',
              '  targets: [claude, codex]',
              '  kind: workflow',
              '  requires: [changelog-style]',
              '  artifacts:',
              '    notes.md: { sections: [summary, contributors], ordered: true }',
              '  effects: [email.send, http.post]',
              '  claude: { context: fork, argument-hint: "[version]" }',
              '  codex: { interface: { display_name: Release notes } }',
              '',
            ].join('\n'),
          ),
        },
      },
    ],
    invalid: [
      {
        name: 'files: a missing file, an unknown key, an unknown host, a path out of the skill',
        files: { 'SKILL.md': skill('  files:\n    nope.md: { hosts: [pi] }\n    commands.md: { hosts: [pie], to: x.md, as: ../x.md }\n'), 'commands.md': '# C\n' },
        errors: [
          { line: 6, message: 'Unexpected `skillc.files` entry `nope.md`, expected the path of a file in the skill folder' },
          { line: 7, message: 'Unexpected `pie` in `skillc.files.commands.md.hosts`, expected one of agentskills, claude, claude-upload, codex, opencode, gemini, copilot, cursor, pi, hermes' },
          { line: 7, message: 'Unexpected key `to` in `skillc.files.commands.md`, expected hosts or as' },
          { line: 7, message: 'Unexpected string `../x.md` for `skillc.files.commands.md.as`, expected a path inside the skill folder (relative, no `..`)' },
        ],
      },
      {
        name: 'files: not a mapping, and an entry that is not one',
        files: { 'SKILL.md': skill('  files: [commands.md]\n') },
        errors: [{ line: 5, message: 'Unexpected a list for `skillc.files`, expected a mapping of bundled file paths to `{ hosts, as }`' }],
      },
      {
        name: 'not a mapping',
        files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\nskillc: yes\n---\n' },
        errors: [{ line: 4, column: 9, message: 'Unexpected string `yes` for `skillc`, expected a mapping of compile-time keys' }],
      },
      {
        name: 'unknown key and bad invocation',
        files: { 'SKILL.md': skill('  invocation: sometimes\n  colour: red\n') },
        errors: [
          { line: 5, column: 15, message: 'Unexpected string `sometimes` for `skillc.invocation`, expected `auto` or `manual`' },
          { line: 6, column: 3, message: /^Unexpected key `skillc.colour`, expected one of invocation, targets/ },
        ],
      },
      {
        name: 'unknown target host',
        files: { 'SKILL.md': skill('  targets: [claude, emacs]\n') },
        errors: [{ line: 5, column: 12, message: /^Unexpected unknown host `emacs` in `skillc.targets`/ }],
      },
      {
        name: 'unsafe artifact names and bad sections',
        files: { 'SKILL.md': skill('  artifacts:\n    ../notes.md: { sections: [a] }\n    out/x.md: {}\n    ok.md: { sections: summary }\n') },
        errors: [
          { line: 6, column: 5, message: /^Unexpected artifact name `..\/notes.md`, expected a plain file name/ },
          { line: 7, column: 5, message: /^Unexpected artifact name `out\/x.md`/ },
          { line: 8, column: 24, message: 'Unexpected string `summary` for the sections of `ok.md`, expected a list of `##` heading texts' },
        ],
      },
      {
        name: 'unknown kind when the config has kinds',
        config: { kinds: { workflow: {} } },
        files: { 'SKILL.md': skill('  kind: wrokflow\n') },
        errors: [{ line: 5, column: 9, message: "Unexpected unknown kind `wrokflow`, expected one of the config's kinds: workflow" }],
      },
      {
        name: 'a host field the host does not read',
        files: { 'SKILL.md': skill('  codex: { context: fork }\n  claude: { name: other }\n') },
        errors: [
          { line: 5, column: 12, message: /^Unexpected key `context` in `skillc.codex`: OpenAI Codex does not read it/ },
          { line: 6, column: 13, message: 'Unexpected `name` in `skillc.claude`: set it once at the top level, hosts must agree on it (it names the skill folder)' },
        ],
      },
      {
        // Its length is frontmatter/description-length's, as pi's description.
        name: 'a per-host description that is empty',
        files: { 'SKILL.md': skill(`  codex: { description: '' }\n  pi: { description: ${'x'.repeat(1025)} }\n`) },
        errors: [{ line: 5, column: 25, message: "Unexpected empty string for `skillc.codex.description`, expected the description OpenAI Codex gets instead of the top-level one" }],
      },
      {
        name: 'bad effects',
        files: { 'SKILL.md': skill('  effects: [email, http.post]\n') },
        errors: [{ line: 5, column: 12, message: 'Unexpected effect `email`, expected `area.verb` such as `email.send` or `http.post`' }],
      },
      {
        name: 'manual invocation a host cannot enforce is a warning',
        hosts: ['claude', 'gemini'],
        config: { hosts: ['claude', 'gemini'] },
        files: { 'SKILL.md': skill('  invocation: manual\n') },
        errors: [{ line: 5, column: 3, message: /^Unexpected `invocation: manual` for Gemini CLI, which cannot enforce it/ }],
      },
    ],
  },
  { describe, it },
);
