import picomatch from 'picomatch';
import type { TextFile } from '../../model/text.js';
import { includedFragments } from '../../parse/fragments.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { codeRanges, inRanges } from '../util.js';
import { skillcBlock } from '../../model/skillc-block.js';

export interface BannedSyntax {
  /** A built-in pattern: `force-load` (`@path` imports). */
  preset?: 'force-load';
  /** A regular expression (JavaScript syntax) to report. */
  pattern?: string;
  /** RegExp flags besides `g`, e.g. `i`, `u`, `m`. */
  flags?: string;
  /** What the match is called in the message. */
  name?: string;
  /** Says what to write instead. */
  message?: string;
  /** Applies only when one of these hosts is linted for (and targeted by the skill). Default: always. */
  hosts?: string[];
  /** Also match inside code spans and fenced code (default: prose only). */
  code?: boolean;
  /** Check these bundled files (globs relative to the skill folder) instead of the SKILL.md body. */
  files?: string[];
}

export interface Options {
  patterns: BannedSyntax[];
}

/**
 * Claude Code's `@path` import: an `@` not preceded by a word character (so not an
 * e-mail address) followed by a path with a folder or a file extension.
 */
const FORCE_LOAD = String.raw`(?<![\w@/\\.-])@(?:~\/|\.{1,2}\/|\/)?[\w.-]+(?:\/[\w.-]+)*(?:\/|\.[A-Za-z0-9]+)(?![\w/])|(?<![\w@/\\.-])@(?:~\/|\.{1,2}\/)[\w.-]+`;
const PRESETS: Record<string, { pattern: string; name: string; message: string }> = {
  'force-load': {
    pattern: FORCE_LOAD,
    name: 'force-load',
    message: 'a relative Markdown link the agent opens when it needs the file (only some hosts load `@path`, and they load it eagerly)',
  },
};

interface Compiled {
  re: RegExp;
  name: string;
  message: string | undefined;
  entry: BannedSyntax;
}

function compile(entry: BannedSyntax, i: number): Compiled | undefined {
  const preset = entry.preset ? PRESETS[entry.preset] : undefined;
  const source = entry.pattern ?? preset?.pattern;
  if (!source) return undefined;
  const flags = [...new Set(`g${(entry.flags ?? '').replace(/[gy]/g, '')}${preset ? 'u' : ''}`)].join('');
  let re: RegExp;
  try {
    re = new RegExp(source, flags);
  } catch (error) {
    throw new Error(`body/banned-syntax pattern #${i + 1} is not a valid regular expression: ${(error as Error).message}`);
  }
  return { re, name: entry.name ?? preset?.name ?? 'syntax', message: entry.message ?? preset?.message, entry };
}

export default defineSkillRule<Options>(
  {
    id: 'body/banned-syntax',
    description: 'Reports syntax the house style bans in the SKILL.md body or bundled files, such as `@path` force-loads in portable skills, optionally only for some hosts.',
    severity: 'error',
    recommended: false,
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        patterns: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              preset: { enum: Object.keys(PRESETS) },
              pattern: { type: 'string', minLength: 1 },
              flags: { type: 'string', pattern: '^[imsu]*$' },
              name: { type: 'string', minLength: 1 },
              message: { type: 'string', minLength: 1 },
              hosts: { type: 'array', items: { type: 'string' } },
              code: { type: 'boolean' },
              files: { type: 'array', items: { type: 'string' } },
            },
            anyOf: [{ required: ['preset'] }, { required: ['pattern'] }],
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    defaultOptions: { patterns: [] },
    messages: {
      banned: 'Unexpected {{name}} `{{text}}`{{hosts}}{{expected}}',
    },
  },
  ({ skill, options, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const targets = skillcBlock(skill).targets;
    const active = hosts.map((h) => h.id).filter((h) => !targets || targets.includes(h));
    const compiled = (options.patterns ?? []).map(compile).filter((c): c is Compiled => !!c);
    const say = (c: Compiled, match: string): Record<string, string> => {
      const shown = match.length > 40 ? `${match.slice(0, 39)}…` : match;
      const hostNote = c.entry.hosts?.length ? ` for ${c.entry.hosts.filter((h) => active.includes(h)).join(', ')}` : '';
      return { name: c.name, text: shown, hosts: hostNote, expected: c.message ? `, expected ${c.message}` : '' };
    };
    const scan = (file: TextFile, from: number, skip: readonly [number, number][], c: Compiled, path?: string): void => {
      c.re.lastIndex = from;
      for (let m = c.re.exec(file.text); m; m = c.re.exec(file.text)) {
        if (m[0] === '') {
          c.re.lastIndex++;
          continue;
        }
        if (!c.entry.code && inRanges(skip, m.index)) continue;
        report({ messageId: 'banned', data: say(c, m[0]), range: file.lines.range(m.index, m.index + m[0].length), ...(path ? { file: path } : {}) });
      }
    };
    for (const c of compiled) {
      if (c.entry.hosts?.length && !c.entry.hosts.some((h) => active.includes(h))) continue;
      if (c.entry.files?.length) {
        const match = picomatch(c.entry.files, { dot: true });
        for (const b of skill.bundled) {
          if (b.kind !== 'file' || !match(b.relPath)) continue;
          const text = skill.bundle.text(b.relPath);
          if (text) scan(text, 0, [], c, b.path);
        }
      } else {
        scan(skill.file, skill.bodyOffset, codeRanges(skill), c);
        // The fragments SKILL.md includes become part of its body.
        for (const f of includedFragments(skill, config.sources)) {
          if (f.into !== 'SKILL.md') continue;
          const spans = [...f.codeFences, ...f.inlineCode].map((x): [number, number] => [x.range.start.offset ?? 0, x.range.end.offset ?? 0]).sort((a, b) => a[0] - b[0]);
          scan(f.file, 0, spans, c, f.path);
        }
      }
    }
  },
);
