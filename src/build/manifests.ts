import type { HostProfile } from '../hosts/profile.js';
import type { PluginConfig } from '../config/config.js';
import { hostOutputRoot, type OutputFile } from './emit-skill.js';
import { escapeHiddenChars } from '../model/hidden.js';

/** Where the build writes each manifest kind a profile names (`emit.manifests`), in the host's tree. */
export const MANIFEST_FILES: Readonly<Record<NonNullable<HostProfile['emit']['manifests']>[number], string>> = {
  'claude-plugin': '.claude-plugin/plugin.json',
  // Only when the config's `plugin.marketplace` asks for one.
  'claude-marketplace': '.claude-plugin/marketplace.json',
};

const json = (value: unknown): Buffer => Buffer.from(`${escapeHiddenChars(JSON.stringify(value, null, 2), 'json')}\n`);

/**
 * The manifests a host reads at the root of its tree, from the config's `plugin`
 * (and `marketplace`) keys. Claude Code reads `.claude-plugin/plugin.json`; a
 * marketplace file is written only when the config asks for one.
 */
export function hostManifests(host: HostProfile, plugin: PluginConfig, skills: readonly string[], outputs: Readonly<Record<string, string>> = {}): OutputFile[] {
  const out: OutputFile[] = [];
  const root = hostOutputRoot(host, outputs);
  for (const kind of host.emit.manifests ?? []) {
    if (kind === 'claude-plugin') {
      const manifest: Record<string, unknown> = { name: plugin.name };
      for (const key of ['version', 'description', 'author', 'homepage', 'repository', 'license', 'keywords'] as const) {
        if (plugin[key] !== undefined) manifest[key] = plugin[key];
      }
      // Claude Code finds skills/ beside .claude-plugin/ by default; `skills` lists them for readers.
      void skills;
      out.push({ path: `${root}/${MANIFEST_FILES[kind]}`, data: json(manifest), mode: 0o644 });
    } else if (kind === 'claude-marketplace' && plugin.marketplace) {
      const { name, owner, ...rest } = plugin.marketplace;
      const entry: Record<string, unknown> = { name: plugin.name, source: './' };
      if (plugin.description) entry.description = plugin.description;
      if (plugin.version) entry.version = plugin.version;
      out.push({ path: `${root}/${MANIFEST_FILES[kind]}`, data: json({ name, owner, ...rest, plugins: [entry] }), mode: 0o644 });
    }
  }
  return out;
}
