import path from 'node:path';
import type { HostProfile, PathBase } from '../../hosts/profile.js';
import type { ResolvedConfig } from '../../config/config.js';
import type { Skill } from '../../model/skill.js';
import { resolve } from './shared.js';

/**
 * Where the paths a skill names may lead, for the hosts being linted: the variables they
 * substitute (and the config's own placeholders), and the plugin folder when every host
 * installs a plugin whole and the skill sits in one (`<plugin>/skills/<skill>/SKILL.md`).
 */
export interface PathScope {
  /** By spelling as written before `/`: `${CLAUDE_SKILL_DIR}`, `$CLAUDE_SKILL_DIR`, `{baseDir}`. */
  placeholders: ReadonlyMap<string, PathBase>;
  /** The skill folder's path inside its plugin (`skills/my-skill`), when it ships in one. */
  inPlugin?: string;
  /** True when the plugin's manifest is on disk: its folder is known, so files at its root can be checked. */
  pluginKnown: boolean;
  /** What the hosts document about their variables, for messages. */
  documented: readonly string[];
}

/**
 * What a path names, after its placeholder is substituted:
 * - `skill`: inside the skill folder (`rel` skill-relative, normalized);
 * - `plugin`: outside the skill but inside its plugin folder (`rel` skill-relative, with `../`);
 * - `outside`: leaves the skill (or the plugin) folder: links/escape's;
 * - `unchecked`: under a folder that exists only where the skill runs (the project, a data folder);
 * - `unknown`: starts with a placeholder no host documents and the config does not name.
 */
export type Place =
  | { where: 'skill' | 'plugin' | 'outside'; rel: string; placeholder?: string }
  | { where: 'unchecked' | 'unknown'; rel: string; placeholder: string };

const scopes = new WeakMap<Skill, { key: string; scope: PathScope }>();

/** The scope of a skill for a run (cached: every links/ rule asks for the same one). */
export function scopeOf(skill: Skill, hosts: readonly HostProfile[], config: Pick<ResolvedConfig, 'placeholders'>): PathScope {
  const key = `${hosts.map((h) => h.id).join(',')}|${JSON.stringify(config.placeholders ?? {})}`;
  const cached = scopes.get(skill);
  if (cached?.key === key) return cached.scope;
  const placeholders = new Map<string, PathBase>();
  const documented: string[] = [];
  // A variable counts when any host substitutes it; where hosts disagree the first one's meaning wins.
  for (const h of hosts) {
    for (const [name, base] of Object.entries(h.paths?.variables ?? {})) {
      for (const spelling of [`\${${name}}`, `$${name}`]) if (!placeholders.has(spelling)) placeholders.set(spelling, base);
      documented.push(`\${${name}}`);
    }
  }
  // Conventions a host tells the agent how to read (`{baseDir}` under Claude Code), then the config's own, which win.
  for (const h of hosts) {
    for (const [spelling, base] of Object.entries(h.paths?.conventions ?? {})) {
      if (!placeholders.has(spelling)) placeholders.set(spelling, base);
      documented.push(spelling);
    }
  }
  for (const [spelling, base] of Object.entries(config.placeholders ?? {})) placeholders.set(spelling, base);
  const scope: PathScope = { placeholders, pluginKnown: false, documented: [...new Set(documented)] };
  // The plugin boundary holds only when every host installs the plugin whole: a skill copied alone loses its siblings.
  const plugin = hosts.length && hosts.every((h) => h.paths?.plugin) ? hosts[0]!.paths!.plugin! : undefined;
  if (plugin && path.basename(path.dirname(skill.dir)) === plugin.skillsDir) {
    scope.inPlugin = `${plugin.skillsDir}/${skill.dirName}`;
    scope.pluginKnown = skill.bundle.exists(`../../${plugin.manifest}`);
  }
  scopes.set(skill, { key, scope });
  return scope;
}

/** A leading `${NAME}`, `${NAME:-fallback}`, `$NAME` or `{name}` followed by `/` or the end. */
const PLACEHOLDER = /^(\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-=+?][^}]*)?\}|\$([A-Za-z_][A-Za-z0-9_]*)|\{[A-Za-z_][A-Za-z0-9_.-]*\})(?=\/|$)/;

/** The placeholder a path starts with, as the config would spell it (`${X:-y}` -> `${X}`), and the rest. */
export function splitPlaceholder(target: string): { placeholder: string; rest: string } | undefined {
  const m = PLACEHOLDER.exec(target);
  if (!m) return undefined;
  const placeholder = m[2] ? `\${${m[2]}}` : m[1]!;
  return { placeholder, rest: target.slice(m[0].length).replace(/^\/+/, '') };
}

/** Where a relative path named in a file of the skill (in folder `from`, `''` the skill folder) leads. */
export function locate(scope: PathScope, from: string, target: string): Place {
  const split = splitPlaceholder(target);
  if (split) {
    const base = scope.placeholders.get(split.placeholder) ?? scope.placeholders.get(split.placeholder.replace(/^\$\{(.*)\}$/, '$$$1'));
    if (base === undefined) return { where: 'unknown', rel: split.rest, placeholder: split.placeholder };
    if (base === 'project' || base === 'runtime') return { where: 'unchecked', rel: split.rest, placeholder: split.placeholder };
    if (base === 'plugin' && !scope.inPlugin) return { where: 'unchecked', rel: split.rest, placeholder: split.placeholder };
    const prefix = base === 'plugin' ? scope.inPlugin!.split('/').map(() => '..').join('/') : '';
    return { ...bounded(scope, resolve(prefix, split.rest || '.').rel), placeholder: split.placeholder };
  }
  return bounded(scope, resolve(from, target).rel);
}

function bounded(scope: PathScope, rel: string): Place {
  if (rel !== '..' && !rel.startsWith('../')) return { where: 'skill', rel };
  if (!scope.inPlugin) return { where: 'outside', rel };
  const inPlugin = path.posix.normalize(path.posix.join(scope.inPlugin, rel));
  return inPlugin === '..' || inPlugin.startsWith('../') ? { where: 'outside', rel } : { where: 'plugin', rel };
}

/**
 * True when a path inside the plugin but outside the skill can be checked on disk: a sibling
 * skill (the plugin's skills folder is there whenever the skill is), or any file once the
 * plugin's manifest shows its folder is complete.
 */
export function checkable(scope: PathScope, rel: string): boolean {
  if (scope.pluginKnown || !scope.inPlugin) return true;
  const skillsDir = scope.inPlugin.split('/')[0]!;
  const inPlugin = path.posix.normalize(path.posix.join(scope.inPlugin, rel));
  return inPlugin.startsWith(`${skillsDir}/`);
}

/**
 * For a path written with a skill placeholder whose file is not in the skill: the same name one or
 * two folders up (`{baseDir}/scanner.sh` with `scanner.sh` at the plugin root), which the author
 * took the placeholder to mean. The path leaves the skill: links/escape's, not a missing file.
 */
export function strayedTo(place: Place, exists: (rel: string) => boolean): string | undefined {
  if (!place.placeholder || place.where !== 'skill' || place.rel === '.') return undefined;
  for (const up of ['..', '../..']) if (exists(`${up}/${place.rel}`)) return `${up}/${place.rel}`;
  return undefined;
}
