/**
 * What a recorded span shows a skill doing, against what its frontmatter declares: the effects
 * its rehearsal captured and the skills it delegated to, each missing from `skillc.effects` /
 * `skillc.requires`, printed as the lines to add, and with --write-frontmatter added to the
 * SKILL.md (comments and the body kept; written to a temporary file and renamed; a SKILL.md that
 * is a link is refused).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMap, isSeq, parseDocument, type Document, type YAMLSeq } from 'yaml';
import { frontmatterText } from '../parse/frontmatter.js';
import type { Skill } from '../model/skill.js';

export interface FrontmatterProposal {
  effects: string[];
  requires: string[];
}

const declared = (skill: Skill, key: 'effects' | 'requires'): string[] => {
  const v = skill.skillc?.[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};

/** The effects and delegated skills seen that the skill does not declare, each once, in order seen. */
export function proposal(skill: Skill, effects: string[], requires: string[]): FrontmatterProposal {
  const haveEffects = new Set(declared(skill, 'effects'));
  const haveRequires = new Set(declared(skill, 'requires'));
  return {
    effects: [...new Set(effects)].filter((e) => !haveEffects.has(e) && e !== 'unknown'),
    requires: [...new Set(requires)].filter((r) => r && !haveRequires.has(r) && r !== (skill.name ?? skill.dirName)),
  };
}

/** The proposal as the YAML lines a user adds under the frontmatter (with what is there already). */
export function proposalLines(skill: Skill, p: FrontmatterProposal): string[] {
  const lines = ['skillc:'];
  if (p.effects.length) lines.push(`  effects: [${[...declared(skill, 'effects'), ...p.effects].join(', ')}]`);
  if (p.requires.length) lines.push(`  requires: [${[...declared(skill, 'requires'), ...p.requires].join(', ')}]`);
  return lines.length > 1 ? lines : [];
}

function addTo(doc: Document, key: string, values: string[]): void {
  if (!values.length) return;
  if (!doc.has('skillc')) doc.set('skillc', doc.createNode({}));
  const skillc = doc.get('skillc');
  if (!isMap(skillc)) throw new Error('`skillc` in the frontmatter is not a mapping');
  const list = skillc.get(key, true);
  if (list === undefined) {
    const seq = doc.createNode(values) as YAMLSeq;
    seq.flow = true;
    skillc.set(key, seq);
  } else if (isSeq(list)) for (const v of values) list.add(doc.createNode(v));
  else throw new Error(`\`skillc.${key}\` in the frontmatter is not a list`);
}

/** Adds the proposal to the SKILL.md; returns false when there was nothing to add. Throws with a reason when it cannot. */
export function writeProposal(skillFile: string, p: FrontmatterProposal): boolean {
  if (!p.effects.length && !p.requires.length) return false;
  const st = fs.lstatSync(skillFile);
  if (st.isSymbolicLink() || !st.isFile()) throw new Error(`${path.basename(skillFile)} is not a regular file (a link is not written through)`);
  const text = fs.readFileSync(skillFile, 'utf8');
  const block = frontmatterText(text);
  if (!block) throw new Error('SKILL.md has no frontmatter block');
  const doc = parseDocument(block.yaml);
  if (doc.errors.length) throw new Error(`its frontmatter does not parse: ${doc.errors[0]!.message.split('\n')[0]}`);
  if (!isMap(doc.contents)) throw new Error('its frontmatter is not a mapping');
  addTo(doc, 'effects', p.effects);
  addTo(doc, 'requires', p.requires);
  // As `skillc import` writes a converted SKILL.md: the body after the closing fence kept as it was.
  const out = `${block.bom}---\n${doc.toString({ lineWidth: 0, flowCollectionPadding: false })}---${block.body || '\n'}`;
  const tmp = path.join(path.dirname(skillFile), `.SKILL.md.skillc-${process.pid}`);
  fs.writeFileSync(tmp, out, { flag: 'wx', mode: st.mode & 0o777 });
  fs.renameSync(tmp, skillFile);
  return true;
}
