import type { HostProfile } from '../../hosts/profile.js';
import type { FrontmatterField, Skill } from '../../model/skill.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { targetHosts } from '../../model/skillc-block.js';
import { cleanFrontmatter, hostIds } from './shared.js';
import { isInside } from '../../core/paths.js';

/** The compile-time block of a source skill; the build strips it. */
const SOURCE_KEY = 'skillc';

function known(host: HostProfile, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(host.fields, key);
}


/** Whether `f` is the host's frontmatter switch for manual-only invocation, set as the switch sets it. */
function isManualSwitch(host: HostProfile, f: FrontmatterField): boolean {
  const fm = host.manualInvocation?.frontmatter;
  return !!fm && Object.prototype.hasOwnProperty.call(fm, f.key) && fm[f.key] === f.value;
}

const loose = (key: string): string => key.toLowerCase().replace(/[\s_-]+/g, '-');

/** A key every linted host reads that differs from `key` only in case, `_`, `-` or spaces. */
function spellingOf(key: string, hosts: readonly HostProfile[]): string | undefined {
  const first = hosts[0];
  if (!first) return undefined;
  return Object.keys(first.fields).find((k) => k !== key && loose(k) === loose(key) && hosts.every((h) => known(h, k)));
}

function consequences(missing: HostProfile[]): string {
  const rejecting = missing.filter((h) => h.unknownKey === 'error');
  const ignoring = missing.filter((h) => h.unknownKey !== 'error');
  const parts: string[] = [];
  if (rejecting.length) parts.push(`${hostIds(rejecting)} ${rejecting.length === 1 ? 'rejects' : 'reject'} the skill`);
  if (ignoring.length) parts.push(`${hostIds(ignoring)} ${ignoring.length === 1 ? 'ignores' : 'ignore'} it`);
  return parts.join('; ');
}

function renameFix(skill: Skill, f: FrontmatterField, to: string, taken: Set<string>): ReportInput['fix'] {
  const start = f.keyRange.start.offset;
  const end = f.keyRange.end.offset;
  if (start === undefined || end === undefined || taken.has(to)) return undefined;
  // Only a key written plain: a quoted one keeps its quotes out of the edit's way.
  if (skill.file.text.slice(start, end) !== f.key) return undefined;
  return [{ range: [start, end], text: to }];
}

export default defineSkillRule(
  {
    id: 'frontmatter/unknown-key',
    description: 'Reports a top-level frontmatter key that a linted host does not read; an error when a host rejects the skill, a warning when hosts only ignore the key.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      misspelled: 'Unexpected key `{{key}}`, expected `{{spelling}}` ({{why}})',
      unknownKey: 'Unexpected key `{{key}}`, expected one of {{expected}} ({{why}})',
    },
  },
  ({ skill, hosts, config, report }) => {
    const fm = cleanFrontmatter(skill);
    // In generated output the compile-time block is a leak that hosts would see.
    const generated = isInside(skill.dir, config.out);
    // A source skill is checked for the hosts it is built for (`skillc.targets`), as the build emits it.
    if (!generated) hosts = targetHosts(skill, hosts);
    if (!fm || !hosts.length) return;
    const taken = new Set(fm.fields.map((f) => f.key));
    const seen = new Set<string>();
    for (const f of fm.fields) {
      if (seen.has(f.key)) continue;
      seen.add(f.key);
      if (f.key === SOURCE_KEY && !generated) continue;
      const missing = hosts.filter((h) => !known(h, f.key));
      if (!missing.length) continue;
      let why = consequences(missing);
      // A key some targets read: say how to keep it for them alone (the build emits `skillc.<host>` keys to that host only).
      const readers = hosts.filter((h) => known(h, f.key));
      if (readers.length && !generated && f.key !== SOURCE_KEY) {
        // A host's own "manual only" switch (Claude's `disable-model-invocation: true`) has a portable
        // spelling the build turns into every host's switch (Codex's agents/openai.yaml policy too).
        if (readers.some((h) => isManualSwitch(h, f))) why += '; for every host, write `skillc.invocation: manual`, which the build turns into each host\'s own switch';
        else why += `; to keep it for ${hostIds(readers)} only, write it as ${readers.map((h) => `\`skillc.${h.id}.${f.key}\``).join(' and ')}`;
      }
      const severity = missing.some((h) => h.unknownKey === 'error') ? undefined : 'warning';
      const spelling = spellingOf(f.key, hosts);
      let input: ReportInput;
      if (spelling) {
        input = { messageId: 'misspelled', data: { key: f.key, spelling, why }, range: f.keyRange };
        const fix = renameFix(skill, f, spelling, taken);
        if (fix) input.fix = fix;
      } else {
        const expected = Object.keys(missing[0]!.fields).filter((k) => missing.every((h) => known(h, k)));
        input = { messageId: 'unknownKey', data: { key: f.key, expected: expected.join(', '), why }, range: f.keyRange };
      }
      if (severity) input.severity = severity;
      report(input);
    }
  },
);
