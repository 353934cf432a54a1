import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { BUILT_IN_HOSTS } from '../../src/hosts/index.js';
import { resolveConfig } from '../../src/config/config.js';
import { checkCatalog, checkSkill, resolveRules } from '../../src/lint/engine.js';
import { applySuppressions } from '../../src/lint/suppressions.js';
import { bundleReader } from '../../src/parse/bundle.js';
import { outlineOfFile, parseSkill } from '../../src/parse/skill.js';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { structured as richer } from './arbitraries.js';
import { tempDir } from '../helpers.js';

// A fixed seed keeps CI reproducible; FUZZ_RUNS=5000 FUZZ_SEED=... for a longer local run.
const seed = Number(process.env.FUZZ_SEED ?? 20261129);
const numRuns = Number(process.env.FUZZ_RUNS ?? 150);

const dir = tempDir('skillc-fuzz-');
const skillDir = path.join(dir, 'fuzz-skill');
fs.mkdirSync(skillDir);
const config = resolveConfig({ hosts: Object.keys(BUILT_IN_HOSTS) }, dir);
const active = resolveRules(config, BUILTIN_RULES);
const hosts = Object.values(BUILT_IN_HOSTS);
const known = new Set(BUILTIN_RULES.map((r) => r.meta.id));

function lintText(text: string): Diagnostic[] {
  const skill = parseSkill({ dir: skillDir, text, bundled: [], bundle: bundleReader(skillDir, outlineOfFile) });
  const out = { diagnostics: [] as Diagnostic[], internalErrors: 0 };
  checkSkill(skill, active, hosts, config, out);
  checkCatalog({ skills: [skill] }, active, hosts, config, out);
  expect(out.internalErrors, out.diagnostics.filter((d) => /crashed/.test(d.message)).map((d) => d.message).join('\n')).toBe(0);
  const kept = applySuppressions(skill, out.diagnostics.filter((d) => d.file === skill.file.path), known, 'warning');
  // Every position lies inside the file.
  const lines = skill.file.lines.lineCount;
  for (const d of kept) {
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.line).toBeLessThanOrEqual(lines);
    expect(d.endLine).toBeGreaterThanOrEqual(d.line);
    expect(d.endLine).toBeLessThanOrEqual(lines);
    expect(d.column).toBeGreaterThanOrEqual(1);
    expect(d.column).toBeLessThanOrEqual(skill.file.lines.lineText(d.line).length + 1);
  }
  return kept;
}

const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
const yamlValue = fc.oneof(
  word,
  fc.string({ maxLength: 40 }),
  fc.constantFrom('"quoted: yes"', "'single'", '|\n  block', '[a, b]', '{a: 1}', 'true', '123', '~', '&x a', '*x', '!!js/function x', ': bad', '"unterminated'),
);
const frontmatter = fc
  .array(fc.tuple(fc.constantFrom('name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools', 'skillc', 'model', 'context', 'foo'), yamlValue), { maxLength: 8 })
  .map((pairs) => `---\n${pairs.map(([k, v]) => `${k}: ${v}`).join('\n')}\n---\n`);
const block = fc.oneof(
  word.map((w) => `# ${w}`),
  word.map((w) => `## ${w}`),
  fc.tuple(word, word).map(([t, u]) => `See [${t}](${u}.md#${t}) and ![i](../${u}.png).`),
  word.map((w) => `<!-- include: ${w}.md -->`),
  fc.constantFrom('<!-- host: claude -->', '<!-- /host -->', '<!-- host: nowhere -->', '<!-- skillc-disable -->', '<!-- skillc-disable-next-line links/broken -->', '<!-- skillc-enable -->', '<!-- generated: artifacts -->'),
  fc.constantFrom('```sh\ngrep -x file | head\n```', '```\nunclosed', '!`git status`', '- a\n  - b\n    - c', '> quote\n> > deeper', '\u202E hidden \u200B', 'AKIAABCDEFGHIJKLMNOP', '|a|b|\n|-|-|\n|1|2|'),
  fc.string({ maxLength: 60 }),
);
const structured = fc.tuple(frontmatter, fc.array(block, { maxLength: 20 })).map(([fm, blocks]) => fm + blocks.join('\n\n') + '\n');

describe('fuzz: lint never throws and positions stay inside the file', () => {
  it('on structure-aware skills', () => {
    fc.assert(fc.property(structured, (text) => void lintText(text)), { seed, numRuns });
  });

  it('on skills with hostile links, includes, line endings and payloads', () => {
    fc.assert(fc.property(richer, (text) => void lintText(text)), { seed, numRuns });
  });

  it('on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => void lintText(text)), { seed, numRuns });
  });

  it('on arbitrary bytes decoded as a file would be', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => void lintText(Buffer.from(bytes).toString('utf8'))),
      { seed, numRuns },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(structured, (text) => {
        expect(JSON.stringify(lintText(text))).toBe(JSON.stringify(lintText(text)));
      }),
      { seed, numRuns: Math.ceil(numRuns / 3) },
    );
  });
});
