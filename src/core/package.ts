import fs from 'node:fs';
import path from 'node:path';

/**
 * The package's own facts, read once from its package.json (two folders up from this
 * module in src/core/ and in dist/core/ alike).
 */
let version: string | undefined;

/** The package's version, from its package.json ('0.0.0' when it cannot be read). */
export function packageVersion(): string {
  if (version === undefined) {
    try {
      const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
      version = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    } catch {
      version = '0.0.0';
    }
  }
  return version;
}

/** The package's root folder (for docs/ and schema/). */
export function packageRoot(): string {
  return path.resolve(new URL('../..', import.meta.url).pathname);
}

/** Where the repository's files are browsed; a release is tagged `v<version>` (CONTRIBUTING.md, "Releasing"). */
const REPOSITORY_BLOB = 'https://github.com/skillc-dev/skillc/blob/';

/**
 * The one builder of links into skillc's docs (rule pages, problem pages, guides): pinned to
 * the tag of this version, so a diagnostic links the page of the rule that produced it, not
 * whatever the default branch says today. `page` is relative to docs/, e.g. `rules/body/x.md`.
 */
export function docsPageUrl(page: string): string {
  return `${REPOSITORY_BLOB}v${packageVersion()}/docs/${page}`;
}
