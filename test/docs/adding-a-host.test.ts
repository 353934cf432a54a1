import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTEFACTS, REPO } from '../../scripts/generate/artefacts.js';
import { tempDir } from '../helpers.js';

// docs/architecture.md's worked example, done: in a copy of the repository, the profile module and
// the registry line the page shows, then `npm run generate` (its script, through tsx), and every
// generated host list names the new host. Nothing else is edited: that is the claim being tested.

const doc = fs.readFileSync(path.join(REPO, 'docs', 'architecture.md'), 'utf8');
const example = doc.slice(doc.indexOf('### Worked example: adding a host'));
const blocks = [...example.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

/** Runs a TypeScript file of the copy as `npm run generate` does (tsx over the sources; its cache in the run's temporary folder). */
function run(root: string, file: string, args: string[] = []): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [tsx, file, ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : { TSX_DISABLE_CACHE: '1' }) } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('docs/architecture.md: adding a host is its profile, one registry line and npm run generate', () => {
  it('the example host appears in every generated host list, and --check passes after', () => {
    const profile = blocks.find((b) => b.startsWith('// src/hosts/acme.ts\n'));
    const registry = blocks.find((b) => b.includes('export const BUILT_IN_HOSTS'));
    expect(profile, 'the page shows the profile module').toBeDefined();
    expect(registry, 'the page shows the registry line').toBeDefined();
    const importLine = registry!.split('\n').find((l) => l.startsWith('import '))!;
    expect(importLine).toBe("import { acme } from './acme.js';");
    expect(registry).toMatch(/^export const BUILT_IN_HOSTS: Readonly<Record<string, HostProfile>> = \{ .*, acme \};$/m);

    // The copy: the sources, the scripts, and the files the generator writes (node_modules linked).
    const root = tempDir('skillc-add-host-');
    for (const dir of ['src', 'scripts']) fs.cpSync(path.join(REPO, dir), path.join(root, dir), { recursive: true });
    for (const file of ['package.json', 'tsconfig.json', ...ARTEFACTS.map((a) => a.file)]) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.copyFileSync(path.join(REPO, file), path.join(root, file));
    }
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');

    fs.writeFileSync(path.join(root, 'src', 'hosts', 'acme.ts'), profile!);
    const index = path.join(root, 'src', 'hosts', 'index.ts');
    const lines = fs.readFileSync(index, 'utf8').split('\n');
    const firstExport = lines.findIndex((l) => l.startsWith('export '));
    lines.splice(firstExport, 0, importLine);
    const at = lines.findIndex((l) => l.startsWith('export const BUILT_IN_HOSTS'));
    expect(lines[at]).toMatch(/ \};$/);
    lines[at] = lines[at]!.replace(/ \};$/, ', acme };');
    fs.writeFileSync(index, lines.join('\n'));

    const generated = run(root, 'scripts/generate.ts');
    expect(generated.stderr).toBe('');
    expect(generated.status).toBe(0);
    // Every file holding a host list is rewritten, and only those: the rule files name no host.
    const written = [...generated.stdout.matchAll(/^generate: wrote (.*)$/gm)].map((m) => m[1]).sort();
    expect(written).toEqual(['README.md', 'docs/cli.md', 'docs/source-format.md', 'schema/frontmatter.schema.json', 'schema/skillc.config.schema.json']);

    const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');
    expect(JSON.parse(read('schema/skillc.config.schema.json')).properties.hosts.items.anyOf[0].enum.at(-1)).toBe('acme');
    const skillc = JSON.parse(read('schema/frontmatter.schema.json')).properties.skillc.properties;
    expect(skillc.targets.items.enum.at(-1)).toBe('acme');
    expect(skillc.files.additionalProperties.properties.hosts.items.enum.at(-1)).toBe('acme');
    expect(skillc.acme.description).toBe('Fields only Acme Agent reads, emitted for it alone.');
    expect(read('docs/source-format.md')).toContain('- `skillc.acme` (Acme Agent): no keys of its own\n');
    const readme = read('README.md');
    expect(readme).toContain('| `acme` | [Acme Agent](https://acme.example/docs/skills) |\n<!-- end generated: hosts -->');
    expect(readme).toContain('  acme/<skill>/SKILL.md\n  catalog.json');
    expect(read('docs/cli.md')).toContain('| hermes | `.hermes/skills` | `~/.hermes/skills` |\n| acme | `.acme/skills` | `~/.acme/skills` |\n');

    // The profile type-checks as the page shows it (tsc over the copy's hosts), and the CLI of the
    // copy takes the new host everywhere: its help lists it, lint and build run for it, install
    // knows its folder.
    const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('@typescript/native/package.json')), 'bin', 'tsc');
    fs.writeFileSync(path.join(root, 'tsconfig.hosts.json'), JSON.stringify({ extends: './tsconfig.json', include: ['src/hosts/index.ts'] }));
    const typed = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.hosts.json', '--noEmit'], { cwd: root, encoding: 'utf8' });
    expect(typed.stdout + typed.stderr).toBe('');
    expect(typed.status).toBe(0);

    const project = path.join(root, 'project');
    fs.mkdirSync(path.join(project, 'skills-src', 'demo'), { recursive: true });
    fs.writeFileSync(path.join(project, 'skills-src', 'demo', 'SKILL.md'), '---\nname: demo\ndescription: Use when the user asks for a demo of the widget.\n---\n\n# Demo\n\nSteps.\n');
    fs.writeFileSync(path.join(root, 'cli.ts'), "import { main } from './src/cli/main.js';\nfor (const argv of JSON.parse(process.argv[2]!) as string[][]) process.stdout.write(`\\0${await main(argv)}\\0`);\n");
    const runs = [['install', '--help'], ['lint', '--help'], ['lint', '--host', 'acme'], ['build', '--host', 'acme'], ['install', '--host', 'acme', '--dry-run']];
    const cli = spawnSync(process.execPath, [tsx, path.join(root, 'cli.ts'), JSON.stringify(runs)], { cwd: project, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: project, NO_COLOR: '1', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : { TSX_DISABLE_CACHE: '1' }) } });
    expect(cli.stderr).toBe('');
    const parts = cli.stdout.split('\0');
    const outputs = runs.map((_, i) => ({ out: parts[2 * i]!, code: parts[2 * i + 1] }));
    expect(outputs.map((o) => o.code)).toEqual(['0', '0', '0', '0', '0']);
    const [installHelp, lintHelp, linted, built, installed] = outputs.map((o) => o.out);
    expect(installHelp).toMatch(/--host <id> {10}the host \(not claude-upload: uploaded, not installed\):\n( {27}.*\n)*? {27}.*\bhermes, acme\n/);
    expect(lintHelp).toMatch(/--host <ids>[^\n]*\n( {27}.*\n)*? {27}.*\bhermes, acme, or an id\b/);
    expect(linted).toBe('');
    expect(built).toMatch(/^skillc build: 1 skill for acme -> generated\//);
    expect(fs.readFileSync(path.join(project, 'generated', 'acme', 'demo', 'SKILL.md'), 'utf8')).toContain('name: demo\n');
    expect(installed).toContain('.acme/skills/demo/SKILL.md');

    const check = run(root, 'scripts/generate.ts', ['--check']);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
