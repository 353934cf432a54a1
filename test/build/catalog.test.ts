import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Project, ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { CHECKED_FILE, catalogCheckKey, catalogText, catalogTypeErrors } from '../../src/build/catalog-ts.js';
import type { CatalogEntry } from '../../src/build/catalog.js';
import { copyFixture, tempDir } from './helpers.js';

interface Result {
  ok: boolean;
  problems: string[];
  sections: Record<string, string>;
}

const GOOD = '## Summary\n\nOne fix.\n\n## Breaking changes\n\nNone.\n\n## Contributors\n\n- ada\n';

describe('build: generated/catalog.ts', async () => {
  const dir = copyFixture('basic');
  const result = await build({ cwd: dir });
  const source = fs.readFileSync(path.join(dir, 'generated', 'catalog.ts'), 'utf8');

  it('type-checks under strict settings', () => {
    expect(result.errorCount).toBe(0);
    const project = new Project({
      useInMemoryFileSystem: true,
      compilerOptions: { strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noImplicitReturns: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    });
    project.createSourceFile('catalog.ts', source);
    // A consumer: the names are a closed union, the validators typed by their sections.
    project.createSourceFile(
      'use.ts',
      `import { CATALOG, SKILL_NAMES, validateReleaseNotesNotesMd, type SkillName, type ReleaseNotesNotesMdSection } from './catalog';
const n: SkillName = 'release-notes';
const s: ReleaseNotesNotesMdSection = 'Breaking changes';
const r = validateReleaseNotesNotesMd('');
const text: string | undefined = r.sections[s];
export const all: readonly SkillName[] = SKILL_NAMES;
export const info = CATALOG[n].requires;
export { text };
`,
    );
    const bad = project.createSourceFile('bad.ts', `import type { SkillName } from './catalog';\nexport const n: SkillName = 'no-such-skill';\n`);
    const messages = project.getPreEmitDiagnostics().map((d) => {
      const text = d.getMessageText();
      return `${d.getSourceFile()?.getBaseName()}: ${typeof text === 'string' ? text : text.getMessageText()}`;
    });
    // Only the deliberate mistake fails: the union of names is closed.
    expect(messages.length).toBe(1);
    expect(messages[0]).toMatch(/^bad\.ts: Type '"no-such-skill"' is not assignable to type/);
    void bad;
  });

  it('runs: the validators accept a good artifact and reject a bad one', async () => {
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    const tmp = tempDir('skillc-catalog-');
    const file = path.join(tmp, 'catalog.mjs');
    fs.writeFileSync(file, js);
    const mod = (await import(pathToFileURL(file).href)) as {
      SKILL_NAMES: readonly string[];
      CATALOG: Record<string, { requires: readonly string[]; artifacts: readonly string[] }>;
      validateReleaseNotesNotesMd: (text: string) => Result;
    };
    expect(mod.SKILL_NAMES).toEqual(['changelog-style', 'release-notes']);
    expect(mod.CATALOG['release-notes']).toMatchObject({ requires: ['changelog-style'], artifacts: ['notes.md'] });

    const validate = mod.validateReleaseNotesNotesMd;
    const good = validate(GOOD);
    expect(good).toEqual({ ok: true, problems: [], sections: { Summary: 'One fix.', 'Breaking changes': 'None.', Contributors: '- ada' } });

    const missing = validate('## Summary\n\nx\n\n## Contributors\n\n- ada\n');
    expect(missing.ok).toBe(false);
    expect(missing.problems).toEqual(['Missing required section `## Breaking changes` in `notes.md`']);

    for (const empty of ['', '  \n\n']) {
      const r = validate(empty);
      expect(r.ok).toBe(false);
      expect(r.problems).toEqual(['Unexpected empty artifact `notes.md`']);
    }

    const disordered = validate('## Breaking changes\n\nNone.\n\n## Summary\n\nx\n\n## Contributors\n\n- ada\n');
    expect(disordered.ok).toBe(false);
    expect(disordered.problems.some((p) => p.includes('out of order'))).toBe(true);

    // A heading inside a code fence is not a section.
    const fenced = validate('## Summary\n\nx\n\n```md\n## Breaking changes\n```\n\n## Contributors\n\n- ada\n');
    expect(fenced.ok).toBe(false);
    expect(fenced.problems).toEqual(['Missing required section `## Breaking changes` in `notes.md`']);
  });

  it('is listed in catalog.json with the same skills and artifacts', () => {
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'generated', 'catalog.json'), 'utf8'));
    expect(json.version).toBe(1);
    expect(json.skills.map((s: { name: string }) => s.name)).toEqual(['changelog-style', 'release-notes']);
    expect(json.skills[1].artifacts).toEqual([{ name: 'notes.md', sections: ['Summary', 'Breaking changes', 'Contributors'], ordered: true }]);
    expect(json.skills[1].source).toBe('skills-src/release-notes');
  });
});

describe('build: the catalog.ts type check', () => {
  const entry = (name: string, artifact: string): CatalogEntry => ({
    name,
    description: `A skill whose description holds */ and "quotes"`,
    hosts: ['claude'],
    requires: [],
    invocation: 'auto',
    effects: [],
    artifacts: [{ name: artifact, sections: ['A', 'B'], ordered: true }],
    source: `skills-src/${name}`,
    sourceHash: '',
    outputHash: '',
  });

  it('passes the text skillc writes, even with comment closers in names, and reports a broken one by line', async () => {
    const text = catalogText([entry('one', 'out */ x.md'), entry('two', 'two.md')]);
    expect(await catalogTypeErrors(text)).toEqual([]);
    const broken = text.replace('readonly hosts: readonly string[];', 'readonly hosts: readonly Strin[];');
    const errors = await catalogTypeErrors(broken);
    expect(errors).toEqual([expect.stringMatching(/^catalog\.ts:10: Cannot find name 'Strin'/)]);
  });

  it('remembers a text checked clean (keyed on the text) and never a broken one; the same bytes on disk need no check', async () => {
    const cacheDir = tempDir('skillc-catalog-check-');
    const file = path.join(cacheDir, CHECKED_FILE);
    const text = catalogText([entry('one', 'one.md')]);
    const broken = `${text}export const x: number = 'no';\n`;

    // Read-only (as build --check is): nothing is written.
    expect(await catalogTypeErrors(text, { cacheDir })).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    expect(await catalogTypeErrors(text, { cacheDir, record: true })).toEqual([]);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).checked).toHaveLength(1);
    expect((await catalogTypeErrors(broken, { cacheDir, record: true })).length).toBe(1);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).checked).toHaveLength(1);

    // A remembered text is not checked again (plant the broken text's key: it passes unchecked).
    fs.writeFileSync(file, JSON.stringify({ checked: [catalogCheckKey(broken)] }));
    expect(await catalogTypeErrors(broken, { cacheDir })).toEqual([]);

    // The output folder's catalog.ts with the same bytes was checked by the build that wrote it.
    expect(await catalogTypeErrors(broken, { onDisk: Buffer.from(broken) })).toEqual([]);
    expect((await catalogTypeErrors(broken, { onDisk: Buffer.from(text) })).length).toBe(1);
  });
});
