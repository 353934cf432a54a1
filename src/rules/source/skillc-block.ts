import { getHost } from '../../hosts/index.js';
import type { FrontmatterField } from '../../model/skill.js';
import { isSafeRelPath, SKILLC_BLOCK_KEYS } from '../../model/skillc-block.js';
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
    messages: {
      notMapping: 'Unexpected {{value}} for `skillc`, expected a mapping of compile-time keys',
      unknownKey: 'Unexpected key `skillc.{{key}}`, expected one of {{expected}}',
      invocationValue: 'Unexpected {{value}} for `skillc.invocation`, expected `auto` or `manual`',
      targetsType: 'Unexpected {{value}} for `skillc.targets`, expected a list of host ids',
      unknownTarget: 'Unexpected unknown host `{{host}}` in `skillc.targets`, expected one of {{hosts}}',
      kindType: 'Unexpected {{value}} for `skillc.kind`, expected the name of a kind',
      unknownKind: 'Unexpected unknown kind `{{value}}`, expected one of the config\'s kinds: {{kinds}}',
      listType: 'Unexpected {{value}} for `skillc.{{key}}`, expected a list of {{items}}',
      effect: 'Unexpected effect `{{effect}}`, expected `area.verb` such as `email.send` or `http.post`',
      artifactsType: 'Unexpected {{value}} for `skillc.artifacts`, expected a mapping of file names to `{ sections: [...] }`',
      artifactName: 'Unexpected artifact name `{{key}}`, expected a plain file name (no `/`, `\\`, `..` or NUL): the gate opens it inside the run folder',
      artifactType: 'Unexpected {{value}} for artifact `{{key}}`, expected `{ sections: [...] }`',
      artifactKey: 'Unexpected key `{{name}}` in artifact `{{key}}`, expected sections, ordered or contract',
      sectionsType: 'Unexpected {{value}} for the sections of `{{key}}`, expected a list of `##` heading texts',
      orderedType: 'Unexpected {{value}} for `ordered`, expected true or false',
      contractType: 'Unexpected {{value}} for the contract of `{{key}}`, expected the name of a contract in the config',
      unknownContract: 'Unexpected unknown contract `{{value}}`, expected {{expected}}',
      hostBlockType: 'Unexpected {{value}} for `skillc.{{id}}`, expected a mapping of {{displayName}} fields',
      hostKey: 'Unexpected key `{{key}}` in `skillc.{{id}}`: {{displayName}} does not read it (expected one of {{allowed}})',
      hostName: 'Unexpected `name` in `skillc.{{id}}`: set it once at the top level, hosts must agree on it (it names the skill folder)',
      hostDescriptionType: 'Unexpected {{value}} for `skillc.{{id}}.description`, expected the description {{displayName}} gets instead of the top-level one',
      weakManual: 'Unexpected `invocation: manual` for {{hosts}}, which cannot enforce it: the model may still invoke this skill there (set `skillc.targets` to leave them out)',
      filesType: 'Unexpected {{value}} for `skillc.files`, expected a mapping of bundled file paths to `{ hosts, as }`',
      fileMissing: 'Unexpected `skillc.files` entry `{{key}}`, expected the path of a file in the skill folder',
      fileType: 'Unexpected {{value}} for `skillc.files.{{key}}`, expected `{ hosts: [...], as: <path> }`',
      fileKey: 'Unexpected key `{{name}}` in `skillc.files.{{key}}`, expected hosts or as',
      fileHost: 'Unexpected {{value}} in `skillc.files.{{key}}.hosts`, expected one of {{hosts}}',
      fileAs: 'Unexpected {{value}} for `skillc.files.{{key}}.as`, expected a path inside the skill folder (relative, no `..`)',
    },
  },
  ({ skill, hosts, config, report }) => {
    const block = field(skill, 'skillc');
    if (!block || skill.frontmatter?.errors.length) return;
    type Data = Record<string, unknown> | undefined;
    const at = (f: FrontmatterField | undefined, messageId: string, data?: Data, extra: Partial<ReportInput> = {}): void => report({ messageId, ...(data ? { data } : {}), range: (f ?? block).keyRange, ...extra });
    const atValue = (f: FrontmatterField, messageId: string, data?: Data): void => report({ messageId, ...(data ? { data } : {}), range: f.valueRange });
    if (!isMap(block.value)) return atValue(block, 'notMapping', { value: kindOf(block.value) });
    const data = block.value;
    const table = config.hostTable;
    const hostIds = Object.keys(table);
    const known = new Set<string>([...KEYS, ...hostIds]);
    for (const c of block.children ?? []) {
      if (!known.has(c.key)) at(c, 'unknownKey', { key: c.key, expected: [...KEYS, '<host id>'].join(', ') });
    }

    const invocation = child(block, 'invocation');
    if (invocation && invocation.value !== 'auto' && invocation.value !== 'manual') atValue(invocation, 'invocationValue', { value: kindOf(invocation.value) });

    const targets = child(block, 'targets');
    let targetIds = config.hosts;
    if (targets) {
      if (!stringList(targets.value)) atValue(targets, 'targetsType', { value: kindOf(targets.value) });
      else {
        for (const t of targets.value) if (!getHost(t, table)) atValue(targets, 'unknownTarget', { host: t, hosts: hostIds.join(', ') });
        targetIds = targets.value.filter((t) => getHost(t, table));
      }
    }

    const kind = child(block, 'kind');
    if (kind) {
      if (typeof kind.value !== 'string' || kind.value === '') atValue(kind, 'kindType', { value: kindOf(kind.value) });
      else if (Object.keys(config.kinds).length && !Object.prototype.hasOwnProperty.call(config.kinds, kind.value)) {
        atValue(kind, 'unknownKind', { value: kind.value, kinds: Object.keys(config.kinds).join(', ') });
      }
    }

    for (const key of ['requires', 'effects'] as const) {
      const f = child(block, key);
      if (!f) continue;
      if (!stringList(f.value)) atValue(f, 'listType', { value: kindOf(f.value), key, items: key === 'requires' ? 'skill names' : 'effects such as `email.send`' });
      else if (key === 'effects') for (const e of f.value) if (!EFFECT.test(e)) atValue(f, 'effect', { effect: e });
    }

    const artifacts = child(block, 'artifacts');
    if (artifacts) {
      if (!isMap(artifacts.value)) atValue(artifacts, 'artifactsType', { value: kindOf(artifacts.value) });
      else {
        for (const a of artifacts.children ?? []) {
          if (!isPlainFileName(a.key)) at(a, 'artifactName', { key: a.key });
          const spec = a.value;
          if (spec === null || spec === undefined) continue;
          if (!isMap(spec)) {
            atValue(a, 'artifactType', { value: kindOf(spec), key: a.key });
            continue;
          }
          for (const k of Object.keys(spec)) if (!ARTIFACT_KEYS.includes(k)) at(child(a, k) ?? a, 'artifactKey', { name: k, key: a.key });
          const sections = child(a, 'sections');
          if (sections && !stringList(sections.value)) atValue(sections, 'sectionsType', { value: kindOf(sections.value), key: a.key });
          const ordered = child(a, 'ordered');
          if (ordered && typeof ordered.value !== 'boolean') atValue(ordered, 'orderedType', { value: kindOf(ordered.value) });
          const contract = child(a, 'contract');
          if (contract) {
            const names = Object.keys(config.contracts ?? {});
            if (typeof contract.value !== 'string' || contract.value === '') atValue(contract, 'contractType', { value: kindOf(contract.value), key: a.key });
            else if (!names.includes(contract.value)) atValue(contract, 'unknownContract', { value: contract.value, expected: names.length ? `one of the config's contracts: ${names.join(', ')}` : 'a contract declared under `contracts` in the config' });
          }
        }
      }
    }

    const files = child(block, 'files');
    if (files) {
      if (!isMap(files.value)) atValue(files, 'filesType', { value: kindOf(files.value) });
      else {
        const bundled = new Set(skill.bundled.filter((b) => b.kind === 'file').map((b) => b.relPath));
        for (const f of files.children ?? []) {
          if (!bundled.has(f.key)) at(f, 'fileMissing', { key: f.key });
          if (!isMap(f.value)) {
            atValue(f, 'fileType', { value: kindOf(f.value), key: f.key });
            continue;
          }
          for (const k of Object.keys(f.value)) if (k !== 'hosts' && k !== 'as') at(child(f, k) ?? f, 'fileKey', { name: k, key: f.key });
          const fileHosts = child(f, 'hosts');
          if (fileHosts) {
            if (!stringList(fileHosts.value)) atValue(fileHosts, 'fileHost', { value: kindOf(fileHosts.value), key: f.key, hosts: hostIds.join(', ') });
            else for (const h of fileHosts.value) if (!getHost(h, table)) atValue(fileHosts, 'fileHost', { value: `\`${h}\``, key: f.key, hosts: hostIds.join(', ') });
          }
          const as = child(f, 'as');
          if (as && (typeof as.value !== 'string' || !isSafeRelPath(as.value))) atValue(as, 'fileAs', { value: kindOf(as.value), key: f.key });
        }
      }
    }

    // Host-only fields: each must be a key that host reads (frontmatter or metadata file).
    for (const id of hostIds) {
      const f = child(block, id);
      if (!f) continue;
      const host = getHost(id, table)!;
      if (!isMap(f.value)) {
        atValue(f, 'hostBlockType', { value: kindOf(f.value), id, displayName: host.displayName });
        continue;
      }
      const allowed = [...Object.keys(host.fields), ...(host.emit.metadataFile?.keys ?? [])];
      for (const c of f.children ?? []) {
        if (!allowed.includes(c.key)) at(c, 'hostKey', { key: c.key, id, displayName: host.displayName, allowed: allowed.join(', ') });
        // The name is the folder on every host; a description may differ per host (a host's own tool names, say), when written here.
        else if (c.key === 'name') at(c, 'hostName', { id });
        // Its length, trigger and tags are the description rules' (frontmatter/description-*), as that host's description.
        else if (c.key === 'description' && (typeof c.value !== 'string' || c.value.trim() === '')) {
          atValue(c, 'hostDescriptionType', { value: typeof c.value === 'string' ? 'empty string' : kindOf(c.value), id, displayName: host.displayName });
        }
      }
    }

    // Manual invocation a targeted host cannot enforce: warn, the model may still invoke it there.
    if (data.invocation === 'manual') {
      const linted = new Set(hosts.map((h) => h.id));
      const weak = targetIds.map((t) => getHost(t, table)!).filter((h) => h && h.manualInvocation === null && linted.has(h.id));
      if (weak.length) {
        at(invocation, 'weakManual', { hosts: weak.map((h) => h.displayName).join(', ') }, { severity: 'warning' });
      }
    }
  },
);

