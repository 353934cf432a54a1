import { defineSkillRule, type ReportInput } from '../rule.js';
import { field, show } from '../util.js';
import { NAME_PATTERN, normalizeName } from './name-format.js';
import { cleanFrontmatter, hostIds, parsesTo, singleLineScalar } from './shared.js';

export default defineSkillRule(
  {
    id: 'frontmatter/name-directory',
    description: 'Reports a `name` that differs from the name of the folder holding the SKILL.md, for hosts that require the two to match (the spec; not Claude Code, whose command is the folder name).',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill)) return;
    // Claude Code takes the command from the folder and shows `name` as a label: no rule to break there.
    const requiring = hosts.filter((h) => h.nameMatchesFolder);
    if (!requiring.length) return;
    const why = requiring.length < hosts.length ? ` (${hostIds(requiring)} ${requiring.length === 1 ? 'requires' : 'require'} it)` : '';
    const f = field(skill, 'name');
    if (!f || typeof f.value !== 'string' || f.value.trim() === '') return;
    const name = f.value;
    const dir = skill.dirName;
    if (name === dir) return;
    const dirValid = NAME_PATTERN.test(dir);
    if (!dirValid && NAME_PATTERN.test(name) && normalizeName(dir) === name) {
      report({ message: `Unexpected folder name \`${show(dir)}\` for skill \`${name}\`, expected the folder to be named \`${name}\`${why}`, range: f.valueRange });
      return;
    }
    const input: ReportInput = { message: `Unexpected name \`${show(name)}\`, expected the folder name \`${show(dir)}\`${why}`, range: f.valueRange };
    // Only when the two clearly mean the same name: they differ in case, `_`, spaces or stray hyphens.
    if (dirValid && normalizeName(name) === dir && singleLineScalar(skill, f) && parsesTo(dir, dir)) {
      input.fix = [{ range: f.valueOffsets, text: dir }];
    }
    report(input);
  },
);
