import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/layer.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, requires?: string, body = '# T\n') => `---\nname: ${name}\ndescription: Use when testing.\n${requires ? `skillc:\n  requires: ${requires}\n` : ''}---\n${body}`;
const layers = [
  { name: 'orchestrator', skills: ['flow'] },
  { name: 'stage', skills: ['stage-*'], mayCall: ['kernel'] },
  { name: 'kernel', skills: ['kernel-*'] },
];

testRule(
  rule,
  {
    valid: [
      { name: 'no layers declared', files: { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': skill('b', '[a]') } },
      {
        name: 'calls go down',
        config: { layers },
        files: { 'flow/SKILL.md': skill('flow', '[stage-a, kernel-x]'), 'stage-a/SKILL.md': skill('stage-a', '[kernel-x]'), 'kernel-x/SKILL.md': skill('kernel-x') },
      },
      {
        name: 'a mention is not a call by default',
        config: { layers },
        files: { 'flow/SKILL.md': skill('flow'), 'kernel-x/SKILL.md': skill('kernel-x', undefined, 'Run by `flow`.\n') },
      },
      { name: 'skills outside every layer call freely', config: { layers }, files: { 'flow/SKILL.md': skill('flow'), 'misc/SKILL.md': skill('misc', '[flow]') } },
    ],
    invalid: [
      {
        name: 'a kernel skill calls a skill',
        config: { layers },
        files: { 'kernel-x/SKILL.md': skill('kernel-x', '[kernel-y]'), 'kernel-y/SKILL.md': skill('kernel-y') },
        errors: [
          {
            file: 'kernel-x/SKILL.md',
            line: 5,
            column: 14,
            endColumn: 22,
            message: 'Unexpected call from `kernel-x` (layer `kernel`) to `kernel-y` (layer `kernel`) by requires `kernel-y`, expected no calls from layer `kernel`',
          },
        ],
      },
      {
        name: 'a kernel skill calls a skill outside every layer',
        config: { layers },
        files: { 'kernel-x/SKILL.md': skill('kernel-x', '[misc]'), 'misc/SKILL.md': skill('misc') },
        errors: [{ message: 'Unexpected call from `kernel-x` (layer `kernel`) to `misc` (no layer) by requires `misc`, expected no calls from layer `kernel`' }],
      },
      {
        name: 'a call up and a call across mayCall',
        config: { layers },
        files: { 'flow/SKILL.md': skill('flow'), 'stage-a/SKILL.md': skill('stage-a', '[flow, stage-b]'), 'stage-b/SKILL.md': skill('stage-b') },
        errors: [
          { file: 'stage-a/SKILL.md', message: 'Unexpected call from `stage-a` (layer `stage`) to `flow` (layer `orchestrator`) by requires `flow`, expected calls into `kernel` only' },
          { file: 'stage-a/SKILL.md', message: 'Unexpected call from `stage-a` (layer `stage`) to `stage-b` (layer `stage`) by requires `stage-b`, expected calls into `kernel` only' },
        ],
      },
      {
        name: 'mentions count with the edges option',
        config: { layers },
        options: { edges: ['requires', 'mention'] },
        files: { 'flow/SKILL.md': skill('flow'), 'kernel-x/SKILL.md': skill('kernel-x', undefined, 'Hand back to `/flow`.\n') },
        errors: [{ file: 'kernel-x/SKILL.md', line: 5, column: 14, message: 'Unexpected call from `kernel-x` (layer `kernel`) to `flow` (layer `orchestrator`) by mention `/flow`, expected no calls from layer `kernel`' }],
      },
    ],
  },
  { describe, it },
);
