/**
 * Problems that the engine and the build report in the diagnostic format but that no rule
 * module produces: they cannot be turned off or configured like rules, yet each has a page
 * (docs/problems/<id>.md) that `skillc explain <id>` prints and every diagnostic links to.
 * Imports nothing, so `skillc explain` stays light.
 */
export interface ProblemMeta {
  id: string;
  description: string;
}

export const PROBLEMS: readonly ProblemMeta[] = [
  { id: 'plugin/load', description: 'A plugin named in the config could not be loaded, or exports no rules.' },
  { id: 'build/include', description: 'An include directive the build cannot expand (missing, outside the sources root, a cycle, too deep).' },
  { id: 'build/read', description: 'A file the build must copy or emit cannot be read.' },
  { id: 'build/output-clash', description: 'Two outputs of the build would be written to the same path.' },
  { id: 'build/generated-region', description: 'A generated region in a source was edited by hand: it differs from what the build renders.' },
  { id: 'build/catalog-type', description: 'The emitted catalog.ts does not type-check (a bug in skillc, or a value TypeScript cannot hold).' },
  { id: 'build/artifact-name', description: 'An artifact name in the `skillc:` block cannot be used as a file name in every host.' },
  { id: 'build/drift', description: '`build --check`: a built file differs from what the build writes, is missing, or is no longer built.' },
  { id: 'build/not-written', description: '`build --check`: a file skillc did not write lies in a folder of the output that skillc owns.' },
];

const IDS = new Set(PROBLEMS.map((p) => p.id));

export function isProblemId(id: string): boolean {
  return IDS.has(id);
}
