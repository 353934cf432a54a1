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
    temps.push(path.dirname(tgz));
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
    expect(files.some((f) => f.startsWith('package/src/') || f.startsWith('package/test/') || f.startsWith('package/bench/'))).toBe(false);
  });

  it('installs into an empty project without a warning, and `npx skillc lint` runs there', () => {
    const home = project();
    const root = project({ 'package.json': '{"name":"empty-project","private":true}\n' });
    temps.push(home, root);
    const env = npmEnv(home);
    const install = spawnSync('npm', ['i', '-D', tgz], { cwd: root, encoding: 'utf8', env, timeout: 240_000 });
    expect(install.status, install.stderr).toBe(0);
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/warn/i);

    fs.mkdirSync(path.join(root, 'skills-src', 'hello'), { recursive: true });
    fs.writeFileSync(path.join(root, 'skills-src', 'hello', 'SKILL.md'), SKILL('hello', '# Hello\n\nSay hello to the user, then stop.\n'));
    const ok = spawnSync('npx', ['skillc', 'lint'], { cwd: root, encoding: 'utf8', env });
    expect(ok.status, `${ok.stdout}${ok.stderr}`).toBe(0);

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
  }, 300_000);
});
