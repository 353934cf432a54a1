import fs from 'node:fs';
import path from 'node:path';
import type { Skill } from '../model/skill.js';
import { readSkill } from '../parse/skill.js';
import { LIMITS } from '../parse/limits.js';
import { artifactSchemas, checkArtifactText, isPlainFileName, type ArtifactSchema } from '../analysis/artifacts.js';
import { checkArtifactContract } from '../analysis/contracts.js';
import { loadConfig, type ContractSpec } from '../config/config.js';
import type { ConfiguredArtifacts } from '../analysis/artifacts.js';

export interface ArtifactVerdict {
  artifact: string;
  ok: boolean;
  /** What failed, in the remark-lint voice; empty when ok. */
  problems: { message: string; line?: number }[];
}

export interface GateResult {
  ok: boolean;
  runDir: string;
  verdicts: ArtifactVerdict[];
}

export interface GateOptions {
  /** The run folder holding the artifacts. */
  runDir: string;
  /** Artifact file names to check. */
  artifacts: string[];
  /** The skill whose `skillc.artifacts` declare the schemas: a parsed skill or its folder. */
  skill: Skill | string;
  /** Contracts named by `skillc.artifacts` entries; default: the config found from the skill's folder. */
  contracts?: Readonly<Record<string, ContractSpec>>;
  /** The config's `artifacts` (schemas by skill name); default: the config found from the skill's folder. */
  configured?: ConfiguredArtifacts;
}

/** The config's artifact schemas for a skill folder; none when there is no config or it does not load (its contracts then report why). */
function configuredArtifacts(dir: string): ConfiguredArtifacts {
  try {
    return loadConfig({ cwd: dir }).artifacts;
  } catch {
    return {};
  }
}

/**
 * The artifact gate: each named artifact must be declared by the skill, be a
 * plain file name, exist in the run folder as a regular file (not a symlink),
 * be non-empty and carry every required `##` section with its exact heading
 * (in order when the schema says so). Anything unexpected fails: it fails closed.
 */
export function gate(options: GateOptions): GateResult {
  const skill = typeof options.skill === 'string' ? readSkill(options.skill) : options.skill;
  const schemas = new Map<string, ArtifactSchema>(artifactSchemas(skill, options.configured ?? configuredArtifacts(skill.dir)).map((a) => [a.name, a]));
  const runDir = path.resolve(options.runDir);
  const verdicts: ArtifactVerdict[] = [];
  const fail = (artifact: string, message: string): void => void verdicts.push({ artifact, ok: false, problems: [{ message }] });
  if (options.artifacts.length === 0) fail('(none)', 'Unexpected empty artifact list, expected at least one artifact name');
  for (const name of options.artifacts) {
    if (!isPlainFileName(name)) {
      fail(name, `Unexpected artifact name \`${name}\`, expected a plain file name (no \`/\`, \`\\\`, \`..\` or NUL)`);
      continue;
    }
    const schema = schemas.get(name);
    if (!schema) {
      fail(name, `Unexpected artifact \`${name}\`: \`${skill.name ?? skill.dirName}\` declares ${schemas.size ? [...schemas.keys()].map((k) => `\`${k}\``).join(', ') : 'no artifacts'}`);
      continue;
    }
    const file = path.join(runDir, name);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(file);
    } catch {
      fail(name, `Missing artifact \`${name}\` in ${path.basename(runDir)}/`);
      continue;
    }
    if (st.isSymbolicLink()) fail(name, `Unexpected symlink \`${name}\`, expected a regular file written by the run`);
    else if (!st.isFile()) fail(name, `Unexpected \`${name}\` that is not a regular file`);
    else if (st.size > LIMITS.maxFileBytes) fail(name, `Unexpected artifact \`${name}\` of ${st.size} bytes, expected at most ${LIMITS.maxFileBytes}`);
    else {
      const text = fs.readFileSync(file, 'utf8');
      const check = checkArtifactText(schema, text);
      const contract = checkArtifactContract(skill, name, text, options.contracts, schema.contract);
      verdicts.push({ artifact: name, ok: check.ok && contract.ok, problems: [...check.problems, ...contract.problems] });
    }
  }
  return { ok: verdicts.length > 0 && verdicts.every((v) => v.ok), runDir, verdicts };
}
