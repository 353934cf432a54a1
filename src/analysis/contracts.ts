import { frontmatterText, parseYamlDocument } from '../parse/frontmatter.js';
import { checkArtifactText } from './artifacts.js';
import { loadConfig, type ContractFieldType, type ContractField, type ContractSpec } from '../config/config.js';
import type { Skill } from '../model/skill.js';
import { skillcBlock } from '../model/skillc-block.js';

/**
 * Shared contracts: one shape (frontmatter fields, allowed values, required
 * sections) declared once in the config and named by the skills that write or
 * read such files, e.g. the stage reports an orchestrator validates.
 */

export interface ContractProblem {
  message: string;
  line?: number;
}

export interface ContractCheck {
  ok: boolean;
  problems: ContractProblem[];
  /** The frontmatter as parsed, when it parsed. */
  data?: Record<string, unknown>;
}

const kindOf = (v: unknown): string =>
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a YAML scalar by then: null, lists and mappings are handled first
  v === null || v === undefined ? 'an empty value' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : typeof v === 'string' ? `\`${v.length > 40 ? `${v.slice(0, 40)}...` : v}\`` : `\`${String(v)}\``;

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function typeMatches(type: ContractFieldType, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'list':
      return Array.isArray(v);
    case 'mapping':
      return !!v && typeof v === 'object' && !Array.isArray(v);
    default:
      return true;
  }
}

const TYPE_NAMES: Record<ContractFieldType, string> = { string: 'a string', number: 'a number', integer: 'an integer', boolean: 'true or false', list: 'a list', mapping: 'a mapping', any: 'a value' };

function checkField(name: string, spec: ContractField, value: unknown, line: number | undefined, problems: ContractProblem[]): void {
  const type = spec.type ?? 'string';
  const at = (message: string): void => void problems.push(line === undefined ? { message } : { message, line });
  if (isEmpty(value)) {
    if (spec.required) at(`Unexpected empty \`${name}\`, expected ${TYPE_NAMES[type]} (the field is required)`);
    return;
  }
  if (!typeMatches(type, value)) return at(`Unexpected ${kindOf(value)} for \`${name}\`, expected ${TYPE_NAMES[type]}`);
  const items = Array.isArray(value) ? value : [value];
  let re: RegExp | undefined;
  try {
    re = spec.pattern ? new RegExp(spec.pattern, 'u') : undefined;
  } catch {
    return at(`Unexpected invalid pattern for \`${name}\` in the contract`);
  }
  for (const item of items) {
    if (spec.values && !spec.values.includes(item as string)) at(`Unexpected ${kindOf(item)} for \`${name}\`, expected one of ${spec.values.map((v) => `\`${String(v)}\``).join(', ')}`);
    else if (re && typeof item === 'string' && !re.test(item)) at(`Unexpected ${kindOf(item)} for \`${name}\`, expected text matching \`${spec.pattern}\``);
  }
}

/**
 * Checks a file's text against a contract, failing closed: no frontmatter,
 * YAML that does not parse, a document that is not a mapping, a missing or
 * empty required field, a value of the wrong type or outside the allowed
 * values, a key the contract does not list, a missing `##` section: each fails.
 */
export function checkContract(name: string, contract: ContractSpec, text: string): ContractCheck {
  const problems: ContractProblem[] = [];
  const fields = contract.frontmatter ?? {};
  let data: Record<string, unknown> | undefined;
  let body = text;
  if (contract.frontmatter !== undefined || contract.additionalFields === false) {
    // Agents close an artifact's frontmatter with YAML's `...` too.
    const block = frontmatterText(text, { documentEnd: true });
    if (!block) return { ok: false, problems: [{ message: `Missing frontmatter, expected a \`---\` block with the fields of contract \`${name}\``, line: 1 }] };
    body = block.body;
    const doc = parseYamlDocument(block.yaml, { prettyErrors: false });
    if (doc.errors.length) return { ok: false, problems: [{ message: `Unexpected invalid YAML in the frontmatter: ${doc.errors[0]!.message.split('\n')[0]}`, line: 1 }] };
    const value: unknown = doc.toJS({ maxAliasCount: 10 });
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problems: [{ message: `Unexpected ${kindOf(value)} as frontmatter, expected a mapping of the fields of contract \`${name}\``, line: 1 }] };
    data = value as Record<string, unknown>;
    const lines = new Map<string, number>();
    block.yaml.split(/\r?\n/).forEach((l, i) => {
      // The key: up to the first `:`, without the blanks before it (`([^:]*?)\s*:` tried each split of them).
      const m = /^([^\s#:][^:]*):/.exec(l);
      const key = m ? m[1]!.trimEnd().replace(/^["']|["']$/g, '') : undefined;
      if (key !== undefined && !lines.has(key)) lines.set(key, i + 2);
    });
    for (const [key, spec] of Object.entries(fields)) checkField(key, spec, data[key], lines.get(key), problems);
    if (contract.additionalFields !== true) {
      const allowed = Object.keys(fields);
      for (const key of Object.keys(data)) {
        if (Object.prototype.hasOwnProperty.call(fields, key)) continue;
        const line = lines.get(key);
        problems.push({ message: `Unexpected key \`${key}\` in the frontmatter, expected ${allowed.length ? `one of ${allowed.map((k) => `\`${k}\``).join(', ')}` : 'no keys'} (contract \`${name}\`)`, ...(line ? { line } : {}) });
      }
    }
  }
  if (contract.sections?.length) {
    const offset = text.split(/\r\n|\n|\r/).length - body.split(/\r\n|\n|\r/).length;
    const sections = checkArtifactText({ name, sections: contract.sections, ordered: contract.ordered === true }, body);
    for (const p of sections.problems) problems.push(p.line === undefined ? { message: p.message } : { message: p.message, line: p.line + offset });
  }
  const result: ContractCheck = { ok: problems.length === 0, problems };
  if (data) result.data = data;
  return result;
}

/** Artifacts a skill declares with a contract: file name -> contract name. */
export function artifactContracts(skillc: Record<string, unknown> | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const raw = skillcBlock({ skillc }).artifacts;
  if (!raw) return out;
  for (const [file, spec] of Object.entries(raw)) {
    if (spec && typeof spec === 'object' && !Array.isArray(spec) && typeof (spec as Record<string, unknown>).contract === 'string') out.set(file, (spec as Record<string, string>).contract!);
  }
  return out;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** The contract as Markdown: a field table, then its required sections (for a generated region). */
export function renderContract(name: string, contract: ContractSpec): string {
  const lines: string[] = [];
  if (contract.description) lines.push(`${cell(contract.description)}`, '');
  const fields = Object.entries(contract.frontmatter ?? {});
  if (fields.length) {
    lines.push(`| Field | Type | Required | Allowed values | Meaning |`, '| --- | --- | --- | --- | --- |');
    for (const [key, f] of fields) {
      const values = f.values?.length ? f.values.map((v) => `\`${String(v)}\``).join(', ') : f.pattern ? `matches \`${cell(f.pattern)}\`` : '';
      lines.push(`| \`${key}\` | ${f.type ?? 'string'} | ${f.required ? 'yes' : 'no'} | ${values} | ${cell(f.description ?? '')} |`);
    }
    lines.push('', contract.additionalFields ? 'Other frontmatter keys are allowed.' : 'Any other frontmatter key fails the check.');
  }
  if (contract.sections?.length) {
    if (lines.length) lines.push('');
    lines.push(`Required sections${contract.ordered ? ', in this order' : ''}: ${contract.sections.map((s) => `\`## ${s}\``).join(', ')}.`);
  }
  if (!lines.length) lines.push(`_Contract \`${name}\` declares no fields or sections._`);
  return lines.join('\n');
}

/** Every contract a skill's artifacts name, rendered under a heading each (the `contracts` generated region). */
export function renderSkillContracts(skillc: Record<string, unknown> | undefined, contracts: Readonly<Record<string, ContractSpec>>): string {
  const used = [...new Set(artifactContracts(skillc).values())];
  if (!used.length) return '_This skill names no contract._';
  return used
    .map((name) => {
      const c = Object.prototype.hasOwnProperty.call(contracts, name) ? contracts[name] : undefined;
      const files = [...artifactContracts(skillc)].filter(([, n]) => n === name).map(([f]) => `\`${f}\``).join(', ');
      return `**Contract \`${name}\`** (${files})\n\n${c ? renderContract(name, c) : `_Unknown contract \`${name}\`: the config does not declare it._`}`;
    })
    .join('\n\n');
}

/**
 * The gate's contract step for one artifact: when the skill (or the config's
 * `artifacts`, passed as `declared`) names a contract for it, the text must satisfy it. The contracts come from `contracts`, else from the
 * config found from the skill's folder. A contract that cannot be found fails.
 */
export function checkArtifactContract(skill: Skill, artifact: string, text: string, contracts?: Readonly<Record<string, ContractSpec>>, declared?: string): ContractCheck {
  // The skill's own `skillc.artifacts` entry names it, else the config's `artifacts` (`declared`).
  const name = artifactContracts(skill.skillc).get(artifact) ?? declared;
  if (name === undefined) return { ok: true, problems: [] };
  let known = contracts;
  if (!known) {
    try {
      known = loadConfig({ cwd: skill.dir }).contracts;
    } catch (error) {
      return { ok: false, problems: [{ message: `Cannot load contract \`${name}\`: ${error instanceof Error ? error.message : String(error)}` }] };
    }
  }
  const contract = Object.prototype.hasOwnProperty.call(known, name) ? known[name] : undefined;
  if (!contract) {
    const names = Object.keys(known);
    return { ok: false, problems: [{ message: `Unexpected unknown contract \`${name}\` for \`${artifact}\`, expected ${names.length ? `one of ${names.map((n) => `\`${n}\``).join(', ')}` : 'a contract declared in the config'}` }] };
  }
  return checkContract(name, contract, text);
}
