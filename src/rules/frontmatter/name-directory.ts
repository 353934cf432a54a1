import { defineSkillRule, type ReportInput } from '../rule.js';
import { field } from '../../model/queries.js';
import { show } from '../util.js';
import { NAME_PATTERN, normalizeName } from './name-format.js';
import { cleanFrontmatter, enforcedBy, enforcedNote, parsesTo, singleLineScalar } from './shared.js';

export default defineSkillRule(
  {
    id: 'frontmatter/name-directory',
    description: 'Reports a `name` that differs from the name of the folder holding the SKILL.md, for hosts that require the two to match (the spec: an error), or advise it (a warning); under Claude Code an info saying which of the two the user types; nothing under OpenCode, whose skill id is the folder name.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      folderName: 'Unexpected folder name `{{dir}}` for skill `{{name}}`, expected the folder to be named `{{name}}`{{why}}',
      name: 'Unexpected name `{{name}}`, expected the folder name `{{dir}}`{{why}}',
      command: 'Name `{{name}}` differs from the folder `{{dir}}`: {{note}}; matching them keeps one command everywhere the skill is installed',
    },
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill)) return;
    // Claude Code and OpenCode take the skill's id from the folder and show `name` as a label: no rule to
    // break there. Hosts that require the match (the spec) make an error; hosts that only advise it
    // (pi loads the skill and warns; Copilot says the two "typically" match) a warning.
    const requiring = hosts.filter((h) => h.nameMatchesFolder);
    const enforced = requiring.length ? { severity: 'error' as const, hosts: requiring } : enforcedBy(hosts.filter((h) => h.facts.nameFolder?.enforcement !== 'rejects'), 'nameFolder');
    if (!enforced) {
      // Nothing breaks, but the host says which of the two the user types (Claude Code: the name): an info.
      const informing = hosts.find((h) => h.facts.nameFolder?.enforcement === 'informs');
      const f = field(skill, 'name');
      if (!informing || !f || typeof f.value !== 'string' || f.value.trim() === '' || f.value === skill.dirName) return;
      report({ messageId: 'command', data: { name: show(f.value), dir: show(skill.dirName), note: informing.facts.nameFolder!.note }, range: f.valueRange, severity: 'info' });
      return;
    }
    const why = enforcedNote(enforced, hosts);
    const severity = enforced.severity;
    const f = field(skill, 'name');
    if (!f || typeof f.value !== 'string' || f.value.trim() === '') return;
    const name = f.value;
    const dir = skill.dirName;
    if (name === dir) return;
    const dirValid = NAME_PATTERN.test(dir);
    if (!dirValid && NAME_PATTERN.test(name) && normalizeName(dir) === name) {
      report({ messageId: 'folderName', data: { dir: show(dir), name, why }, range: f.valueRange, severity });
      return;
    }
    const input: ReportInput = { messageId: 'name', data: { name: show(name), dir: show(dir), why }, range: f.valueRange, severity };
    // Only when the two clearly mean the same name: they differ in case, `_`, spaces or stray hyphens.
    if (dirValid && normalizeName(name) === dir && singleLineScalar(skill, f) && parsesTo(dir, dir)) {
      input.fix = [{ range: f.valueOffsets, text: dir }];
    }
    report(input);
  },
);
