import { describe, expect, it } from 'vitest';
import { sourceFormatMarkdown } from '../../src/adopt/source-format.js';
import { SKILLC_BLOCK_KEYS } from '../../src/model/skillc-block.js';

describe('docs/source-format.md', () => {
  it('documents every skillc: key the linter accepts, and each host block', () => {
    const page = sourceFormatMarkdown();
    for (const key of Object.keys(SKILLC_BLOCK_KEYS)) expect(page).toContain(`| \`${key}\` |`);
    expect(page).toContain('- `skillc.claude` (Claude Code): `when_to_use`');
  });
});
