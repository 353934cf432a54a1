import path from 'node:path';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { locate, scopeOf, splitPlaceholder, strayedTo, type PathScope } from './scope.js';
import { bundledEntry, linkSources, noun } from './shared.js';

export interface Options {
  mentions: boolean;
}

const INSIDE = 'expected a path inside the skill folder';

/** What a path leaves: the plugin folder when the skill ships inside a plugin installed whole, else the skill folder. */
function boundary(scope: PathScope): { outside: string; inside: string } {
  return scope.inPlugin
    ? { outside: 'outside the plugin folder', inside: 'expected a path inside the plugin folder (a plugin is installed without the files around it)' }
    : { outside: 'outside the skill folder', inside: INSIDE };
}

/**
 * For a link out of the skill to another skill's SKILL.md (`../other/SKILL.md`): the expectation
 * to name that skill instead, as skills name each other, since the path holds only where both were
 * installed side by side. Undefined for any other target.
 */
function skillByName(target: string, scope: PathScope): string | undefined {
  const parts = target.split('/').filter((p) => p && p !== '.');
  if (parts.length < 2 || parts.at(-1) !== 'SKILL.md' || parts.at(-2) === '..') return undefined;
  const why = scope.inPlugin ? 'a plugin is installed without the files around it' : 'each skill is installed on its own';
  return `expected the skill's name (\`${show(parts.at(-2)!, 40)}\`) instead of a path to it (${why})`;
}

/**
 * What to write instead of a skill placeholder whose file sits above the skill: the host's plugin
 * variable when the file is at the plugin's root (or below it) and the hosts install the plugin
 * whole (`${CLAUDE_PLUGIN_ROOT}/scanner.sh`), else a path inside the skill folder.
 */
function strayedExpectation(scope: PathScope, found: string): string {
  if (!scope.inPlugin) return INSIDE;
  const inPlugin = path.posix.normalize(path.posix.join(scope.inPlugin, found));
  if (inPlugin.startsWith('../')) return INSIDE;
  for (const [spelling, base] of scope.placeholders) {
    if (base === 'plugin' && spelling.startsWith('${')) return `expected \`${spelling}/${show(inPlugin, 60)}\` (the plugin folder) or the file moved into the skill folder`;
  }
  return INSIDE;
}

/** An inline-code span that is just a `../` path, like `../shared/references/x.md`. */
const PARENT_PATH = /^\.\.[\\/](?=[^\s]*[^\s./\\])[^\s<>"'`*?|]+$/;
/**
 * An inline-code span that is just a path under a placeholder, like `{baseDir}/scanner.sh`: no
 * white space, and a `/` after its first character with a non-empty rest free of `<>"'`*?|`. The
 * last such `/` decides (a shorter rest is cleaner); `/^\S+\/[^\s<>"'`*?|]+$/` tried every `/`, each to the end.
 */
function isPlaceholderPath(value: string): boolean {
  if (/\s/.test(value)) return false;
  const slash = value.lastIndexOf('/', value.length - 2);
  return slash >= 1 && !/[<>"'`*?|]/.test(value.slice(slash + 1));
}

export default defineSkillRule<Options>(
  {
    id: 'links/escape',
    description: 'Reports a link, path or symlink that points outside the skill folder, in SKILL.md and in the Markdown files it links to.',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { mentions: { type: 'boolean' } },
      additionalProperties: false,
    },
    defaultOptions: { mentions: true },
    messages: {
      outside: 'Unexpected symlink `{{relPath}}`{{detail}} outside the skill folder, expected a file inside it',
    },
  },
  ({ skill, options, hosts, config, report }) => {
    // Symlinks are listed even when SKILL.md cannot be parsed.
    for (const b of skill.bundled) {
      if (b.kind !== 'symlink' || !b.escapes) continue;
      const to = b.symlinkTarget ? path.relative(path.dirname(b.path), b.symlinkTarget).split(path.sep).join('/') : '';
      report({
        messageId: 'outside', data: { relPath: show(b.relPath, 60), detail: to ? ` to \`${show(to, 60)}\`` : '' },
        file: b.path,
      });
    }
    if (!parsed(skill)) return;
    const scope = scopeOf(skill, hosts, config);
    const { outside, inside } = boundary(scope);
    // The links of SKILL.md and of the Markdown files it links to (resolved from their own folder).
    for (const source of linkSources(skill, config.sources)) {
      for (const t of source.targets) {
        // A fragment's link out of the skill is copied into it by the build (and refused by the build, `build/include`,
        // out of the sources root): not this rule's.
        if (source.into && t.kind === 'relative' && !/^(?:\$|\{)/.test(t.path)) continue;
        const what = noun(t.link);
        const url = show(t.link.url, 60);
        let message: string | undefined;
        if (t.kind === 'absolute') message = `Unexpected ${what} to absolute path \`${url}\`, ${INSIDE}`;
        else if (t.kind === 'file-url') message = `Unexpected ${what} to \`file:\` URL \`${url}\`, ${INSIDE}`;
        else if (t.kind === 'drive') message = `Unexpected ${what} to drive path \`${url}\`, ${INSIDE}`;
        else if (t.kind === 'relative') {
          const place = locate(scope, source.from, t.path);
          if (place.where === 'outside') message = `Unexpected ${what} to \`${url}\` ${outside}, ${skillByName(t.path, scope) ?? inside}`;
          else if (place.placeholder && place.where === 'skill' && !bundledEntry(skill, place.rel) && !skill.bundle.exists(place.rel)) {
            // `{baseDir}/scanner.sh` where `scanner.sh` sits above the skill: the placeholder is the skill folder.
            const found = strayedTo(place, skill.bundle.exists);
            if (found) message = `Unexpected ${what} to \`${url}\` outside the skill folder: \`${show(place.placeholder, 40)}\` is the skill folder and the file is at \`${show(found, 60)}\`, ${strayedExpectation(scope, found)}`;
          }
        }
        if (message) report({ message, range: t.link.range, ...(source.reportFile ? { file: source.reportFile } : {}) });
      }
    }
    if (!options.mentions) return;
    // A path named in code is followed by agents as surely as a link, but only flag ones that exist:
    // a `../../etc/passwd` in a security checklist is an example, not a reference.
    // Once per path: the tenth mention of the same shared file adds nothing.
    const seen = new Set<string>();
    for (const code of skill.inlineCode) {
      const value = code.value.trim();
      const placeholder = splitPlaceholder(value);
      if (!PARENT_PATH.test(value) && !(placeholder && isPlaceholderPath(value))) continue;
      const target = value.replace(/\\/g, '/');
      const place = locate(scope, '', target);
      let message: string | undefined;
      if (place.where === 'outside' && !seen.has(place.rel) && skill.bundle.exists(place.rel)) {
        message = `Unexpected path \`${show(value, 60)}\` ${outside}, ${inside}`;
      } else if (placeholder && place.where === 'skill' && !seen.has(place.rel) && !bundledEntry(skill, place.rel) && !skill.bundle.exists(place.rel)) {
        const found = strayedTo(place, skill.bundle.exists);
        if (found) message = `Unexpected path \`${show(value, 60)}\` outside the skill folder: \`${show(place.placeholder ?? '', 40)}\` is the skill folder and the file is at \`${show(found, 60)}\`, ${strayedExpectation(scope, found)}`;
      }
      if (!message) continue;
      seen.add(place.rel);
      report({ message, range: code.range, severity: 'warning' });
    }
  },
);
