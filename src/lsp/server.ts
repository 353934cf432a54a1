import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DiagnosticSeverity, TextDocumentSyncKind, type Connection, type Diagnostic as LspDiagnostic, type InitializeResult, type Location, type Range as LspRange } from 'vscode-languageserver/node.js';
import type { Range } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import { ConfigError, type ResolvedConfig } from '../config/config.js';
import type { LintResult } from '../lint/result.js';
import { walkSkillDirs } from '../config/discover.js';
import { DiscoveryMemo } from '../config/discover-memo.js';
import { copySwitches, lintSkills, type CoreOptions, type RunSwitches } from '../lint/core.js';
import type { LintSession } from '../lint/cache.js';
import { createLinter, loadLintConfig } from '../lint/pipeline/configure.js';
import { diskSkills, type ServedSkill } from '../lint/sources.js';
import type { SkillSummary } from '../model/summary.js';
import { LIMITS } from '../parse/limits.js';
import { parseSkill } from '../parse/skill.js';
import { CODE_ACTION_KINDS, codeActions } from './actions.js';
import { caseDiagnostics, configDiagnostics, findingsIn, projectFile, toLspRange } from './files.js';
import { hoverAt } from './hover.js';

export { toLspRange };

interface OpenDocument {
  uri: string;
  file: string;
  text: string;
  version: number;
  skill?: Skill;
  /** Every skill of its catalog at the last lint (summaries), for skill references. */
  catalog?: readonly SkillSummary[];
  /** The diagnostics last published for it, and the text they were found in (hover, code actions). */
  published?: { text: string; diagnostics: LspDiagnostic[] };
}

const contains = (r: Range, offset: number): boolean => (r.start.offset ?? -1) <= offset && offset <= (r.end.offset ?? -1);

const fileUri = (file: string): string => pathToFileURL(file).href;

/** No bundled files: for a SKILL.md opened at the filesystem root or in the home folder itself, whose "bundle" would be every file there. */
const NO_BUNDLE: Skill['bundle'] = { text: () => undefined, headings: () => undefined, links: () => undefined, codeFences: () => undefined, directives: () => undefined, exists: () => false };
const bare = (dir: string): boolean => dir === path.parse(dir).root || dir === os.homedir();

/**
 * The skill folders of an open skill's catalog. With a config, its sources (as `skillc lint`).
 * Without one, only the skill's sibling folders: the editor may open any file
 * (`file:///SKILL.md`, a download in $HOME), and discovering from its folder walked the whole
 * filesystem and stopped the server answering.
 */
function catalogDirs(resolved: ResolvedConfig, dir: string, memo: DiscoveryMemo): string[] {
  if (resolved.file) return memo.dirs(resolved);
  const parent = path.dirname(dir);
  if (bare(dir) || bare(parent)) return [];
  return walkSkillDirs(parent, { maxDepth: 0, maxEntries: LIMITS.maxBundledEntries });
}

/**
 * What the server keeps between lints of one workspace: the cache of the catalog's summaries (in
 * memory, and in the cache file when there is a config), and the catalog's skill folders, found
 * again only when a folder or file the last search relied on changed.
 */
export interface BufferSession {
  lint: LintSession;
  discovery: DiscoveryMemo;
}

export function bufferSession(): BufferSession {
  return { lint: {}, discovery: new DiscoveryMemo() };
}

/** An editor buffer as a served skill: parsed once, its bundled files from disk. */
function bufferSkill(dir: string, text: string): ServedSkill {
  let skill: Skill | undefined;
  const parse = (): Skill => (skill ??= parseSkill(bare(dir) ? { dir, text, bundled: [], bundle: NO_BUNDLE } : { dir, text }));
  return {
    bytes: () => Buffer.from(text, 'utf8'),
    skill: parse,
    live: () => {
      const s = parse();
      return { bundle: s.bundle, bundled: () => s.bundled, skill: () => s };
    },
  };
}

/**
 * What the server lints for an open SKILL.md (`file`, with the editor's `text`): the lint core
 * over its catalog, reporting this skill only. The other open skills come from their buffers
 * (`buffers`, by file); every other skill is the disk's, answered by its summary in the cache
 * (`session`, and with a config the cache file any lint or build wrote), read and summarized
 * only when it is missing or stale there. `options.onSkillReport` gets the skill's own findings
 * before the catalog rules run; `options.plugins: false` (an untrusted workspace) loads no
 * plugin the config names. The config is looked up from its folder.
 */
export async function lintBuffer(
  file: string,
  text: string,
  buffers: ReadonlyMap<string, string> = new Map(),
  session: BufferSession = bufferSession(),
  options: RunSwitches & { onSkillReport?: (partial: LintResult) => void | Promise<void> } = {},
): Promise<{ result: LintResult; skill: Skill; catalog: SkillSummary[] }> {
  const dir = path.dirname(file);
  const resolved = loadLintConfig(dir, {});
  const open = bufferSkill(dir, text);
  const found = catalogDirs(resolved, dir, session.discovery);
  const dirs = found.includes(dir) ? found : [...found, dir].sort();
  const overlay = new Map<string, ServedSkill>([[dir, open]]);
  const inCatalog = new Set(dirs);
  for (const [other, otherText] of buffers) {
    const otherDir = path.dirname(other);
    if (path.basename(other) === 'SKILL.md' && otherDir !== dir && inCatalog.has(otherDir)) overlay.set(otherDir, bufferSkill(otherDir, otherText));
  }
  const linter = await createLinter(resolved, options);
  // With a config, the summaries any lint wrote are read (and missing ones added); without one
  // (a lone SKILL.md anywhere), nothing is written beside it: the session's memory only.
  const core: CoreOptions = { cwd: resolved.root, session: session.lint, summaries: !!resolved.file };
  if (options.onSkillReport) core.onSkillReport = options.onSkillReport;
  copySwitches(options, core);
  const result = await lintSkills(linter, diskSkills(dirs, new Set([dir]), overlay), core);
  if (session.lint.cache) session.lint.cache.deferWrites = true;
  return { result, skill: open.skill(), catalog: result.summaries ?? [] };
}

/**
 * The skillc language server: diagnostics as you type (the open SKILL.md is
 * parsed from the editor's text and linted with its whole catalog for the
 * catalog rules), quick fixes from the rules' fixes, and go to definition on
 * links, includes and skill references.
 */
export function startLanguageServer(connection: Connection, options: { plugins?: boolean } = {}): void {
  const docs = new Map<string, OpenDocument>();
  const session = bufferSession();
  const timers = new Map<string, NodeJS.Timeout>();
  // Untrusted workspace (issue #24): a config is code, and opening a stranger's checkout must not run
  // it. `skillc lsp --no-plugins`, or the client's `initializationOptions: { untrustedWorkspace: true }`
  // (an editor's restricted mode), loads no plugin or local rule module the config names.
  let plugins = options.plugins !== false;
  const switches = (): RunSwitches => (plugins ? {} : { plugins: false });

  connection.onInitialize((params): InitializeResult => {
    const init = params.initializationOptions as { untrustedWorkspace?: unknown } | null | undefined;
    if (init && typeof init === 'object' && init.untrustedWorkspace === true) plugins = false;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Full, save: true },
        codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS },
        definitionProvider: true,
        hoverProvider: true,
      },
      serverInfo: { name: 'skillc' },
    };
  });

  const otherBuffers = (doc: OpenDocument): Map<string, string> => {
    const buffers = new Map<string, string>();
    for (const other of docs.values()) if (other !== doc) buffers.set(other.file, other.text);
    return buffers;
  };

  const publish = async (doc: OpenDocument, diagnostics: LspDiagnostic[]): Promise<void> => {
    doc.published = { text: doc.text, diagnostics };
    await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  };

  /** A reference Markdown file, a case.yaml or the config: checked as the CLI reads them (`files.ts`). */
  async function validateProjectFile(doc: OpenDocument): Promise<void> {
    const kind = projectFile(doc.file);
    if (!kind) return;
    let diagnostics: LspDiagnostic[];
    try {
      if (kind.kind === 'config') diagnostics = configDiagnostics(doc.file, doc.text);
      else if (kind.kind === 'case') diagnostics = caseDiagnostics(kind.caseDir, kind.skillDir, doc.text);
      else {
        const skillFile = path.join(kind.skillDir, 'SKILL.md');
        const buffers = otherBuffers(doc);
        const { result } = await lintBuffer(skillFile, buffers.get(skillFile) ?? fs.readFileSync(skillFile, 'utf8'), buffers, session, switches());
        diagnostics = findingsIn(doc.file, result.files);
      }
    } catch (error) {
      diagnostics = [{ range: START, severity: DiagnosticSeverity.Error, source: 'skillc', message: error instanceof ConfigError ? `skillc config error: ${error.message}` : `skillc: ${error instanceof Error ? error.message : String(error)}` }];
    }
    if (docs.get(doc.uri) === doc) await publish(doc, diagnostics);
  }

  /**
   * Lints an open skill: its own rules' findings are published at once, then, once the catalog
   * rules ran over every skill's summary, all of them. Only for the version linted: a newer edit
   * has its own run queued.
   */
  async function validate(doc: OpenDocument): Promise<void> {
    if (path.basename(doc.file) !== 'SKILL.md') return validateProjectFile(doc);
    let diagnostics: LspDiagnostic[] = [];
    const linted = (): boolean => docs.get(doc.uri) === doc;
    try {
      const buffers = otherBuffers(doc);
      const { result, skill, catalog } = await lintBuffer(doc.file, doc.text, buffers, session, {
        ...switches(),
        onSkillReport: async (partial) => {
          if (!linted()) return;
          // Not kept as `published`: hover and code actions answer from the full set, once the catalog rules ran.
          await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: findingsIn(doc.file, partial.files) });
          // Let the notification go out before the catalog rules take the thread.
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      doc.skill = skill;
      doc.catalog = catalog;
      diagnostics = findingsIn(doc.file, result.files);
    } catch (error) {
      const message = error instanceof ConfigError ? `skillc config error: ${error.message}` : `skillc: ${error instanceof Error ? error.message : String(error)}`;
      diagnostics = [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Error, source: 'skillc', message }];
    }
    if (linted()) await publish(doc, diagnostics);
  }

  const schedule = (doc: OpenDocument, delay: number): void => {
    clearTimeout(timers.get(doc.uri));
    timers.set(
      doc.uri,
      setTimeout(() => {
        timers.delete(doc.uri);
        void validate(doc);
      }, delay),
    );
  };

  const open = (uri: string, text: string, version: number): OpenDocument | undefined => {
    if (!uri.startsWith('file:')) return undefined;
    const doc: OpenDocument = { uri, file: fileURLToPath(uri), text, version };
    // The catalog of the last lint stays until the next one: go to definition on a sibling skill works right after an edit.
    const before = docs.get(uri);
    if (before?.catalog) doc.catalog = before.catalog;
    docs.set(uri, doc);
    return doc;
  };

  connection.onDidOpenTextDocument(({ textDocument }) => {
    const doc = open(textDocument.uri, textDocument.text, textDocument.version);
    if (doc) void validate(doc);
  });
  connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
    const last = contentChanges[contentChanges.length - 1];
    if (!last) return;
    const doc = open(textDocument.uri, last.text, textDocument.version ?? 0);
    // Files other than SKILL.md are checked from disk: on open and save, not as they are typed.
    if (doc && path.basename(doc.file) === 'SKILL.md') schedule(doc, 150);
  });
  connection.onDidSaveTextDocument(() => {
    // A saved skill changes its siblings' catalog rules: re-lint every open skill.
    for (const doc of docs.values()) schedule(doc, 50);
  });
  connection.onDidCloseTextDocument(({ textDocument }) => {
    docs.delete(textDocument.uri);
    clearTimeout(timers.get(textDocument.uri));
    void connection.sendDiagnostics({ uri: textDocument.uri, diagnostics: [] });
  });

  // Code actions and hovers answer from the diagnostics published for the text as it is now:
  // after an edit, until its lint publishes, the old edits' offsets would land in the wrong place.
  const current = (uri: string): { doc: OpenDocument; diagnostics: LspDiagnostic[] } | undefined => {
    const doc = docs.get(uri);
    return doc?.published && doc.published.text === doc.text ? { doc, diagnostics: doc.published.diagnostics } : undefined;
  };
  connection.onCodeAction(({ textDocument, context }) => {
    const now = current(textDocument.uri);
    return now ? codeActions(now.doc.uri, now.doc.text, context, now.diagnostics) : [];
  });
  connection.onHover(({ textDocument, position }) => {
    const now = current(textDocument.uri);
    return now ? hoverAt(now.diagnostics, position) : null;
  });

  connection.onDefinition(({ textDocument, position }) => {
    const doc = docs.get(textDocument.uri);
    if (!doc) return null;
    const dir = path.dirname(doc.file);
    // The buffer as it is now: right after an edit, the last lint's parse is of the text before it.
    const skill = doc.skill && doc.skill.file.text === doc.text ? doc.skill : parseSkill({ dir, text: doc.text });
    const lines = skill.file.lines;
    const offset = lines.offsetAt(position.line + 1, position.character + 1);
    return definitionAt(skill, doc.catalog ?? [skill], offset);
  });
}

const START: LspRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** A file target of a link or path: its location, at the heading an anchor names when it has one. */
function fileLocation(skill: Skill, target: string, anchor: string | undefined): Location | null {
  if (!fs.existsSync(target)) return null;
  let range = START;
  if (anchor) {
    const rel = path.relative(skill.dir, target).split(path.sep).join('/');
    const heading = (target === skill.file.path ? skill.headings : skill.bundle.headings(rel))?.find((h) => h.slug === anchor);
    if (heading) range = toLspRange({ line: heading.range.start.line, column: heading.range.start.column, endLine: heading.range.end.line, endColumn: heading.range.end.column });
  }
  return { uri: fileUri(target), range };
}

/** What the text at an offset of a SKILL.md points at: a link, an include, a sibling skill. */
export function definitionAt(skill: Skill, catalog: readonly SkillSummary[], offset: number): Location | null {
  const byName = new Map(catalog.filter((s) => s.name).map((s) => [s.name!, s]));
  const skillLocation = (name: string): Location | null => {
    const s = byName.get(name);
    return s ? { uri: fileUri(s.file.path), range: START } : null;
  };
  for (const link of skill.links) {
    if (!contains(link.range, offset)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link.url)) return null;
    const [p, anchor] = link.url.split('#', 2);
    let decoded = p ?? '';
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // keep it as written
    }
    return fileLocation(skill, decoded ? path.resolve(skill.dir, decoded) : skill.file.path, anchor || undefined);
  }
  for (const d of skill.directives) {
    if (d.kind === 'include' && contains(d.range, offset)) return fileLocation(skill, path.resolve(skill.dir, d.path), undefined);
  }
  for (const code of skill.inlineCode) {
    if (!contains(code.range, offset)) continue;
    const value = code.value.trim();
    const name = value.replace(/^\//, '').replace(/^[a-z0-9-]+:/, '');
    const found = skillLocation(name);
    if (found) return found;
    if (/[/.]/.test(value) && !/\s/.test(value)) return fileLocation(skill, path.resolve(skill.dir, value), undefined);
    return null;
  }
  // skillc.requires entries in the frontmatter: the name under the cursor.
  const requires = skill.frontmatter?.fields.find((f) => f.key === 'skillc')?.children?.find((f) => f.key === 'requires');
  if (requires && requires.valueOffsets[0] <= offset && offset <= requires.valueOffsets[1]) {
    const text = skill.file.text;
    let a = offset;
    let b = offset;
    while (a > 0 && /[a-z0-9-]/.test(text[a - 1]!)) a--;
    while (b < text.length && /[a-z0-9-]/.test(text[b]!)) b++;
    return skillLocation(text.slice(a, b));
  }
  return null;
}
