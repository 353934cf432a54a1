import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/side-effect-invocation.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# T\n`;
const claude = ['claude'];

testRule(
  rule,
  {
    valid: [
      { name: 'user-only already', hosts: claude, dir: 'deploy', files: { 'a/SKILL.md': skill('deploy', 'Deploy the application to production.', 'disable-model-invocation: true\n') } },
      { name: 'model invocation chosen on purpose', hosts: claude, dir: 'send-notification', files: { 'a/SKILL.md': skill('send-notification', 'Send a push notification.', 'disable-model-invocation: false\n') } },
      { name: 'nouns, not actions: release notes, commit message conventions', hosts: claude, files: { 'a/SKILL.md': skill('release-notes', 'Release notes drafted from merged pull requests.'), 'b/SKILL.md': skill('b', 'Commit message conventions for this repository.') } },
      { name: 'a host without a user-only switch', hosts: ['codex'], dir: 'deploy', files: { 'a/SKILL.md': skill('deploy', 'Deploy the application.') } },
    ],
    invalid: [
      {
        name: 'a deploy skill by name, a send skill by its description',
        hosts: claude,
        files: { 'a/SKILL.md': skill('infra-deploy', 'Cloud Run rollout for the staging stack.'), 'b/SKILL.md': skill('b', 'Send a Slack message to the release channel.') },
        errors: [
          { line: 2, column: 7, severity: 'warning', messageId: 'modelMayRun', data: { verb: 'deploy', switch: '`disable-model-invocation: true`', host: 'Claude Code' } },
          { file: 'b/SKILL.md', line: 3, column: 14, messageId: 'modelMayRun', data: { verb: 'send', switch: '`disable-model-invocation: true`', host: 'Claude Code' } },
        ],
      },
    ],
  },
  { describe, it },
);
