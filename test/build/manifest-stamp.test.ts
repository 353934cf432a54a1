// A rebuild reuses the output manifest's bytes only while the build cache's stamp says they are
// the text a build makes of its entries; a hand edit of the manifest is still found and repaired.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { tempProject } from './helpers.js';

function project(): string {
  const files: Record<string, string> = {
    'skillc.config.json': JSON.stringify({ sources: 'skills-src', out: 'generated', hosts: ['agentskills', 'claude'], plugin: { name: 'stamp-fixture' } }),
  };
  for (const name of ['alpha', 'bravo']) {
    files[`skills-src/${name}/SKILL.md`] = `---\nname: ${name}\ndescription: Use when the user asks for the ${name} report of a repository.\n---\n\n# ${name}\n\nSteps.\n`;
  }
  return tempProject(files);
}

const manifestOf = (dir: string): string => path.join(dir, 'generated', '.skillc-manifest.json');
/** Makes the manifest old enough for its stat to be trusted (see `trustedStat`). */
const age = (file: string): void => fs.utimesSync(file, new Date(), new Date(Date.now() - 5000));
const cacheStamp = (dir: string): unknown => {
  const folder = path.join(dir, 'node_modules', '.cache', 'skillc');
  const file = fs.readdirSync(folder).find((f) => f.startsWith('build-'))!;
  return (JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { manifest?: unknown }).manifest;
};

describe('the output manifest stamp', () => {
  it('is kept once the manifest is found up to date, and the manifest is then left as it is', async () => {
    const dir = project();
    expect((await build({ cwd: dir, incremental: true })).errorCount).toBe(0);
    const file = manifestOf(dir);
    const bytes = fs.readFileSync(file);
    age(file);
    await build({ cwd: dir, incremental: true });
    expect(cacheStamp(dir)).toEqual([bytes.length, fs.statSync(file).mtimeMs, fs.statSync(file).ino]);
    const before = fs.statSync(file);
    const r = await build({ cwd: dir, incremental: true });
    expect(r.written).toBeFalsy();
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(fs.readFileSync(file)).toEqual(bytes);
  });

  it('does not hide a hand edit of the manifest: --check reports it and a build repairs it', async () => {
    const dir = project();
    await build({ cwd: dir, incremental: true });
    const file = manifestOf(dir);
    const bytes = fs.readFileSync(file);
    age(file);
    await build({ cwd: dir, incremental: true });
    expect(cacheStamp(dir)).toBeDefined();
    // The same entries, written another way (valid JSON), made to look old.
    fs.writeFileSync(file, JSON.stringify(JSON.parse(bytes.toString('utf8'))));
    age(file);
    const check = await build({ cwd: dir, incremental: true, check: true });
    expect(check.drift?.changed).toContain('.skillc-manifest.json');
    await build({ cwd: dir, incremental: true });
    expect(fs.readFileSync(file)).toEqual(bytes);
  });

  it('makes the manifest again when an output changed', async () => {
    const dir = project();
    await build({ cwd: dir, incremental: true });
    const file = manifestOf(dir);
    age(file);
    await build({ cwd: dir, incremental: true });
    fs.appendFileSync(path.join(dir, 'skills-src', 'bravo', 'SKILL.md'), '\nEdited.\n');
    await build({ cwd: dir, incremental: true });
    const clean = await build({ cwd: dir, out: 'clean-out' });
    expect(clean.errorCount).toBe(0);
    expect(fs.readFileSync(file)).toEqual(fs.readFileSync(path.join(dir, 'clean-out', '.skillc-manifest.json')));
  });
});
