import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFormatMarkdown } from '../../src/adopt/source-format.js';
import { SKILLC_BLOCK_KEYS } from '../../src/model/skillc-block.js';

const repo = path.resolve(import.meta.dirname, '..', '..');

describe('docs/source-format.md', () => {
  it('is generated from the frontmatter schema (run `npx tsx scripts/source-format.ts` when this fails)', () => {
    expect(fs.readFileSync(path.join(repo, 'docs', 'source-format.md'), 'utf8')).toBe(sourceFormatMarkdown());
  });

  it('documents every skillc: key the linter accepts, and each host block', () => {
    const page = sourceFormatMarkdown();
    for (const key of Object.keys(SKILLC_BLOCK_KEYS)) expect(page).toContain(`| \`${key}\` |`);
    expect(page).toContain('- `skillc.claude` (Claude Code): `when_to_use`');
  });
});
