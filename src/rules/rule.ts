import type { Range, Severity, TextEdit } from '../model/diagnostic.js';
import type { Catalog, Skill } from '../model/skill.js';
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

export interface RuleMeta<Options> {
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
   * version of a program it runs. Part of the lint cache's key: when it changes,
   * cached results are not reused.
   */
  cacheKey?: (options: Options) => string;
}

export interface ReportInput {
  message: string;
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

interface BaseContext<Options> {
  options: Options;
  /** The hosts being linted for (from `--host` or the config). */
  hosts: readonly HostProfile[];
  config: ResolvedConfig;
}

export interface SkillContext<Options> extends BaseContext<Options> {
  skill: Skill;
  /** A plain function (no `this`): rules destructure it from the context. */
  report: (input: ReportInput) => void;
}

export interface CatalogContext<Options> extends BaseContext<Options> {
  catalog: Catalog;
  /** Reports against one skill's SKILL.md unless `file` says otherwise. */
  /** Reports against that skill's SKILL.md (a summary, or the full model from `summary.skill()`). */
  report: (skill: Pick<SkillSummary, 'file'>, input: ReportInput) => void;
}

export interface SkillRule<Options = Record<string, never>> {
  scope: 'skill';
  meta: RuleMeta<Options>;
  check(context: SkillContext<Options>): void;
}

export interface CatalogRule<Options = Record<string, never>> {
  scope: 'catalog';
  meta: RuleMeta<Options>;
  check(context: CatalogContext<Options>): void;
}

// eslint-style `any`: the registry holds rules of many option types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRule = SkillRule<any> | CatalogRule<any>;

export function defineSkillRule<Options>(meta: RuleMeta<Options>, check: (context: SkillContext<Options>) => void): SkillRule<Options> {
  return { scope: 'skill', meta, check };
}

export function defineCatalogRule<Options>(meta: RuleMeta<Options>, check: (context: CatalogContext<Options>) => void): CatalogRule<Options> {
  return { scope: 'catalog', meta, check };
}
