import { createHash } from 'node:crypto';
import type { ArtifactSchema } from '../analysis/artifacts.js';
import type { OutputFile } from './emit-skill.js';
import { escapeHiddenChars } from '../model/hidden.js';

export interface CatalogEntry {
  name: string;
  description: string;
  hosts: string[];
  requires: string[];
  /** `auto` or `manual` (skillc.invocation). */
  invocation: string;
  /** Side effects the workflow may take (skillc.effects). */
  effects: string[];
  artifacts: ArtifactSchema[];
  /** Source folder relative to the project root, with `/`. */
  source: string;
  sourceHash: string;
  outputHash: string;
}

export function hashFiles(files: readonly OutputFile[]): string {
  const h = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) h.update(f.path).update('\0').update(f.data).update('\0');
  return h.digest('hex');
}

/** generated/catalog.json: every skill with its hosts, requirements, artifacts and hashes. */
export function catalogJson(entries: readonly CatalogEntry[]): OutputFile {
  const doc = { version: 1, skills: entries.map((e) => ({ ...e, artifacts: e.artifacts.map((a) => ({ name: a.name, sections: a.sections, ordered: a.ordered })) })) };
  return { path: 'catalog.json', data: Buffer.from(`${escapeHiddenChars(JSON.stringify(doc, null, 2), 'json')}\n`), mode: 0o644 };
}

/** A TypeScript identifier from words: `release-notes` + `notes.md` -> ReleaseNotesNotesMd. */
export function pascal(...parts: string[]): string {
  const id = parts
    .join(' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[A-Za-z]/.test(id) ? id : `A${id}`;
}

export interface ArtifactBinding {
  skill: string;
  artifact: ArtifactSchema;
  /** Base identifier: the type is `${id}Section`, the validator `validate${id}`. */
  id: string;
}

/** Unique identifiers for every artifact schema of the catalog. */
export function artifactBindings(entries: readonly CatalogEntry[]): ArtifactBinding[] {
  const used = new Map<string, number>();
  const out: ArtifactBinding[] = [];
  for (const e of entries) {
    for (const a of e.artifacts) {
      let id = pascal(e.name, a.name);
      const n = used.get(id) ?? 0;
      used.set(id, n + 1);
      if (n) id = `${id}${n + 1}`;
      out.push({ skill: e.name, artifact: a, id });
    }
  }
  return out;
}
