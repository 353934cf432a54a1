import { defineSkillRule } from '../rule.js';
import { show } from '../util.js';

export default defineSkillRule(
  {
    id: 'file/special',
    description: 'Reports entries of a skill folder that are not regular files, folders or resolvable symlinks: FIFOs, sockets, devices, and symlink loops.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      specialFile: 'Unexpected special file {{name}} (a FIFO, socket or device), expected a regular file: reading it can block or never end',
      symlinkLoop: 'Unexpected symlink loop {{name}}, expected a link to a file or a folder that does not contain it (tools that follow links never finish)',
    },
  },
  ({ skill, report }) => {
    for (const b of skill.bundled) {
      const name = `\`${show(b.relPath, 60)}\``;
      if (b.kind === 'other') {
        report({ file: b.path, messageId: 'specialFile', data: { name } });
      } else if (b.kind === 'symlink' && b.loop) {
        report({ file: b.path, messageId: 'symlinkLoop', data: { name } });
      }
    }
  },
);
