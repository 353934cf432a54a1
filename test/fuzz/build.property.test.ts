import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emitSkill, prepareSkill } from '../../src/build/emit-skill.js';
import { applyHostBlocks } from '../../src/build/host-blocks.js';
import { expandIncludes } from '../../src/build/includes.js';
import { renderRegions } from '../../src/build/generated.js';
import { BUILT_IN_HOSTS } from '../../src/hosts/index.js';
import { parseSkill } from '../../src/parse/skill.js';
import { params, structured } from './arbitraries.js';
import { tempDir } from '../helpers.js';

// A sources root with fragments the generated directives name: one that includes itself, one that leaves the root.
const root = fs.realpathSync(tempDir('skillc-fuzz-build-'));
const sources = path.join(root, 'skills-src');
const skillDir = path.join(sources, 'fuzz-skill');
fs.mkdirSync(path.join(sources, '_shared'), { recursive: true });
fs.mkdirSync(path.join(skillDir, 'references'), { recursive: true });
fs.writeFileSync(path.join(skillDir, 'self.md'), 'Self <!-- include: self.md -->\n');
fs.writeFileSync(path.join(sources, '_shared/frag.md'), '## Shared\n\nSee [x](../../outside.md) and [y](./other.md).\n<!-- include: ../fuzz-skill/self.md -->\n');
fs.writeFileSync(path.join(sources, '_shared/other.md'), '# Other\n');
fs.writeFileSync(path.join(skillDir, 'references/a.md'), '# A\n');
const hosts = Object.values(BUILT_IN_HOSTS);

function emitAll(text: string): string {
  const skill = parseSkill({ dir: skillDir, text });
  const prepared = prepareSkill(skill, sources);
  const out: string[] = [];
  for (const host of hosts) {
    const { files, problems } = emitSkill(prepared, host, 'skills-src/fuzz-skill/SKILL.md');
    for (const f of files) {
      // Every output path stays inside the host's folder: no `..`, no absolute path, no NUL.
      expect(f.path.split('/')).not.toContain('..');
      expect(path.isAbsolute(f.path) || f.path.includes('\0')).toBe(false);
      out.push(`${f.path}\n${f.mode}\n${f.data.toString('base64')}`);
    }
    out.push(JSON.stringify(problems));
  }
  return `${JSON.stringify(prepared.problems)}\n${out.join('\n')}`;
}

describe('fuzz: build transforms on random sources', () => {
  it('expandIncludes, applyHostBlocks and renderRegions never throw and keep text outside directives', () => {
    fc.assert(
      fc.property(structured, (text) => {
        const skill = parseSkill({ dir: skillDir, text });
        const expansion = expandIncludes(skill.file.path, text, skill.directives, skillDir, sources);
        for (const p of expansion.problems) expect(p.message).toMatch(/^(Unexpected|Cannot)/);
        for (const f of expansion.included) expect(path.relative(sources, f).startsWith('..')).toBe(false);
        for (const host of hosts) {
          const kept = applyHostBlocks(text, skill.directives, host.id);
          expect(kept.length).toBeLessThanOrEqual(text.length);
        }
        renderRegions(text, skill.directives, skill, { contracts: {} });
      }),
      params(2),
    );
  });

  it('emitSkill never throws, stays inside its folder and is reproducible', () => {
    fc.assert(
      fc.property(structured, (text) => {
        expect(emitAll(text)).toBe(emitAll(text));
      }),
      params(6),
    );
  });

  it('emitted SKILL.md files parse back with a clean frontmatter', () => {
    fc.assert(
      fc.property(structured, (text) => {
        const prepared = prepareSkill(parseSkill({ dir: skillDir, text }), sources);
        for (const host of hosts) {
          const skillMd = emitSkill(prepared, host, 'src').files[0]!;
          const back = parseSkill({ dir: skillDir, text: skillMd.data.toString('utf8'), bundled: [] });
          expect(back.fenceProblem, skillMd.data.toString('utf8')).toBeUndefined();
          expect(back.frontmatter!.errors, skillMd.data.toString('utf8')).toEqual([]);
        }
      }),
      params(6),
    );
  });
});
