import type { Link } from '../model/skill.js';

/*
 * The one link classifier: the link rules, the skill graph and the build's rewriting of
 * links in included fragments all ask it what a link target is.
 */

/**
 * What a link target is, by its spelling alone:
 * - `empty`: `[x]()` or `<>`;
 * - `self`: only a `#fragment` (or `?query`), into SKILL.md itself;
 * - `external`: has a URL scheme (`https:`, `mailto:`, ...) or is protocol-relative (`//host`);
 * - `file-url`, `absolute` (also `~/`), `drive`: point at the author's disk, never inside the skill;
 * - `relative`: a path relative to SKILL.md.
 */
export type TargetKind = 'empty' | 'self' | 'external' | 'file-url' | 'absolute' | 'drive' | 'relative';

export interface Target {
  link: Link;
  kind: TargetKind;
  /** For `relative`: the path, percent-decoded, `\` read as `/`, `#` and `?` parts removed. */
  path: string;
  /** The decoded fragment without `#`, or undefined when there is none (or it is empty). */
  fragment: string | undefined;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// One letter and a colon: `C:\x`, `C:/x`, `C:` (a one-letter URL scheme does not exist in practice).
const DRIVE = /^[a-z]:(?:[\\/]|$)/i;

/** Percent-decodes, keeping the raw text when the encoding is malformed (`%E0%A4%A`). */
export function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What a link target is, from its URL as written. */
export function classifyUrl(raw: string): Omit<Target, 'link'> {
  const url = raw.trim();
  const hash = url.indexOf('#');
  const rawFragment = hash >= 0 ? url.slice(hash + 1) : '';
  const fragment = rawFragment ? decode(rawFragment) : undefined;
  const base = { path: '', fragment };
  if (url === '') return { ...base, kind: 'empty' };
  if (DRIVE.test(url)) return { ...base, kind: 'drive' };
  if (/^file:/i.test(url)) return { ...base, kind: 'file-url' };
  if (SCHEME.test(url)) return { ...base, kind: 'external' };
  if (url.startsWith('//')) return { ...base, kind: 'external' };
  // `~/x` is the author's home folder, as absolute as `/x` to whoever installs the skill.
  if (url.startsWith('/') || url.startsWith('\\') || /^~(?:[\\/]|$)/.test(url)) return { ...base, kind: 'absolute' };
  let rest = hash >= 0 ? url.slice(0, hash) : url;
  const query = rest.indexOf('?');
  if (query >= 0) rest = rest.slice(0, query);
  if (rest === '') return { ...base, kind: fragment === undefined && hash < 0 && query < 0 ? 'empty' : 'self' };
  return { ...base, kind: 'relative', path: decode(rest).replace(/\\/g, '/') };
}

export function classify(link: Link): Target {
  return { link, ...classifyUrl(link.url) };
}
