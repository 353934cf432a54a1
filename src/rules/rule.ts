import type { Range, Severity, TextEdit } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import type { Catalog } from '../model/summary.js';
import type { SkillSummary } from '../model/summary.js';
import type { HostProfile } from '../hosts/profile.js';
import type { ResolvedConfig } from '../config/config.js';
import { docsPageUrl } from '../core/package.js';
import { isProblemId } from './problems.js';

/**
 * The page of a built-in rule (docs/rules/<id>.md) or of an engine or build problem
 * (docs/problems/<id>.md, src/rules/problems.ts), at this version's tag: every diagnostic links one.
 */
export function docsUrl(ruleId: string): string {
  return docsPageUrl(`${isProblemId(ruleId) ? 'problems' : 'rules'}/${ruleId}.md`);
}

export interface RuleMeta<Options, MessageIds extends string = string> {
  /** `group/name`, e.g. `frontmatter/name-format`. */
  id: string;
  /** One sentence: what the rule reports. */
  description: string;
  /** Severity when the config does not set one. */
  severity: Severity;
  /** False keeps the rule off unless the config turns it on (not in `recommended`). */
  recommended?: boolean;
  fixable: boolean;
  /** JSON Schema of the options object (draft 2020-12 subset that ajv accepts). */
  schema?: Record<string, unknown>;
  defaultOptions: Options;
  /** Where the rule's docs live; default: skillc's page for the id (plugins set their own). */
  url?: string;
  /**
   * What besides the files and the options decides the rule's results, e.g. the
   * version of a program it runs, or files outside the skill folders that it reads
   * (a hash of them: the skill folders being linted are in `context`). Part of the
   * lint cache's key: when it changes, cached results are not reused.
   */
  cacheKey?: (options: Options, context: CacheKeyContext) => string;
  /**
   * The rule's messages by id, as ESLint's `meta.messages`: templates whose
   * `{{name}}` placeholders `report({ messageId, data })` fills. Tests and docs
   * name a message by its id; the text can change without touching them.
   */
  messages?: Record<MessageIds, string>;
}

interface ReportWhere {
  /** Defaults to the start of the file. */
  range?: Range;
  /** Absolute path; defaults to the skill's SKILL.md. */
  file?: string;
  /** Edits to `file` that fix the problem; only when safe. */
  fix?: TextEdit[];
  /**
   * A milder severity for this one report (e.g. a key one host ignores but
   * another rejects). Never raises the configured severity.
   */
  severity?: Severity;
}

/** What a rule's `cacheKey` may look at: the config, and the skill folders of this run (absolute). */
export interface CacheKeyContext {
  config: ResolvedConfig;
  skillDirs: readonly string[];
}

/**
 * What a rule reports: a `message`, or the id of one of its `meta.messages` with the
 * `data` for its placeholders (exactly one of the two; the engine reports a rule that
 * gives neither, both, or an unknown id as crashed).
 */
export interface ReportInput<MessageIds extends string = string> extends ReportWhere {
  message?: string;
  messageId?: MessageIds;
  /** Values for the `{{name}}` placeholders of the `messageId`'s template. */
  data?: Record<string, unknown>;
}

const PLACEHOLDER = /\{\{([^{}]+?)\}\}/gu;

/** `{{name}}` placeholders filled from `data` (ESLint's interpolation: unknown names stay as written, values are not scanned again). */
export function interpolate(template: string, data: Readonly<Record<string, unknown>> | undefined): string {
  if (!data) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.trim();
    return Object.prototype.hasOwnProperty.call(data, key) ? String(data[key]) : whole;
  });
}

/** The text of a report: its `message`, or its `messageId`'s template filled with `data`. Throws, naming the rule, on an unknown id. */
export function reportMessage(meta: Pick<RuleMeta<unknown>, 'id' | 'messages'>, input: { message?: string | undefined; messageId?: string | undefined; data?: Readonly<Record<string, unknown>> | undefined }): string {
  if (input.messageId !== undefined) {
    const messages = meta.messages;
    if (input.message !== undefined) throw new TypeError(`${meta.id} reported both a message and the messageId '${input.messageId}': give one`);
    if (!messages || !Object.prototype.hasOwnProperty.call(messages, input.messageId)) {
      const known = messages ? Object.keys(messages) : [];
      throw new TypeError(`${meta.id} reported the messageId '${input.messageId}', which is not in its meta.messages (${known.length ? known.map((k) => `'${k}'`).join(', ') : 'none'})`);
    }
    return interpolate((messages)[input.messageId]!, input.data);
  }
  if (typeof input.message !== 'string') throw new TypeError(`${meta.id} reported without a message or a messageId`);
  return input.message;
}

interface BaseContext<Options> {
  options: Options;
  /** The hosts being linted for (from `--host` or the config). */
  hosts: readonly HostProfile[];
  config: ResolvedConfig;
}

export interface SkillContext<Options, MessageIds extends string = string> extends BaseContext<Options> {
  skill: Skill;
  /** A plain function (no `this`): rules destructure it from the context. */
  report: (input: ReportInput<MessageIds>) => void;
}

export interface CatalogContext<Options, MessageIds extends string = string> extends BaseContext<Options> {
  catalog: Catalog;
  /** Reports against one skill's SKILL.md unless `file` says otherwise. */
  /** Reports against that skill's SKILL.md (a summary, or the full model from `summary.skill()`). */
  report: (skill: Pick<SkillSummary, 'file'>, input: ReportInput<MessageIds>) => void;
}

export interface SkillRule<Options = Record<string, never>, MessageIds extends string = string> {
  scope: 'skill';
  meta: RuleMeta<Options, MessageIds>;
  check(context: SkillContext<Options, MessageIds>): void;
}

export interface CatalogRule<Options = Record<string, never>, MessageIds extends string = string> {
  scope: 'catalog';
  meta: RuleMeta<Options, MessageIds>;
  check(context: CatalogContext<Options, MessageIds>): void;
}

// eslint-style `any`: the registry holds rules of many option types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRule = SkillRule<any> | CatalogRule<any>;

// Message ids are not inferred from `meta.messages` (a report built by a helper is a plain
// ReportInput); name them as the second type argument to have reports checked against them.
export function defineSkillRule<Options, MessageIds extends string = string>(meta: RuleMeta<Options, NoInfer<MessageIds>>, check: (context: SkillContext<Options, NoInfer<MessageIds>>) => void): SkillRule<Options, MessageIds> {
  return { scope: 'skill', meta, check };
}

export function defineCatalogRule<Options, MessageIds extends string = string>(meta: RuleMeta<Options, NoInfer<MessageIds>>, check: (context: CatalogContext<Options, NoInfer<MessageIds>>) => void): CatalogRule<Options, MessageIds> {
  return { scope: 'catalog', meta, check };
}

/**
 * A set of rules as the engine registers it: what a plugin module exports (as its default export,
 * or as named exports `prefix` and `rules`), and what `rules/index.ts` makes of the built-in rules.
 */
export interface SkillcPlugin {
  /**
   * Prefix of every rule id, e.g. `acme` for `acme/no-foo`. Lowercase letters, digits and hyphens.
   * Only the built-in plugin has none (`''`): its ids carry their own groups (`links/broken`).
   */
  prefix: string;
  /** The rules, as a list (ids with or without the prefix) or by name. */
  rules: AnyRule[] | Record<string, AnyRule>;
}

/** Identity helper for plugin authors: `export default definePlugin({ prefix, rules })`. */
export function definePlugin(plugin: SkillcPlugin): SkillcPlugin {
  return plugin;
}
