import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTEFACTS, REPO, renderArtefacts } from '../../scripts/generate/artefacts.js';
import { configSchemaWithHosts, SHIPPED_HOSTS } from '../../scripts/generate/hosts.js';
import { regionText, replaceRegions } from '../../scripts/generate/regions.js';
import { INSTALL_HELP } from '../../src/cli/install.js';
import { LINT_HELP } from '../../src/cli/lint.js';
import { BUILT_IN_HOSTS, type HostProfile } from '../../src/hosts/index.js';

const read = (file: string): string => fs.readFileSync(path.join(REPO, file), 'utf8');
const ids = Object.keys(BUILT_IN_HOSTS);
const installable = Object.values(BUILT_IN_HOSTS).filter((h) => h.layout).map((h) => h.id);
const uploaded = Object.values(BUILT_IN_HOSTS).filter((h) => !h.layout).map((h) => h.id);

describe('npm run generate (scripts/generate.ts)', () => {
  it('every file it writes is up to date (CI: npm run generate && git diff --exit-code)', () => {
    const stale = renderArtefacts().filter((r) => r.current !== r.text).map((r) => r.artefact.file);
    expect(stale, 'out of date: run `npm run generate` and commit the result').toEqual([]);
  });

  it('writes the rule metadata and index, both schemas, the source format and the docs host lists; is the one recipe', () => {
    expect(ARTEFACTS.map((a) => a.file).sort()).toEqual(
      ['README.md', 'docs/cli.md', 'docs/rules/README.md', 'docs/source-format.md', 'schema/frontmatter.schema.json', 'schema/skillc.config.schema.json', 'src/rules/metadata.ts'].sort(),
    );
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.generate).toBe('tsx scripts/generate.ts');
    // The old one-file recipes are gone: nothing under scripts/ regenerates one thing by itself.
    expect(fs.readdirSync(path.join(REPO, 'scripts')).filter((f) => /rules-index|source-format|schema/.test(f))).toEqual([]);
    expect(read('.ci/run')).toMatch(/npm run generate\n.*git diff --exit-code/);
  });
});

describe('every generated host list is the host profiles list (BUILT_IN_HOSTS), in its order', () => {
  it('the config schema: the hosts enum', () => {
    const schema = JSON.parse(read('schema/skillc.config.schema.json'));
    expect(schema.properties.hosts.items.anyOf[0].enum).toEqual(ids);
  });

  it('the frontmatter schema: skillc.targets, skillc.files hosts, one skillc.<host> block a host', () => {
    const skillc = JSON.parse(read('schema/frontmatter.schema.json')).properties.skillc.properties;
    expect(skillc.targets.items.enum).toEqual(ids);
    expect(skillc.files.additionalProperties.properties.hosts.items.enum).toEqual(ids);
    expect(Object.keys(skillc).filter((k) => skillc[k].description?.startsWith('Fields only '))).toEqual(ids);
  });

  it('docs/source-format.md: one per-host block a host', () => {
    expect([...read('docs/source-format.md').matchAll(/^- `skillc\.([a-z0-9-]+)` \((.*)\): /gm)].map((m) => [m[1], m[2]])).toEqual(Object.values(BUILT_IN_HOSTS).map((h) => [h.id, h.displayName]));
  });

  it("README.md: the hosts table and the output tree's host folders", () => {
    const readme = read('README.md');
    expect([...regionText(readme, 'README.md', 'hosts').matchAll(/^\| `([^`]+)` \| \[(.*)\]\((.*)\) \|$/gm)].map((m) => [m[1], m[2], m[3]])).toEqual(Object.values(BUILT_IN_HOSTS).map((h) => [h.id, h.displayName, h.docs]));
    const tree = regionText(readme, 'README.md', 'output-tree');
    expect([...tree.matchAll(/^ {2}([a-z0-9-]+)\/\S*SKILL\.md/gm)].map((m) => m[1])).toEqual(ids);
  });

  it('docs/cli.md: the install folders of every host that has them; a note for each that has none', () => {
    const region = regionText(read('docs/cli.md'), 'docs/cli.md', 'install-folders');
    const rows = [...region.matchAll(/^\| ([a-z0-9-]+) \| `(.*)` \| `~\/(.*)` \|$/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual(Object.values(BUILT_IN_HOSTS).flatMap((h) => (h.layout ? [[h.id, h.layout.project, h.layout.user]] : [])));
    expect([...region.matchAll(/^`([a-z0-9-]+)` \(.*\) has no install folder/gm)].map((m) => m[1])).toEqual(uploaded);
  });

  /** The lines of a help text that continue `option`'s description (up to the next option), and the host ids they list. */
  function helpIds(help: string, option: string): { lines: string[]; ids: string[] } {
    const all = help.split('\n');
    const at = all.findIndex((l) => l.trimStart().startsWith(option));
    const end = all.findIndex((l, i) => i > at && !/^ {27}\S/.test(l));
    const lines = all.slice(at + 1, end);
    return { lines, ids: lines.join(' ').split(/[\s,]+/).filter((w) => ids.includes(w)) };
  }

  it('skillc install --help and skillc lint --help (read from the profiles when printed)', () => {
    const install = helpIds(INSTALL_HELP, '--host <id>');
    expect(install.ids).toEqual(installable);
    expect(INSTALL_HELP).toContain(`(not ${uploaded.join(', ')}: uploaded, not installed)`);
    const lint = helpIds(LINT_HELP, '--host <ids>');
    expect(lint.ids).toEqual(ids);
    for (const line of [...install.lines, ...lint.lines]) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});

describe('generated regions of a hand-written file', () => {
  const page = 'intro\n<!-- generated by npm run generate: a (from x) -->\nold\n<!-- end generated: a -->\nmiddle\n<!-- generated by npm run generate: b -->\n<!-- end generated: b -->\nend\n';

  it('replaces only what lies between the markers', () => {
    const next = replaceRegions(page, 'p.md', { a: 'new 1\nnew 2', b: 'B\n' });
    expect(next).toBe('intro\n<!-- generated by npm run generate: a (from x) -->\nnew 1\nnew 2\n<!-- end generated: a -->\nmiddle\n<!-- generated by npm run generate: b -->\nB\n<!-- end generated: b -->\nend\n');
    expect(replaceRegions(next, 'p.md', { a: 'old\n', b: '' }).replace('<!-- generated by npm run generate: b -->\n\n', '<!-- generated by npm run generate: b -->\n')).toBe(page);
    expect(regionText(next, 'p.md', 'a')).toBe('new 1\nnew 2\n');
  });

  it('refuses a file whose markers are missing, doubled or out of order, naming the file and the region', () => {
    expect(() => replaceRegions('text\n', 'README.md', { hosts: '' })).toThrow("README.md: expected one '<!-- generated by npm run generate: hosts -->' line and one '<!-- end generated: hosts -->' line, found 0 and 0");
    expect(() => replaceRegions(page + page, 'p.md', { a: '' })).toThrow('found 2 and 2');
    expect(() => replaceRegions('<!-- end generated: a -->\n<!-- generated by npm run generate: a -->\n', 'p.md', { a: '' })).toThrow("p.md: region 'a' ends before it begins");
    // A marker quoted inside a line is not a marker.
    expect(() => replaceRegions('see `<!-- generated by npm run generate: a -->`\n', 'p.md', { a: '' })).toThrow('found 0 and 0');
  });
});

describe('the config schema keeps its hand-written text: only the hosts enum is set', () => {
  const current = read('schema/skillc.config.schema.json');
  const acme = { ...BUILT_IN_HOSTS.agentskills!, id: 'acme' } satisfies HostProfile;

  it('a new host changes the enum lines and nothing else', () => {
    const next = configSchemaWithHosts(current, [...SHIPPED_HOSTS, acme]);
    // Outside the array of ids (one a line), the text is the same byte for byte.
    const outsideIds = (text: string): string => text.split('\n').filter((line) => !/^\s+"[a-z0-9-]+",?$/.test(line)).join('\n');
    expect(outsideIds(next)).toBe(outsideIds(current));
    expect(next.split('\n').length).toBe(current.split('\n').length + 1);
    expect(JSON.parse(next).properties.hosts.items.anyOf[0].enum).toEqual([...ids, 'acme']);
    expect(configSchemaWithHosts(next)).toBe(current);
  });

  it('refuses a schema whose hosts enum moved, rather than guess', () => {
    expect(() => configSchemaWithHosts('{ "properties": {} }\n')).toThrow('no array at properties.hosts.items.anyOf.0.enum');
  });
});
