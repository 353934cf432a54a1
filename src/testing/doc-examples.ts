import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Code, Root, RootContent } from 'mdast';
import { parse as parseYaml } from 'yaml';
import type { SkillcConfig } from '../config/config.js';
import { lint } from '../lint/engine.js';
import { parseMarkdown } from '../parse/markdown.js';
import { BUILTIN_RULES } from '../rules/index.js';
import type { AnyRule } from '../rules/rule.js';
import { writeCaseTree, type RuleCase, type TreeSpec } from './rule-tester.js';

/**
 * The rule docs are executable: each example under `## Not ok` and `## Ok` in a
 * `docs/rules/<group>/<rule>.md` page carries a header, an HTML comment that
 * renders as nothing, saying how to lint it:
 *
 *     <!-- skillc-example
 *     hosts: [claude]
 *     options: { max: 5 }
 *     files:
 *       references/guide.md: "# Guide\n"
 *     -->
 *     ```markdown
 *     ---
 *     name: release-notes
 *     ...
 *     ```
 *
 * The header's body is YAML. Keys (all optional):
 * - `hosts`: host ids to lint for (default `[agentskills]`);
 * - `options`: the rule's options; `config`: more config (`kinds`, `layers`...);
 * - `path`: where the fence below goes, relative to the skill folder (default `SKILL.md`);
 * - `dir`: the skill folder's name (default: the SKILL.md's `name`, else `my-skill`);
 * - `frontmatter`: a SKILL.md fence without frontmatter is a body and gets `name`
 *   and `description`, plus these YAML lines when a string (`"skillc: { kind: kernel }"`);
 *   `false` uses the fence as written;
 * - `files`: more files, relative to the skill folder (`../other/SKILL.md` is a
 *   sibling skill); a value is the text, or `{ symlink: target }`;
 * - `illustration: true`: the fence below only shows the example (shell commands,
 *   a folder listing); the tree is `files` alone;
 * - `requires`: programs the rule runs (`[shellcheck]`); without one on the PATH
 *   the example is skipped, not failed;
 * - `skip`: why the example cannot be linted (a FIFO, a 5 MB file); it is not run.
 *
 * In fences and `files`, `⟨U+202E⟩` stands for that (invisible) character.
 * A header followed by no fence is an example made of `files` alone. A fence
 * after `<!-- skillc-example-file: <path> -->` is one more file of the example
 * above it (for text a YAML header cannot hold, such as `-->`).
 * A `## Not ok` example must get at least one report from the page's rule, an
 * `## Ok` example none.
 */
export interface ExampleHeader {
  hosts?: string[];
  options?: Record<string, unknown>;
  config?: SkillcConfig;
  path?: string;
  dir?: string;
  frontmatter?: boolean | string;
  files?: Record<string, string | { symlink: string }>;
  illustration?: boolean;
  requires?: string[];
  skip?: string;
}

const HEADER_KEYS = new Set(['hosts', 'options', 'config', 'path', 'dir', 'frontmatter', 'files', 'illustration', 'requires', 'skip']);

/** `⟨U+202E⟩` -> the character: docs cannot show invisible characters, so they name them. */
function decodeNamed(text: string): string {
  return text.replace(/⟨U\+([0-9A-Fa-f]{4,6})⟩/g, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

export interface DocExample {
  kind: 'not-ok' | 'ok';
  /** 1-based line of the header in the page. */
  line: number;
  header: ExampleHeader;
  /** The tree to lint, relative to a catalog root; undefined when skipped. */
  case?: RuleCase;
}

export interface DocExampleProblem {
  line: number;
  message: string;
}

const HEADER = /^<!--\s*skillc-example(?=\s|-->)([\s\S]*?)-->\s*$/;
const FILE_HEADER = /^<!--\s*skillc-example-file:\s*(\S+)\s*-->\s*$/;

function lineOf(node: RootContent): number {
  return node.position?.start.line ?? 0;
}

/** A path inside the catalog root, relative to it, with `/`; undefined when it leaves the root. */
function inRoot(dir: string, rel: string): string | undefined {
  const joined = path.posix.normalize(path.posix.join(dir, rel));
  return joined.startsWith('../') || joined === '..' || path.posix.isAbsolute(joined) ? undefined : joined;
}

const SAFE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The folder a SKILL.md text names itself after, when its `name` is a plain folder name. */
function nameOf(text: string): string | undefined {
  if (!/^---\r?\n/.test(text)) return undefined;
  const line = /^name:([^\r\n]*)$/m.exec(text);
  // The value without blanks and one pair of quotes around it (read by hand: the one regex backtracked over blanks).
  const value = line ? line[1]!.trim().replace(/^["']/, '').replace(/["']$/, '').trim() : undefined;
  return value && SAFE_NAME.test(value) ? value : undefined;
}

function buildCase(header: ExampleHeader, shown: Code | undefined, extra: { path: string; text: string }[]): RuleCase | string {
  const fence = header.illustration ? undefined : shown;
  const target = header.path ?? 'SKILL.md';
  let skillText: string | undefined;
  if (fence && target === 'SKILL.md') skillText = decodeNamed(fence.value) + '\n';
  const dir = header.dir ?? (skillText ? nameOf(skillText) : undefined) ?? 'my-skill';
  if (!SAFE_NAME.test(dir) && !/^[\w.-]+$/.test(dir)) return `\`dir\` must be a folder name, got ${JSON.stringify(dir)}`;
  const files: TreeSpec = {};
  const put = (rel: string, content: string | { symlink: string }): string | undefined => {
    const where = inRoot(dir, rel);
    if (!where) return `\`${rel}\` leaves the example's root`;
    files[where] = typeof content === 'string' ? decodeNamed(content) : content;
    return undefined;
  };
  for (const [rel, content] of Object.entries(header.files ?? {})) {
    if (typeof content !== 'string' && !(content && typeof content === 'object' && typeof content.symlink === 'string')) return `files.${rel} must be text or { symlink: target }`;
    const bad = put(rel, content);
    if (bad) return bad;
  }
  if (fence && target !== 'SKILL.md') {
    const bad = put(target, fence.value + '\n');
    if (bad) return bad;
  }
  for (const f of extra) {
    const bad = put(f.path, f.text);
    if (bad) return bad;
  }
  const skillKey = `${dir}/SKILL.md`;
  if (skillText !== undefined) {
    const wrap = header.frontmatter !== false && !/^---\r?\n/.test(skillText);
    const more = typeof header.frontmatter === 'string' ? `${header.frontmatter.trimEnd()}\n` : '';
    files[skillKey] = wrap ? `---\nname: ${dir}\ndescription: Use when testing this example.\n${more}---\n${skillText}` : skillText;
  } else if (!(skillKey in files)) {
    files[skillKey] = `---\nname: ${dir}\ndescription: Use when testing this example.\n---\n# ${dir}\n`;
  }
  const c: RuleCase = { files };
  if (header.hosts) c.hosts = header.hosts;
  if (header.options) c.options = header.options;
  if (header.config) c.config = header.config;
  return c;
}

function readHeader(raw: string): ExampleHeader | string {
  let data: unknown;
  try {
    data = raw.trim() ? parseYaml(raw) : {};
  } catch (error) {
    return `invalid YAML in the example header: ${(error as Error).message.split('\n')[0]}`;
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) return 'the example header must be a YAML mapping';
  const unknown = Object.keys(data).filter((k) => !HEADER_KEYS.has(k));
  if (unknown.length) return `unknown key(s) in the example header: ${unknown.join(', ')} (known: ${[...HEADER_KEYS].join(', ')})`;
  const h = data as ExampleHeader & { hosts?: unknown };
  if (typeof h.hosts === 'string') h.hosts = [h.hosts];
  return h;
}

/** The examples of one rule page, and what is wrong with the page's headers. */
export function parseDocExamples(markdown: string): { examples: DocExample[]; problems: DocExampleProblem[] } {
  const root: Root = parseMarkdown(markdown);
  const examples: DocExample[] = [];
  const problems: DocExampleProblem[] = [];
  let kind: DocExample['kind'] | undefined;
  type Pending = { line: number; header: ExampleHeader; fence?: Code; extra: { path: string; text: string }[]; kind: DocExample['kind'] };
  let pending: Pending | undefined;
  const flush = (): void => {
    if (!pending) return;
    const p = pending;
    pending = undefined;
    if (p.header.skip !== undefined) {
      if (typeof p.header.skip !== 'string' || !p.header.skip.trim()) problems.push({ line: p.line, message: '`skip` must give the reason' });
      examples.push({ kind: p.kind, line: p.line, header: p.header });
      return;
    }
    const c = buildCase(p.header, p.fence, p.extra);
    if (typeof c === 'string') problems.push({ line: p.line, message: c });
    else examples.push({ kind: p.kind, line: p.line, header: p.header, case: c });
  };
  const children = root.children;
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (node.type === 'heading' && node.depth <= 2) {
      flush();
      const title = node.children.map((c) => ('value' in c ? c.value : '')).join('').trim().toLowerCase();
      kind = node.depth === 2 ? (title === 'not ok' ? 'not-ok' : title === 'ok' ? 'ok' : undefined) : undefined;
      continue;
    }
    if (!kind) continue;
    if (node.type === 'html') {
      const value = node.value.trim();
      const file = FILE_HEADER.exec(value);
      if (file) {
        const next = children[i + 1];
        if (!pending) problems.push({ line: lineOf(node), message: '`skillc-example-file` with no example header above it' });
        else if (next?.type !== 'code') problems.push({ line: lineOf(node), message: '`skillc-example-file` must be followed by a fence' });
        else {
          pending.extra.push({ path: file[1]!, text: next.value + '\n' });
          i++;
        }
        continue;
      }
      const m = HEADER.exec(value);
      if (!m) continue;
      flush();
      const header = readHeader(m[1]!);
      if (typeof header === 'string') {
        problems.push({ line: lineOf(node), message: header });
        // The fence it heads is that header's, not one more fence without a header.
        if (children[i + 1]?.type === 'code') i++;
        continue;
      }
      pending = { line: lineOf(node), header, extra: [], kind };
      const next = children[i + 1];
      if (next?.type === 'code') {
        pending.fence = next;
        i++;
      }
      continue;
    }
    if (node.type === 'code') {
      flush();
      problems.push({ line: lineOf(node), message: `a fence under \`## ${kind === 'ok' ? 'Ok' : 'Not ok'}\` without a \`<!-- skillc-example -->\` header` });
    }
  }
  flush();
  return { examples, problems };
}

/**
 * Lints one example as a user would (the whole engine, suppressions included),
 * with every other built-in rule off unless the header's `config.rules` turns it
 * on. Returns why it fails its section's expectation, or undefined.
 */
export async function checkDocExample(rule: AnyRule, example: DocExample): Promise<string | undefined> {
  const c = example.case;
  if (!c) return undefined;
  const root = writeCaseTree(c);
  try {
    const id = rule.meta.id;
    const severity = rule.meta.severity === 'warning' ? 'warn' : rule.meta.severity;
    const off = Object.fromEntries(BUILTIN_RULES.map((r) => [r.meta.id, 'off' as const]));
    const config: SkillcConfig = {
      ...c.config,
      hosts: c.hosts ?? c.config?.hosts ?? ['agentskills'],
      rules: { ...off, ...c.config?.rules, [id]: (c.options ? [severity, c.options] : severity) as never },
    };
    const builtin = BUILTIN_RULES.some((r) => r.meta.id === id);
    const result = await lint({ cwd: root, paths: [root], config, concurrency: 'off', ...(builtin ? {} : { rules: [rule] }) });
    if (result.internalErrors) return `${id} crashed on the example`;
    const own = result.files.flatMap((f) => f.messages.map((m) => ({ ...m, path: f.path }))).filter((m) => m.ruleId === id);
    const list = own.map((m) => `  ${m.path}:${m.line}:${m.column} ${m.message}`).join('\n');
    if (example.kind === 'not-ok' && own.length === 0) return `the Not ok example (line ${example.line}) gets no report from ${id}`;
    if (example.kind === 'ok' && own.length) return `the Ok example (line ${example.line}) gets reports from ${id}:\n${list}`;
    return undefined;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The programs an example `requires` that do not run here. */
export function missingPrograms(example: DocExample): string[] {
  return (example.header.requires ?? []).filter((program) => {
    const r = spawnSync(program, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    return !!r.error;
  });
}

// Kept in a module of its own, with no imports, so `skillc explain` does not load the lint engine.
export { stripExampleHeaders } from '../rules/doc-page.js';
