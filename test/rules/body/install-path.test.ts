import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/install-path.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: pdf-fill\ndescription: Use when filling PDF forms.\n---\n${body}\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'a path relative to the skill, and the host variable', hosts: ['claude'], dir: 'pdf-fill', files: { 'SKILL.md': skill('Run `python scripts/fill.py` or `python ${CLAUDE_SKILL_DIR}/scripts/fill.py`.') } },
      { name: "another skill's install location", dir: 'pdf-fill', files: { 'SKILL.md': skill('Save the new skill to `~/.claude/skills/other-skill/SKILL.md`.') } },
      { name: 'install and removal lines name the folder on purpose', dir: 'pdf-fill', files: { 'SKILL.md': skill('```bash\ncp -r pdf-fill ~/.claude/skills/pdf-fill/\nmkdir -p ~/.claude/skills/pdf-fill/scripts\nrm -rf ~/.claude/skills/pdf-fill/cache\n```') } },
      { name: 'the skill folder or its SKILL.md alone', dir: 'pdf-fill', files: { 'SKILL.md': skill('Installed at `~/.claude/skills/pdf-fill/` (see `~/.claude/skills/pdf-fill/SKILL.md`).') } },
    ],
    invalid: [
      {
        name: "the skill's own files under a user folder, a project folder and claude.ai's container (issue 27)",
        hosts: ['claude'],
        dir: 'pdf-fill',
        files: {
          'SKILL.md': skill('```bash\npython ~/.claude/skills/pdf-fill/scripts/fill.py form.pdf\n```\n\nRead /mnt/skills/user/pdf-fill/references/fields.md first.'),
          'references/setup.md': '# Setup\n\nRun `.agents/skills/pdf-fill/scripts/check.sh`.\n',
        },
        errors: [
          { line: 6, column: 8, severity: 'warning', messageId: 'installPath', data: { path: '~/.claude/skills/pdf-fill/scripts/fill.py', expected: '`${CLAUDE_SKILL_DIR}/scripts/fill.py` (or `scripts/fill.py` relative to the skill)' } },
          { line: 9, column: 6, messageId: 'installPath', data: { path: '/mnt/skills/user/pdf-fill/references/fields.md', expected: '`${CLAUDE_SKILL_DIR}/references/fields.md` (or `references/fields.md` relative to the skill)' } },
          { file: 'references/setup.md', line: 3, column: 6, messageId: 'installPath' },
        ],
      },
      {
        name: 'under a host with no skill variable the expected path is relative',
        hosts: ['codex'],
        dir: 'pdf-fill',
        files: { 'SKILL.md': skill('Run `bash $HOME/.codex/skills/pdf-fill/scripts/run.sh`.') },
        errors: [{ line: 5, messageId: 'installPath', data: { path: '$HOME/.codex/skills/pdf-fill/scripts/run.sh', expected: '`scripts/run.sh`, relative to the skill folder' } }],
      },
    ],
  },
  { describe, it },
);
