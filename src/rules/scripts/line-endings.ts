import type { TextEdit } from '../../model/diagnostic.js';
import { defineSkillRule } from '../rule.js';
import { shellScripts } from './shared.js';

export default defineSkillRule(
  {
    id: 'scripts/line-endings',
    description: 'Reports bundled shell scripts with CRLF (Windows) line endings, which the shell reads as part of each command; the fix makes them LF.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      crlf: 'Unexpected CRLF line ending{{detail}} in a shell script, expected LF (the shell reads the `\\r` as part of each command: `set: Illegal option -`, `$\'\\r\': command not found`)',
    },
  },
  ({ skill, report }) => {
    for (const { entry, file } of shellScripts(skill)) {
      const first = file.text.indexOf('\r\n');
      if (first === -1) continue;
      const fix: TextEdit[] = [];
      for (let i = first; i !== -1; i = file.text.indexOf('\r\n', i + 2)) fix.push({ range: [i, i + 1], text: '' });
      const line = file.lines.pointAt(first).line;
      report({
        messageId: 'crlf', data: { detail: fix.length > 1 ? `s (${fix.length} lines, the first on line ${line})` : '' },
        range: file.lines.range(first, first + 2),
        file: entry.path,
        fix,
      });
    }
  },
);
