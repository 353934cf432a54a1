import type { HostProfile } from '../../hosts/profile.js';
import { defineSkillRule } from '../rule.js';
import { field } from '../../model/queries.js';
import { show } from '../util.js';
import { cleanFrontmatter, hostIds } from './shared.js';

export default defineSkillRule(
  {
    id: 'frontmatter/name-reserved',
    description: 'Reports a `name` containing a word a linted host reserves, such as a vendor name, as a whole hyphen-separated word.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      reservedName: 'Unexpected reserved {{detail}} {{map}} in name `{{value}}`, expected a name without {{detail2}} (reserved by {{reservers}})',
    },
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const f = field(skill, 'name');
    if (!f || typeof f.value !== 'string') return;
    const words = new Set(f.value.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean));
    const byWord = new Map<string, HostProfile[]>();
    for (const host of hosts) {
      for (const reserved of host.reservedWords) {
        const word = reserved.toLowerCase();
        if (!words.has(word)) continue;
        const list = byWord.get(word) ?? [];
        if (!list.includes(host)) list.push(host);
        byWord.set(word, list);
      }
    }
    if (!byWord.size) return;
    const found = [...byWord.keys()];
    const reservers = [...new Set([...byWord.values()].flat())];
    const plural = found.length > 1;
    report({
      messageId: 'reservedName', data: { detail: plural ? 'words' : 'word', map: found.map((w) => `\`${w}\``).join(', '), value: show(f.value), detail2: plural ? 'them' : 'it', reservers: hostIds(reservers) },
      range: f.valueRange,
    });
  },
);
