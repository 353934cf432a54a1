/**
 * docs/api.md as data: each runtime export of an entry point is a `### \`name...\`` heading
 * under that entry's `## \`skillc...\`` section, and its types are the `Types:` paragraph.
 * Read by test/docs/api.test.ts (against src/) and test/ecosystem/package.test.ts (against
 * the installed tarball).
 */

/** Entry points: the package.json `exports` key, its compiled file, its source. */
export const ENTRIES = [
  { name: 'skillc', key: '.', dist: './dist/index.js', src: 'src/index.ts' },
  { name: 'skillc/plugin', key: './plugin', dist: './dist/plugin.js', src: 'src/plugin.ts' },
  { name: 'skillc/testing', key: './testing', dist: './dist/testing.js', src: 'src/testing.ts' },
] as const;

export interface Documented {
  runtime: string[];
  types: string[];
}

/** The names docs/api.md documents for each entry point. */
export function documentedApi(markdown: string): Map<string, Documented> {
  const out = new Map<string, Documented>();
  let current: Documented | undefined;
  let inTypes = false;
  for (const line of markdown.split('\n')) {
    const section = /^## `([^`]+)`\s*$/.exec(line);
    if (section) {
      current = { runtime: [], types: [] };
      out.set(section[1]!, current);
      inTypes = false;
      continue;
    }
    if (/^## /.test(line)) current = undefined;
    if (!current) continue;
    const heading = /^### `([A-Za-z_$][\w$]*)/.exec(line);
    if (heading) current.runtime.push(heading[1]!);
    if (line.startsWith('Types:')) inTypes = true;
    if (inTypes) {
      if (!line.trim()) inTypes = false;
      else current.types.push(...[...line.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!));
    }
  }
  return out;
}

