import { defineSkillRule } from '../rule.js';
import { show } from '../util.js';

export default defineSkillRule(
  {
    id: 'links/no-symlinks',
    description: 'Reports a symbolic link anywhere in the skill folder, even one that stays inside it.',
    severity: 'error',
    recommended: false,
    fixable: false,
    defaultOptions: {},
    messages: {
      notRegular: 'Unexpected {{where}} `{{relPath}}`, expected a regular file or folder (copies, archives and installs of the skill drop or break symlinks)',
    },
  },
  ({ skill, report }) => {
    for (const b of skill.bundled) {
      if (b.kind !== 'symlink') continue;
      const where = b.symlinkTarget === undefined ? 'a dangling symlink' : 'a symlink';
      report({
        messageId: 'notRegular', data: { where, relPath: show(b.relPath, 60) },
        file: b.path,
      });
    }
  },
);
