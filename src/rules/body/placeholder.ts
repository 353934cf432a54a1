import picomatch from 'picomatch';
import type { TextFile } from '../../model/text.js';
import { includedFragments } from '../../parse/fragments.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { escapeRegExp } from '../util.js';

export interface Options {
  /** Words and phrases that mark unfinished text, matched as whole words. */
  terms: string[];
  /** Match `terms` in any case (default true). */
  ignoreCase: boolean;
  /** Also report template tokens such as `__SKILL_NAME__` and `{{name}}`. */
  tokens: boolean;
  /** Bundled files to check too (globs relative to the skill folder). */
  files: string[];
}

export const DEFAULT_TERMS = ['TODO', 'FIXME', 'TBD', 'XXX', 'placeholder', 'coming soon', 'lorem ipsum'];

/** `__UPPER_SNAKE__` (not `__tests__`, which is a real folder name) and `{{ name }}`. */
const TOKENS = String.raw`__[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*__|\{\{\s*[\w.-]+\s*\}\}`;

export default defineSkillRule<Options>(
  {
    id: 'body/placeholder',
    description: 'Reports leftover placeholders (TODO, FIXME, "coming soon", template tokens like `__SKILL_NAME__`) in the SKILL.md and chosen bundled files.',
    severity: 'error',
    recommended: false,
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        terms: { type: 'array', items: { type: 'string', minLength: 1 } },
        ignoreCase: { type: 'boolean' },
        tokens: { type: 'boolean' },
        files: { type: 'array', items: { type: 'string' } },
      },
      additionalProperties: false,
    },
    defaultOptions: { terms: DEFAULT_TERMS, ignoreCase: true, tokens: true, files: [] },
    messages: {
      placeholder: 'Unexpected placeholder `{{detail}}`, expected finished text',
    },
  },
  ({ skill, options, config, report }) => {
    if (!parsed(skill)) return;
    const terms = (options.terms ?? []).filter((t) => typeof t === 'string' && t.trim());
    const parts = terms.map((t) => `(?<![\\p{L}\\p{N}_])${escapeRegExp(t.trim()).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}_])`);
    const termRe = parts.length ? new RegExp(parts.join('|'), `g${options.ignoreCase === false ? '' : 'i'}u`) : undefined;
    const tokenRe = options.tokens === false ? undefined : new RegExp(TOKENS, 'g');
    const scan = (file: TextFile, path?: string): void => {
      for (const re of [termRe, tokenRe]) {
        if (!re) continue;
        for (const m of file.text.matchAll(re)) {
          const text = m[0].replace(/\s+/g, ' ');
          report({
            messageId: 'placeholder', data: { detail: text.length > 40 ? `${text.slice(0, 39)}…` : text },
            range: file.lines.range(m.index, m.index + m[0].length),
            ...(path ? { file: path } : {}),
          });
        }
      }
    };
    scan(skill.file);
    // The fragments SKILL.md includes become part of it.
    for (const f of includedFragments(skill, config.sources)) if (f.into === 'SKILL.md') scan(f.file, f.path);
    if (!options.files?.length) return;
    const match = picomatch(options.files, { dot: true });
    for (const b of skill.bundled) {
      if (b.kind !== 'file' || !match(b.relPath)) continue;
      const text = skill.bundle.text(b.relPath);
      if (text) scan(text, b.path);
    }
  },
);
