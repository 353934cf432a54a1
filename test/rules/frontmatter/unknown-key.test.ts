import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/unknown-key.js';
import { runRuleCase, testRule } from '../../../src/testing/rule-tester.js';

const fm = (yaml: string) => `---\nname: my-skill\ndescription: Use when testing.\n${yaml}\n---\n# T\n`;
const SPEC = 'name, description, license, compatibility, metadata, allowed-tools';

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': fm('license: MIT\ncompatibility: Node 20\nmetadata:\n  author: me\nallowed-tools: Read') } },
      { name: 'the compile-time skillc block in a source', files: { 'SKILL.md': fm('skillc:\n  invocation: manual') } },
      { name: 'a host field under that host', hosts: ['claude'], files: { 'SKILL.md': fm('context: fork\ndisable-model-invocation: true') } },
      {
        name: 'every key of Claude Code\'s frontmatter reference (issue 13)',
        hosts: ['claude'],
        files: {
          'SKILL.md': fm(
            'when_to_use: x\nargument-hint: "[n]"\narguments: a b\ndisable-model-invocation: false\nuser-invocable: true\nallowed-tools: Read\ndisallowed-tools: Write\nmodel: sonnet\neffort: high\ncontext: fork\nagent: Explore\nbackground: true\nhooks: {}\npaths: src/**\nshell: bash\nmetadata: {}\nlicense: MIT\ncompatibility: Node 20',
          ),
        },
      },
      { name: 'nested keys are not top-level keys', files: { 'SKILL.md': fm('metadata:\n  anything: goes') } },
      { name: 'broken YAML is frontmatter/yaml', files: { 'SKILL.md': fm('foo: a: b') } },
      { name: 'a host key in a skill built for that host only', hosts: ['agentskills', 'claude'], files: { 'SKILL.md': fm('when_to_use: When asked.\nskillc:\n  targets: [claude]') } },
    ],
    invalid: [
      {
        name: 'unknown key rejected by the spec',
        files: { 'SKILL.md': fm('foo: bar') },
        errors: [{ line: 4, column: 1, endColumn: 4, message: `Unexpected key \`foo\`, expected one of ${SPEC} (agentskills rejects the skill)` }],
      },
      {
        name: 'a host key for a host that does not read it',
        hosts: ['agentskills', 'claude', 'codex'],
        files: { 'SKILL.md': fm('context: fork') },
        errors: [{ line: 4, column: 1, message: `Unexpected key \`context\`, expected one of ${SPEC} (agentskills rejects the skill; codex ignores it; to keep it for claude only, write it as \`skillc.claude.context\`)` }],
      },
      {
        name: 'a key some targets read: only the targets count, and the message says how to scope it',
        hosts: ['agentskills', 'claude', 'codex'],
        files: { 'SKILL.md': fm('when_to_use: When asked.\nskillc:\n  targets: [claude, codex]') },
        errors: [{ line: 4, column: 1, message: `Unexpected key \`when_to_use\`, expected one of ${SPEC} (codex ignores it; to keep it for claude only, write it as \`skillc.claude.when_to_use\`)` }],
      },
      {
        name: 'a host\'s manual-only switch points to the portable `skillc.invocation: manual`',
        hosts: ['agentskills', 'claude', 'codex'],
        files: { 'SKILL.md': fm('disable-model-invocation: true') },
        errors: [{ line: 4, column: 1, message: `Unexpected key \`disable-model-invocation\`, expected one of ${SPEC} (agentskills rejects the skill; codex ignores it; for every host, write \`skillc.invocation: manual\`, which the build turns into each host's own switch)` }],
      },
      {
        name: 'the same key set to false is not the switch: scoped to its readers as any host key',
        hosts: ['agentskills', 'claude'],
        files: { 'SKILL.md': fm('disable-model-invocation: false') },
        errors: [{ line: 4, column: 1, message: `Unexpected key \`disable-model-invocation\`, expected one of ${SPEC} (agentskills rejects the skill; to keep it for claude only, write it as \`skillc.claude.disable-model-invocation\`)` }],
      },
      {
        name: 'a claude.ai upload refuses Claude Code keys',
        hosts: ['claude-upload'],
        files: { 'SKILL.md': fm('when_to_use: x') },
        errors: [{ line: 4, column: 1, message: `Unexpected key \`when_to_use\`, expected one of ${SPEC} (claude-upload rejects the skill)` }],
      },
      {
        name: 'once per key, naming every host',
        hosts: ['claude', 'codex'],
        files: { 'SKILL.md': fm('foo: 1\nbar: 2') },
        errors: [
          { line: 4, message: /^Unexpected key `foo`, expected one of name, description, license, compatibility, metadata, allowed-tools \(claude, codex ignore it\)$/ },
          { line: 5, message: /^Unexpected key `bar`.*\(claude, codex ignore it\)$/ },
        ],
      },
      {
        name: 'a near spelling is renamed',
        files: { 'SKILL.md': fm('allowed_tools: Read') },
        errors: [{ line: 4, column: 1, endColumn: 14, message: 'Unexpected key `allowed_tools`, expected `allowed-tools` (agentskills rejects the skill)' }],
        output: fm('allowed-tools: Read'),
      },
      {
        name: 'no rename over an existing key',
        files: { 'SKILL.md': fm('License: MIT\nlicense: MIT') },
        errors: [{ line: 4, message: /expected `license`/ }],
      },
      {
        name: 'skillc in generated output is a leak',
        config: { out: '.' },
        files: { 'SKILL.md': fm('skillc:\n  invocation: manual') },
        errors: [{ line: 4, message: /^Unexpected key `skillc`/ }],
      },
    ],
  },
  { describe, it },
);

describe('frontmatter/unknown-key severity', () => {
  const severities = (hosts: string[]) => {
    const run = runRuleCase(rule, { hosts, files: { 'SKILL.md': fm('foo: bar') } });
    fs.rmSync(run.root, { recursive: true, force: true });
    return run.diagnostics.map((d) => d.severity);
  };
  it('is an error when a linted host rejects the key', () => expect(severities(['agentskills', 'claude'])).toEqual(['error']));
  it('is a warning when every linted host ignores it', () => expect(severities(['claude', 'codex'])).toEqual(['warning']));
  it('counts only the hosts the skill targets', () => {
    const run = runRuleCase(rule, { hosts: ['agentskills', 'claude', 'codex'], files: { 'SKILL.md': fm('when_to_use: When asked.\nskillc:\n  targets: [claude, codex]') } });
    fs.rmSync(run.root, { recursive: true, force: true });
    expect(run.diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });
});
