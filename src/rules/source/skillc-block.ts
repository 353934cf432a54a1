import { getHost, hostIds } from '../../hosts/index.js';
import type { FrontmatterField } from '../../model/skill.js';
import { SKILLC_BLOCK_KEYS } from '../../model/skillc-block.js';
import { isPlainFileName } from '../../analysis/artifacts.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { field } from '../../model/queries.js';

/** The compile-time keys of `skillc:` besides the per-host blocks (named by host id): the schema's, documented in docs/source-format.md. */
const KEYS = Object.keys(SKILLC_BLOCK_KEYS);
const ARTIFACT_KEYS = ['sections', 'ordered', 'contract'];
/** An effect is `area.verb`, e.g. `email.send`, `http.post`, `tool.call`. */
const EFFECT = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

// eslint-disable-next-line @typescript-eslint/no-base-to-string -- a YAML scalar by then: null, lists and mappings are handled first
const kindOf = (v: unknown): string => (v === null || v === undefined ? 'an empty value' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : `${typeof v} \`${String(v)}\``);
const isMap = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const child = (f: FrontmatterField | undefined, key: string): FrontmatterField | undefined => f?.children?.find((c) => c.key === key);

function stringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

export default defineSkillRule(
  {
    id: 'source/skillc-block',
    description: 'Reports a malformed `skillc:` block: unknown keys, wrong value types, unknown hosts or kinds, unsafe artifact names, host fields a host does not read.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, hosts, config, report }) => {
    const block = field(skill, 'skillc');
    if (!block || skill.frontmatter?.errors.length) return;
    const at = (f: FrontmatterField | undefined, message: string, extra: Partial<ReportInput> = {}): void => report({ message, range: (f ?? block).keyRange, ...extra });
    const atValue = (f: FrontmatterField, message: string): void => report({ message, range: f.valueRange });
    if (!isMap(block.value)) return atValue(block, `Unexpected ${kindOf(block.value)} for \`skillc\`, expected a mapping of compile-time keys`);
    const data = block.value;
    const known = new Set<string>([...KEYS, ...hostIds()]);
    for (const c of block.children ?? []) {
      if (!known.has(c.key)) at(c, `Unexpected key \`skillc.${c.key}\`, expected one of ${[...KEYS, '<host id>'].join(', ')}`);
    }

    const invocation = child(block, 'invocation');
    if (invocation && invocation.value !== 'auto' && invocation.value !== 'manual') atValue(invocation, `Unexpected ${kindOf(invocation.value)} for \`skillc.invocation\`, expected \`auto\` or \`manual\``);

    const targets = child(block, 'targets');
    let targetIds = config.hosts;
    if (targets) {
      if (!stringList(targets.value)) atValue(targets, `Unexpected ${kindOf(targets.value)} for \`skillc.targets\`, expected a list of host ids`);
      else {
        for (const t of targets.value) if (!getHost(t)) atValue(targets, `Unexpected unknown host \`${t}\` in \`skillc.targets\`, expected one of ${hostIds().join(', ')}`);
        targetIds = targets.value.filter((t) => getHost(t));
      }
    }

    const kind = child(block, 'kind');
    if (kind) {
      if (typeof kind.value !== 'string' || kind.value === '') atValue(kind, `Unexpected ${kindOf(kind.value)} for \`skillc.kind\`, expected the name of a kind`);
      else if (Object.keys(config.kinds).length && !Object.prototype.hasOwnProperty.call(config.kinds, kind.value)) {
        atValue(kind, `Unexpected unknown kind \`${kind.value}\`, expected one of the config's kinds: ${Object.keys(config.kinds).join(', ')}`);
      }
    }

    for (const key of ['requires', 'effects'] as const) {
      const f = child(block, key);
      if (!f) continue;
      if (!stringList(f.value)) atValue(f, `Unexpected ${kindOf(f.value)} for \`skillc.${key}\`, expected a list of ${key === 'requires' ? 'skill names' : 'effects such as `email.send`'}`);
      else if (key === 'effects') for (const e of f.value) if (!EFFECT.test(e)) atValue(f, `Unexpected effect \`${e}\`, expected \`area.verb\` such as \`email.send\` or \`http.post\``);
    }

    const artifacts = child(block, 'artifacts');
    if (artifacts) {
      if (!isMap(artifacts.value)) atValue(artifacts, `Unexpected ${kindOf(artifacts.value)} for \`skillc.artifacts\`, expected a mapping of file names to \`{ sections: [...] }\``);
      else {
        for (const a of artifacts.children ?? []) {
          if (!isPlainFileName(a.key)) at(a, `Unexpected artifact name \`${a.key}\`, expected a plain file name (no \`/\`, \`\\\`, \`..\` or NUL): the gate opens it inside the run folder`);
          const spec = a.value;
          if (spec === null || spec === undefined) continue;
          if (!isMap(spec)) {
            atValue(a, `Unexpected ${kindOf(spec)} for artifact \`${a.key}\`, expected \`{ sections: [...] }\``);
            continue;
          }
          for (const k of Object.keys(spec)) if (!ARTIFACT_KEYS.includes(k)) at(child(a, k) ?? a, `Unexpected key \`${k}\` in artifact \`${a.key}\`, expected sections, ordered or contract`);
          const sections = child(a, 'sections');
          if (sections && !stringList(sections.value)) atValue(sections, `Unexpected ${kindOf(sections.value)} for the sections of \`${a.key}\`, expected a list of \`##\` heading texts`);
          const ordered = child(a, 'ordered');
          if (ordered && typeof ordered.value !== 'boolean') atValue(ordered, `Unexpected ${kindOf(ordered.value)} for \`ordered\`, expected true or false`);
          const contract = child(a, 'contract');
          if (contract) {
            const names = Object.keys(config.contracts ?? {});
            if (typeof contract.value !== 'string' || contract.value === '') atValue(contract, `Unexpected ${kindOf(contract.value)} for the contract of \`${a.key}\`, expected the name of a contract in the config`);
            else if (!names.includes(contract.value)) atValue(contract, `Unexpected unknown contract \`${contract.value}\`, expected ${names.length ? `one of the config's contracts: ${names.join(', ')}` : 'a contract declared under `contracts` in the config'}`);
          }
        }
      }
    }

    // Host-only fields: each must be a key that host reads (frontmatter or metadata file).
    for (const id of hostIds()) {
      const f = child(block, id);
      if (!f) continue;
      const host = getHost(id)!;
      if (!isMap(f.value)) {
        atValue(f, `Unexpected ${kindOf(f.value)} for \`skillc.${id}\`, expected a mapping of ${host.displayName} fields`);
        continue;
      }
      const allowed = [...Object.keys(host.fields), ...(host.emit.metadataFile?.keys ?? [])];
      for (const c of f.children ?? []) {
        if (!allowed.includes(c.key)) at(c, `Unexpected key \`${c.key}\` in \`skillc.${id}\`: ${host.displayName} does not read it (expected one of ${allowed.join(', ')})`);
        // The name is the folder on every host; a description may differ per host (a host's own tool names, say), when written here.
        else if (c.key === 'name') at(c, `Unexpected \`name\` in \`skillc.${id}\`: set it once at the top level, hosts must agree on it (it names the skill folder)`);
        else if (c.key === 'description') {
          const max = host.limits.descriptionMax;
          if (typeof c.value !== 'string' || c.value.trim() === '') atValue(c, `Unexpected ${typeof c.value === 'string' ? 'empty string' : kindOf(c.value)} for \`skillc.${id}.description\`, expected the description ${host.displayName} gets instead of the top-level one`);
          else if (Number.isFinite(max) && [...c.value].length > max) atValue(c, `Unexpected description of ${[...c.value].length} characters in \`skillc.${id}\`, expected at most ${max} (the limit of ${host.displayName})`);
        }
      }
    }

    // Manual invocation a targeted host cannot enforce: warn, the model may still invoke it there.
    if (data.invocation === 'manual') {
      const linted = new Set(hosts.map((h) => h.id));
      const weak = targetIds.map((t) => getHost(t)!).filter((h) => h && h.manualInvocation === null && linted.has(h.id));
      if (weak.length) {
        at(invocation, `Unexpected \`invocation: manual\` for ${weak.map((h) => h.displayName).join(', ')}, which cannot enforce it: the model may still invoke this skill there (set \`skillc.targets\` to leave them out)`, { severity: 'warning' });
      }
    }
  },
);

