import { defineSkillRule, type ReportInput } from '../rule.js';
import { field } from '../../model/queries.js';
import { frontmatterStart } from '../util.js';
import { NAME_PATTERN } from './name-format.js';
import { cleanFrontmatter, hostIds, lineBreak, mappingOrEmpty, parsesTo } from './shared.js';

export default defineSkillRule(
  {
    id: 'frontmatter/name-missing',
    description: 'Reports frontmatter without a `name`, or with an empty `name:` key, when a linted host requires one.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      empty: 'Unexpected empty `name`, expected the skill\'s name ({{why}})',
      missing: 'Unexpected frontmatter without `name`, expected the skill\'s name, the folder name `{{dirName}}` ({{why}})',
    },
  },
  ({ skill, hosts, report }) => {
    const fm = cleanFrontmatter(skill);
    if (!fm || !mappingOrEmpty(fm)) return;
    const requiring = hosts.filter((h) => h.fields.name?.required);
    if (!requiring.length) return;
    const f = field(skill, 'name');
    if (f && f.value !== null && f.value !== undefined) return;
    const why = `${hostIds(requiring)} ${requiring.length === 1 ? 'requires' : 'require'} it`;
    if (f) {
      report({ messageId: 'empty', data: { why }, range: f.keyRange });
      return;
    }
    const input: ReportInput = {
      messageId: 'missing', data: { dirName: skill.dirName, why },
      range: frontmatterStart(skill),
    };
    // The folder name is what hosts that tolerate a missing name fall back to.
    if (NAME_PATTERN.test(skill.dirName) && parsesTo(skill.dirName, skill.dirName)) {
      input.fix = [{ range: [fm.rawOffset, fm.rawOffset], text: `name: ${skill.dirName}${lineBreak(skill)}` }];
    }
    report(input);
  },
);
