import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedApi, ENTRIES } from '../docs/api-doc.js';
import { npmEnv, packTarball, project, SKILL } from './helpers.js';

// The package as a user gets it: packed, installed into an empty project, run with npx.
// Installing needs skillc's dependencies from the npm cache or the registry.
describe('the packed package', () => {
  let tgz = '';
  const temps: string[] = [];
  beforeAll(() => {
    tgz = packTarball();
  });
  afterAll(() => {
    for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
  });

  const manifest = (): { scripts?: Record<string, string>; repository?: unknown; license?: string } =>
    JSON.parse(spawnSync('tar', ['-xzOf', tgz, 'package/package.json'], { encoding: 'utf8' }).stdout);
  const listing = (): string[] => spawnSync('tar', ['-tzf', tgz], { encoding: 'utf8' }).stdout.split('\n');

  it('has no install script, a licence, a repository and a changelog', () => {
    const pkg = manifest();
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts?.[s], s).toBeUndefined();
    expect(pkg.license).toBe('MIT');
    expect(pkg.repository).toBeTruthy();
    const files = listing();
    expect(files).toEqual(expect.arrayContaining(['package/LICENSE', 'package/CHANGELOG.md', 'package/bin/skillc.js', 'package/dist/cli/main.js', 'package/schema/skillc.config.schema.json']));
    // The shipped presets (`extends: ["skillc:tflow"]`), with their plugins; their probe trees stay in test/.
    expect(files).toEqual(expect.arrayContaining(['package/presets/tflow/skillc.config.json', 'package/presets/orchflows/validate-py.mjs', 'package/presets/orchflows/friction-owner.mjs', 'package/presets/taskflow/0.2.9.json']));
    expect(files.some((f) => f.includes('/probes/'))).toBe(false);
    expect(files.some((f) => f.startsWith('package/src/') || f.startsWith('package/test/') || f.startsWith('package/bench/'))).toBe(false);
  });

  it('installs into an empty project without a warning, and `npx skillc lint` runs there', () => {
    const home = project();
    const root = project({ 'package.json': '{"name":"empty-project","private":true}\n' });
    temps.push(home, root);
    const env = npmEnv(home);
    const install = spawnSync('npm', ['i', '-D', tgz], { cwd: root, encoding: 'utf8', env });
    expect(install.status, install.stderr).toBe(0);
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/warn/i);

    fs.mkdirSync(path.join(root, 'skills-src', 'hello'), { recursive: true });
    fs.writeFileSync(path.join(root, 'skills-src', 'hello', 'SKILL.md'), SKILL('hello', '# Hello\n\nSay hello to the user, then stop.\n'));
    const ok = spawnSync('npx', ['skillc', 'lint'], { cwd: root, encoding: 'utf8', env });
    expect(ok.status, `${ok.stdout}${ok.stderr}`).toBe(0);

    // A shipped preset with a plugin that imports a dependency (@lezer/python) loads from the installed package.
    fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ extends: ['skillc:orchflows'] }));
    const preset = spawnSync('npx', ['skillc', 'lint', '--format', 'json'], { cwd: root, encoding: 'utf8', env });
    expect(preset.status === 0 || preset.status === 1, `${preset.stdout}${preset.stderr}`).toBe(true);
    expect(preset.stdout).not.toContain('plugin/load');
    fs.rmSync(path.join(root, 'skillc.config.json'));

    fs.writeFileSync(path.join(root, 'skills-src', 'hello', 'SKILL.md'), SKILL('Bad_Name'));
    const bad = spawnSync('npx', ['skillc', 'lint'], { cwd: root, encoding: 'utf8', env });
    expect(bad.status, `${bad.stdout}${bad.stderr}`).toBe(1);
    expect(bad.stdout).toContain('frontmatter/name-format');

    // The entry points by name, as a user's code imports them: each exports the names docs/api.md lists.
    const probe = ENTRIES.map((e) => `out[${JSON.stringify(e.name)}] = Object.keys(await import(${JSON.stringify(e.name)})).sort();`).join('\n');
    fs.writeFileSync(path.join(root, 'probe.mjs'), `const out = {};\n${probe}\nprocess.stdout.write(JSON.stringify(out));\n`);
    const imported = spawnSync(process.execPath, ['probe.mjs'], { cwd: root, encoding: 'utf8', env });
    expect(imported.status, imported.stderr).toBe(0);
    const documented = documentedApi(fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8'));
    expect(JSON.parse(imported.stdout)).toEqual(Object.fromEntries(ENTRIES.map((e) => [e.name, [...documented.get(e.name)!.runtime].sort()])));
    for (const e of ENTRIES) expect(fs.existsSync(path.join(root, 'node_modules/skillc', e.dist.replace(/\.js$/, '.d.ts'))), e.name).toBe(true);

    // A plugin as docs/plugins.md writes one: typed by skillc/plugin, run by `skillc lint`,
    // tested with skillc/testing's RuleTester under node:test.
    fs.writeFileSync(
      path.join(root, 'house.mjs'),
      `import { defineRule, definePlugin } from 'skillc/plugin';
const noVendorNames = defineRule({
  scope: 'skill',
  meta: { id: 'no-vendor-names', description: 'Reports vendor names.', severity: 'error', fixable: false, defaultOptions: { words: ['Acme'] } },
  check({ skill, options, report }) {
    for (const w of options.words) {
      const at = skill.file.text.indexOf(w, skill.bodyOffset);
      if (at >= 0) report({ message: 'Unexpected vendor name ' + w + ', expected a neutral term', range: skill.file.lines.range(at, at + w.length) });
    }
  },
});
export default definePlugin({ prefix: 'house', rules: [noVendorNames] });
`,
    );
    fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ plugins: ['./house.mjs'] }));
    fs.writeFileSync(path.join(root, 'skills-src', 'hello', 'SKILL.md'), SKILL('hello', '# Hello\n\nAcme says hello.\n'));
    const vendor = spawnSync('npx', ['skillc', 'lint'], { cwd: root, encoding: 'utf8', env });
    expect(vendor.status, `${vendor.stdout}${vendor.stderr}`).toBe(1);
    expect(vendor.stdout).toContain('house/no-vendor-names');
    fs.writeFileSync(
      path.join(root, 'house.test.mjs'),
      `import { describe, it } from 'node:test';
import { loadPlugin, RuleTester } from 'skillc/testing';
const plugin = await loadPlugin('./house.mjs', process.cwd());
const rule = plugin.rules.find((r) => r.meta.id === 'house/no-vendor-names');
new RuleTester({ describe, it }).run(rule, {
  valid: [{ files: { 'SKILL.md': '---\\nname: my-skill\\ndescription: Use when testing.\\n---\\nNeutral.\\n' } }],
  invalid: [{ files: { 'SKILL.md': '---\\nname: my-skill\\ndescription: Use when testing.\\n---\\nAcme does it.\\n' }, errors: [{ line: 5, column: 1, message: 'Unexpected vendor name Acme, expected a neutral term' }] }],
});
`,
    );
    const tested = spawnSync(process.execPath, ['--test', 'house.test.mjs'], { cwd: root, encoding: 'utf8', env });
    expect(tested.status, `${tested.stdout}${tested.stderr}`).toBe(0);
    expect(tested.stdout).toMatch(/# pass 2\b/);
  });
});
