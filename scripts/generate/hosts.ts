// The host lists of the docs and the config schema, rendered from the host profiles (src/hosts/).
// Each takes the profiles as a value (default: BUILT_IN_HOSTS, what documents the shipped hosts),
// so a test can render them for a host that does not exist.
import { isDeepStrictEqual } from 'node:util';
import { parseDocument } from 'yaml';
import { MANIFEST_FILES } from '../../src/build/manifests.js';
import { hostOutputRoot, skillOutputDir } from '../../src/build/emit-skill.js';
import { BUILT_IN_HOSTS, type HostProfile } from '../../src/hosts/index.js';
import { wrapWords } from '../../src/model/text.js';

export const SHIPPED_HOSTS: readonly HostProfile[] = Object.values(BUILT_IN_HOSTS);

const code = (s: string): string => `\`${s}\``;
const cell = (s: string): string => s.replace(/\|/g, '\\|');

/** The path of the config schema's built-in host ids: `hosts` items, first alternative of `anyOf`. */
const HOSTS_ENUM = ['properties', 'hosts', 'items', 'anyOf', 0, 'enum'];

/**
 * schema/skillc.config.schema.json with its `hosts` enum set to the profiles' ids, every other
 * byte kept (the schema is hand-written: its layout and wording are not the generator's). JSON is
 * YAML, so `yaml` finds the array's span; the result is checked to differ from the input in
 * that enum alone.
 */
export function configSchemaWithHosts(current: string, hosts: readonly HostProfile[] = SHIPPED_HOSTS): string {
  const node = parseDocument(current).getIn(HOSTS_ENUM, true) as { range?: [number, number, number] } | undefined;
  if (!node?.range) throw new Error(`schema/skillc.config.schema.json: no array at ${HOSTS_ENUM.join('.')} (the schema's shape changed: update scripts/generate/hosts.ts)`);
  const [start, end] = node.range;
  const lineStart = current.lastIndexOf('\n', start) + 1;
  const indent = /^ */.exec(current.slice(lineStart))![0];
  const ids = hosts.map((h) => h.id);
  const array = `[\n${ids.map((id) => `${indent}  ${JSON.stringify(id)}`).join(',\n')}\n${indent}]`;
  const next = current.slice(0, start) + array + current.slice(end);
  const expected = JSON.parse(current) as Record<string, unknown>;
  let at: Record<string | number, unknown> = expected;
  for (const key of HOSTS_ENUM.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at.enum = ids;
  if (!isDeepStrictEqual(JSON.parse(next), expected)) throw new Error('schema/skillc.config.schema.json: setting the hosts enum changed something else');
  return next;
}

/** README.md's table of hosts: the id `--host` takes and the host, linked to the page its profile cites. */
export function hostTable(hosts: readonly HostProfile[] = SHIPPED_HOSTS): string {
  const rows = hosts.map((h) => `| ${code(h.id)} | [${cell(h.displayName)}](${h.docs}) |`);
  return ['| `--host` | host (linked to the skill docs its profile cites) |', '| --- | --- |', ...rows, ''].join('\n');
}

/** README.md's picture of `generated/`: each host's tree as the build lays it out (default `outputs`), one line a host. */
export function outputTree(hosts: readonly HostProfile[] = SHIPPED_HOSTS): string {
  const lines = hosts.map((h): [string, string[]] => {
    const skill = skillOutputDir(h, '<skill>');
    const others = [
      ...(h.emit.metadataFile ? [`${skill}/${h.emit.metadataFile.path}`] : []),
      ...(h.emit.manifests ?? []).map((kind) => `${hostOutputRoot(h)}/${MANIFEST_FILES[kind]}`),
    ];
    return [`${skill}/SKILL.md`, others];
  });
  const width = Math.max(...lines.map(([first]) => first.length)) + 2;
  return [
    '```',
    'generated/',
    ...lines.map(([first, others]) => `  ${others.length ? first.padEnd(width) + others.join('  ') : first}`),
    '  catalog.json  catalog.ts  .skillc-manifest.json',
    '```',
    '',
  ].join('\n');
}

/** docs/cli.md's install folders: one row a host with a layout, then a note for each host whose skills are uploaded. */
export function installFolders(hosts: readonly HostProfile[] = SHIPPED_HOSTS): string {
  const out = ['| host | `--project` folder | `--user` folder |', '| --- | --- | --- |'];
  for (const h of hosts) if (h.layout) out.push(`| ${h.id} | ${code(h.layout.project)} | ${code(`~/${h.layout.user}`)} |`);
  for (const h of hosts) {
    if (h.layout) continue;
    const note = `${code(h.id)} (${h.displayName}) has no install folder: its skills are uploaded, so \`install --host ${h.id}\` exits 2 and says so; zip the built ${code(`generated/${skillOutputDir(h, '<skill>')}/`)} folder instead.`;
    out.push('', ...wrapWords(note, 84));
  }
  return [...out, ''].join('\n');
}
