import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installTarget } from '../../src/adopt/install.js';
import { BUILT_IN_HOSTS } from '../../src/hosts/index.js';
import { BUILTIN_RULES } from '../../src/rules/index.js';

const repo = path.resolve(import.meta.dirname, '../..');
const ruleIds = new Set(BUILTIN_RULES.map((r) => r.meta.id));

/** The facts every profile states, each with its source and the rules that read it. */
const FACTS = ['fields', 'unknownKey', 'name', 'nameFolder', 'reservedWords', 'description', 'descriptionMarkup', 'compatibility', 'metadata', 'allowedTools', 'booleans', 'identity', 'listing'];

describe('host profiles say what each host does, with the source', () => {
  for (const host of Object.values(BUILT_IN_HOSTS)) {
    it(`${host.id}: every fact cites a page and names rules that exist`, () => {
      for (const key of FACTS) expect(host.facts[key], `${host.id}.facts.${key}`).toBeDefined();
      // Every fact, the required ones and a host's own (nameLength, descriptionLength), cites a page.
      for (const [key, fact] of Object.entries(host.facts)) {
        expect(fact.source, `${host.id}.facts.${key}`).toMatch(/https:\/\//);
        expect(fact.rules.length).toBeGreaterThan(0);
        for (const id of fact.rules) expect(ruleIds.has(id), `${host.id}.facts.${key}: ${id}`).toBe(true);
      }
      // A fact the docs do not give is said to be assumed, never invented.
      for (const fact of Object.values(host.facts)) if (/by assumption/.test(fact.note)) expect(fact.note).toMatch(/not found in .* as of 2026-12/i);
      // A rejected fact is an error, anything else at most a warning: the profile data agrees with itself.
      expect(host.facts.unknownKey!.enforcement === 'rejects').toBe(host.unknownKey === 'error');
      expect(host.facts.reservedWords!.enforcement === 'rejects').toBe(host.reservedWords.length > 0);
      expect(host.facts.nameFolder!.enforcement === 'rejects').toBe(host.nameMatchesFolder);
      expect(host.facts.descriptionMarkup!.enforcement === 'rejects').toBe(host.descriptionAngleBrackets === 'reject');
    });
  }

  it('Claude Code is not the claude.ai upload form (issue 13)', () => {
    const code = BUILT_IN_HOSTS.claude!;
    const upload = BUILT_IN_HOSTS['claude-upload']!;
    expect(code.reservedWords).toEqual([]);
    expect(upload.reservedWords).toEqual(['anthropic', 'claude']);
    expect(code.limits.descriptionMax).toBe(Number.POSITIVE_INFINITY);
    expect(upload.limits.descriptionMax).toBe(1024);
    expect(code.fields.metadata!.type).toBe('mapping');
    expect(upload.fields.metadata!.type).toBe('string-map');
    expect(code.fields['allowed-tools']!.accepts).toEqual({ commas: true, list: true });
    expect(upload.fields['allowed-tools']!.accepts).toBeUndefined();
    expect(Object.keys(upload.fields).sort()).toEqual(['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name']);
    for (const key of ['when_to_use', 'disallowed-tools', 'background', 'arguments', 'effort', 'shell', 'paths', 'hooks']) expect(code.fields[key], key).toBeDefined();
    expect(code.unknownKey).toBe('warning');
    expect(upload.unknownKey).toBe('error');
    expect(code.listing.overflow).toBe('drop-descriptions');
  });

  it('each host\'s own docs (or loader), not the spec, decide the name and length rules (issue 13)', () => {
    // OpenCode 2: `name` is a display name and the id is the folder; Gemini CLI's loader reads any name.
    for (const id of ['opencode', 'gemini']) {
      expect(BUILT_IN_HOSTS[id]!.facts.name!.enforcement, id).toBe('allows');
      expect(BUILT_IN_HOSTS[id]!.nameMatchesFolder, id).toBe(false);
      expect(BUILT_IN_HOSTS[id]!.limits.nameMax, id).toBe(Number.POSITIVE_INFINITY);
    }
    expect(BUILT_IN_HOSTS.opencode!.fields['allowed-tools']).toBeUndefined();
    expect(BUILT_IN_HOSTS.gemini!.limits.descriptionMax).toBe(Number.POSITIVE_INFINITY);
    // pi warns and loads; Codex loads any single-line name of at most 64 characters, in any folder.
    expect(['name', 'nameFolder', 'descriptionLength'].map((k) => BUILT_IN_HOSTS.pi!.facts[k]!.enforcement)).toEqual(['recommends', 'recommends', 'recommends']);
    expect(BUILT_IN_HOSTS.pi!.facts.description!.enforcement).toBe('rejects');
    expect(BUILT_IN_HOSTS.pi!.fields.metadata!.type).toBe('mapping');
    expect(BUILT_IN_HOSTS.codex!.facts.name!.enforcement).toBe('recommends');
    expect(BUILT_IN_HOSTS.codex!.facts.nameLength!.enforcement).toBe('rejects');
    expect(BUILT_IN_HOSTS.codex!.nameMatchesFolder).toBe(false);
    // Copilot: the folder "typically" matches the name.
    expect(BUILT_IN_HOSTS.copilot!.facts.nameFolder!.enforcement).toBe('recommends');
  });

  it('the config schema lists every host, in profile order', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(repo, 'schema', 'skillc.config.schema.json'), 'utf8'));
    expect(schema.properties.hosts.items.anyOf[0].enum).toEqual(Object.keys(BUILT_IN_HOSTS));
  });

  it('an upload-only host has no install folder: a usage error, not a write', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-hosts-'));
    try {
      expect(() => installTarget('claude-upload', 'project', root, root)).toThrow(/no install folder: .*uploaded/);
      expect(fs.readdirSync(root)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
