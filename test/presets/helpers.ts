import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lint } from '../../src/lint/engine.js';
import { corpus } from '../helpers.js';

/** The shipped presets (`skillc:<name>` in `extends`), and the probe trees that test them. */
export const presets = path.resolve(import.meta.dirname, '../../presets');
export const probeTrees = path.resolve(import.meta.dirname, '../fixtures/presets');
/** A shipped preset's config file, as `extends: ["skillc:<name>"]` resolves it. */
export const presetConfig = (preset: string): string => path.join(presets, preset, 'skillc.config.json');
export { corpus };

export type Tree = Record<string, string | { symlink: string } | { text: string; mode: number }>;

export interface Finding {
  file: string;
  line: number;
  ruleId: string;
  message: string;
}

/**
 * Lints a tree the way a team that migrated would: its own skillc.config.json
 * extends the shipped preset by name (`skillc:<preset>`).
 */
export async function lintWithPreset(preset: string, files: Tree, own: Record<string, unknown> = {}): Promise<{ findings: Finding[]; internalErrors: number }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `skillc-preset-${preset}-`));
  try {
    for (const [rel, content] of Object.entries(files)) {
      const p = path.join(root, 'skills', rel);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      if (typeof content === 'string') fs.writeFileSync(p, content);
      else if ('symlink' in content) fs.symlinkSync(content.symlink, p);
      else fs.writeFileSync(p, content.text, { mode: content.mode });
    }
    fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: 'skills', extends: [`skillc:${preset}`], ...own }));
    const result = await lint({ cwd: root });
    const findings = result.files.flatMap((f) => f.messages.map((m) => ({ file: path.relative(path.join(root, 'skills'), f.path), line: m.line, ruleId: m.ruleId, message: m.message })));
    return { findings, internalErrors: result.internalErrors };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Lints a corpus tree in place with a preset's config file. */
export async function lintCorpus(tree: string, preset: string, paths: string[]): Promise<{ findings: Finding[]; internalErrors: number }> {
  const cwd = path.join(corpus, tree);
  const result = await lint({ cwd, paths, configFile: presetConfig(preset) });
  const findings = result.files.flatMap((f) => f.messages.map((m) => ({ file: path.relative(cwd, f.path), line: m.line, ruleId: m.ruleId, message: m.message })));
  return { findings, internalErrors: result.internalErrors };
}

/** The rule ids a preset configures itself (its `rules` keys), i.e. what it adds to skillc's defaults. */
export function presetRules(preset: string): Set<string> {
  const config = JSON.parse(fs.readFileSync(presetConfig(preset), 'utf8')) as { rules: Record<string, unknown> };
  return new Set(Object.keys(config.rules));
}
