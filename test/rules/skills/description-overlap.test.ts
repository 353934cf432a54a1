import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/description-overlap.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      {
        name: 'distinct skills',
        files: {
          'notes/SKILL.md': skill('notes', 'Use when the user asks to draft release notes from merged pull requests.'),
          'deploy/SKILL.md': skill('deploy', 'Use when the user asks to deploy the web app to the staging cluster.'),
          'review/SKILL.md': skill('review', 'Use when reviewing a pull request diff for bugs and style.'),
        },
      },
      {
        name: 'a manual skill is not routed',
        files: {
          'a/SKILL.md': skill('a', 'Use when the user asks to draft release notes from merged pull requests.'),
          'b/SKILL.md': skill('b', 'Use when the user asks to draft release notes from merged pull requests.', 'skillc:\n  invocation: manual\n'),
        },
      },
      {
        name: 'a higher threshold',
        options: { threshold: 0.95 },
        files: {
          'a/SKILL.md': skill('a', 'Use when the user asks to draft release notes for a version from the git history.'),
          'b/SKILL.md': skill('b', 'Use when the user asks to write release notes for a version from git history and merged pull requests.'),
        },
      },
    ],
    invalid: [
      {
        name: 'near-identical descriptions, named on both sides',
        files: {
          'a/SKILL.md': skill('a', 'Use when the user asks to draft release notes for a version from the git history.'),
          'b/SKILL.md': skill('b', 'Use when the user asks to write release notes for a version from git history and merged pull requests.'),
          'c/SKILL.md': skill('c', 'Use when the user asks to deploy the web app to the staging cluster.'),
        },
        errors: [
          {
            file: 'a/SKILL.md',
            line: 3,
            column: 14,
            message: /^Unexpected description 0\.\d\d similar to `b`'s \(in `b`\), expected below 0\.4 so a model can tell the two apart; shared: .*"git history"/,
          },
          { file: 'b/SKILL.md', message: /similar to `a`'s \(in `a`\)/ },
        ],
      },
      {
        name: 'the same description twice',
        files: { 'a/SKILL.md': skill('a', 'Formats SQL queries.'), 'b/SKILL.md': skill('b', 'Formats SQL queries.') },
        errors: [{ file: 'a/SKILL.md', message: /^Unexpected description 1\.00 similar to `b`'s/ }, { file: 'b/SKILL.md', message: /^Unexpected description 1\.00 similar to `a`'s/ }],
      },
    ],
  },
  { describe, it },
);
