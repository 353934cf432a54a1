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
  },
  ({ skill, report }) => {
    for (const b of skill.bundled) {
      if (b.kind !== 'symlink') continue;
      const where = b.symlinkTarget === undefined ? 'a dangling symlink' : 'a symlink';
      report({
        message: `Unexpected ${where} \`${show(b.relPath, 60)}\`, expected a regular file or folder (copies, archives and installs of the skill drop or break symlinks)`,
        file: b.path,
      });
    }
  },
);
