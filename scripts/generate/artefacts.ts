// Every file (or region of a file) that `npm run generate` writes, with what it is made from.
// One list: the script writes them, `--check` and test/docs/generated.test.ts compare them, and
// a new generated artefact is one more entry here.
import fs from 'node:fs';
import path from 'node:path';
import { frontmatterSchema } from '../../src/adopt/frontmatter-schema.js';
import { sourceFormatMarkdown } from '../../src/adopt/source-format.js';
import { configSchemaWithHosts, hostTable, installFolders, outputTree } from './hosts.js';
import { replaceRegions } from './regions.js';
import { rulesIndex, rulesMetadata } from './rules.js';

export interface Artefact {
  /** The file, relative to the repository root, with `/`. */
  file: string;
  /** What the file must hold, given what it holds now (undefined: missing); a file with generated regions keeps the rest. */
  render(current: string | undefined): string;
  /** What it is made from, for the docs and the stale message. */
  from: string;
}

/** A file written whole. */
const whole = (file: string, from: string, text: () => string): Artefact => ({ file, from, render: () => text() });

/** A hand-written file whose marked regions are written (scripts/generate/regions.ts). */
function regions(file: string, from: string, parts: Readonly<Record<string, () => string>>): Artefact {
  return {
    file,
    from,
    render(current) {
      if (current === undefined) throw new Error(`${file} is missing: its generated regions live in a hand-written file`);
      return replaceRegions(current, file, Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, text()])));
    },
  };
}

export const ARTEFACTS: readonly Artefact[] = [
  whole('src/rules/metadata.ts', 'the rule modules (src/rules/index.ts)', rulesMetadata),
  whole('docs/rules/README.md', 'the rule modules (src/rules/index.ts)', rulesIndex),
  whole('schema/frontmatter.schema.json', 'the host profiles and the skillc: keys (src/adopt/frontmatter-schema.ts)', () => `${JSON.stringify(frontmatterSchema(), null, 2)}\n`),
  {
    file: 'schema/skillc.config.schema.json',
    from: 'the host profiles: the hosts enum only (scripts/generate/hosts.ts)',
    render(current) {
      if (current === undefined) throw new Error('schema/skillc.config.schema.json is missing: only its hosts enum is generated');
      return configSchemaWithHosts(current);
    },
  },
  whole('docs/source-format.md', 'the frontmatter schema (src/adopt/source-format.ts)', sourceFormatMarkdown),
  regions('README.md', 'the host profiles: the hosts table and the output tree (scripts/generate/hosts.ts)', { hosts: hostTable, 'output-tree': outputTree }),
  regions('docs/cli.md', 'the host profiles: the install folders (scripts/generate/hosts.ts)', { 'install-folders': installFolders }),
];

/** The repository holding this script. */
export const REPO = path.resolve(import.meta.dirname, '..', '..');

/** Each artefact under `root` with what it holds and what it must hold. */
export function renderArtefacts(root: string = REPO): { artefact: Artefact; current: string | undefined; text: string }[] {
  return ARTEFACTS.map((artefact) => {
    const file = path.join(root, artefact.file);
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    return { artefact, current, text: artefact.render(current) };
  });
}
