import { describe, expect, it } from 'vitest';
import rule, { inflections } from '../../../src/rules/frontmatter/description-words.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (description: string): string => `---\nname: my-skill\ndescription: ${description}\n---\n# Title\n`;
const banned = ['run', 'build', 'emit', 'validate', 'process', 'deploy', 'package'];

describe('inflections', () => {
  it('derives regular and irregular forms', () => {
    expect(inflections('run')).toEqual(expect.arrayContaining(['run', 'runs', 'ran', 'running']));
    expect(inflections('build')).toEqual(expect.arrayContaining(['builds', 'built', 'building']));
    expect(inflections('emit')).toEqual(expect.arrayContaining(['emits', 'emitted', 'emitting']));
    expect(inflections('validate')).toEqual(expect.arrayContaining(['validates', 'validated', 'validating']));
    expect(inflections('process')).toEqual(expect.arrayContaining(['processes', 'processed', 'processing']));
    expect(inflections('deploy')).toEqual(expect.arrayContaining(['deploys', 'deployed', 'deploying']));
    expect(inflections('format')).toEqual(expect.arrayContaining(['formats', 'formatted', 'formatting']));
  });
});

testRule(
  rule,
  {
    valid: [
      { name: 'nothing configured', files: { 'SKILL.md': skill('Use when you run things.') } },
      { name: 'no banned word', files: { 'SKILL.md': skill('Use when a request needs routing to the right skill.') }, options: { banned } },
      { name: 'whole words only', files: { 'SKILL.md': skill('Use when a rerun, a runtime or a prune is needed.') }, options: { banned } },
      { name: 'allowed forms are exempt', files: { 'SKILL.md': skill('Use when a trigger fires.') }, options: { banned: ['trigger'], allowed: ['trigger'] } },
      { name: 'inflections off', files: { 'SKILL.md': skill('Use when running late.') }, options: { banned: ['run'], inflections: false } },
      { name: 'required word present in a form', files: { 'SKILL.md': skill('Use when a hook triggers.') }, options: { required: ['trigger'] } },
      { name: 'required phrase present', files: { 'SKILL.md': skill('Use when the user asks.') }, options: { required: ['the user'] } },
    ],
    invalid: [
      {
        name: 'each banned form is reported where it is',
        files: { 'SKILL.md': skill('Use when the build ran and Emitted output needs Validating.') },
        options: { banned },
        errors: [
          { line: 3, column: 27, endColumn: 32, message: 'Unexpected "build" in the description, expected none of the house style\'s banned words' },
          { line: 3, column: 33, endColumn: 36, message: 'Unexpected "ran" (a form of "run") in the description, expected none of the house style\'s banned words' },
          { line: 3, column: 41, message: /"Emitted" \(a form of "emit"\)/ },
          { message: /"Validating" \(a form of "validate"\)/ },
        ],
      },
      {
        name: 'in a folded block scalar',
        files: { 'SKILL.md': '---\nname: my-skill\ndescription: >\n  Use when a service\n  deploys.\n---\n' },
        options: { banned },
        errors: [{ line: 5, column: 3, endColumn: 10, message: /"deploys" \(a form of "deploy"\)/ }],
      },
      {
        name: 'banned phrase',
        files: { 'SKILL.md': skill('Use when  coming\tsoon.') },
        options: { banned: ['coming soon'] },
        errors: [{ message: /^Unexpected "coming soon" in the description/ }],
      },
      {
        name: 'required word missing',
        files: { 'SKILL.md': skill('Use when asked.') },
        options: { required: ['trigger'] },
        errors: [{ line: 3, column: 14, message: 'Unexpected description without "trigger", expected the house style\'s required wording' }],
      },
    ],
  },
  { describe, it },
);
