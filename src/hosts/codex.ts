import { SPEC_FIELDS, SPEC_LIMITS, specFacts } from './agentskills.js';
import type { HostProfile } from './profile.js';

const DOC = 'https://developers.openai.com/codex/skills';
/** Codex's skill loader: what it refuses (a skill it cannot load is reported as an error, not listed). */
const LOADER = 'https://github.com/openai/codex/blob/006b3dac4cb12bfbfa098a269a659cea9a71158f/codex-rs/core/src/skills/loader.rs';

/**
 * OpenAI Codex reads name and description (plus the other spec keys) from
 * SKILL.md; its UI and invocation policy live in agents/openai.yaml.
 */
export const codex: HostProfile = {
  id: 'codex',
  displayName: 'OpenAI Codex',
  docs: DOC,
  followsSpec: true,
  fields: SPEC_FIELDS,
  unknownKey: 'warning',
  limits: { ...SPEC_LIMITS, descriptionMax: 1024 },
  reservedWords: [],
  // The loader never compares the name with the folder (its own test loads `demo/` named `demo-skill`).
  nameMatchesFolder: false,
  descriptionAngleBrackets: 'allow',
  skillIdentity: 'name',
  // Codex builds on the open standard: the spec's rules, read from SKILL.md (name and description
  // required), the rest of a skill's settings in agents/openai.yaml.
  facts: {
    ...specFacts(DOC, 'ignores'),
    fields: {
      source: `${DOC} (A skill is a directory with a SKILL.md that must include name and description; skills build on the open agent skills standard); ${LOADER} (SkillFrontmatter: name, description, metadata.short-description)`,
      enforcement: 'allows',
      rules: ['frontmatter/unknown-key', 'frontmatter/field-type'],
      note: 'The spec keys; Codex itself reads name, description and metadata.short-description. UI and policy live in agents/openai.yaml.',
    },
    name: {
      source: `${LOADER} (validate_field: name non-empty, at most 64 characters, whitespace collapsed; no character rule); ${DOC} (builds on the open standard, whose name is lowercase letters, digits and hyphens)`,
      enforcement: 'recommends',
      rules: ['frontmatter/name-format'],
      note: 'Any single line loads, so the spec\'s form is advice: a warning. Still required: an empty name fails to load (frontmatter/name-missing, from the field).',
    },
    nameLength: { source: `${LOADER} (MAX_NAME_LEN = 64: a longer name fails to load)`, enforcement: 'rejects', rules: ['frontmatter/name-format'], note: 'At most 64 characters.' },
    nameFolder: {
      source: `${LOADER} (the name is never compared with the folder; test loads_valid_skill loads folder demo named demo-skill)`,
      enforcement: 'recommends',
      rules: ['frontmatter/name-directory'],
      note: 'Loads either way; the spec asks for the match: a warning.',
    },
    description: { source: `${LOADER} (MAX_DESCRIPTION_LEN = 1024; empty or longer fails to load)`, enforcement: 'rejects', rules: ['frontmatter/description-missing', 'frontmatter/description-length'], note: 'Required; 1-1024 characters.' },
    listing: {
      source: 'https://developers.openai.com/codex/skills (the initial skills list: about 2% of the context window, or 8,000 characters; descriptions shortened first)',
      enforcement: 'recommends',
      rules: ['skills/listing-budget'],
      note: 'Over budget, Codex shortens descriptions and may omit skills, with a warning.',
    },
  },
  dynamicCommands: false,
  manualInvocation: { metadata: { policy: { allow_implicit_invocation: false } } },
  // Codex puts name, description and path of each skill in its first message, capped at
  // about 2% of the context window, or 8,000 characters when the window is not known.
  listing: {
    entryMax: null,
    entryFields: ['description'],
    contextShare: 0.02,
    maxChars: 8000,
    overflow: 'truncate',
    hiddenFromModel: {},
    hiddenFromUser: {},
    sources: ['https://developers.openai.com/codex/skills (progressive disclosure: the initial skills list and its budget)'],
  },
  layout: {
    project: '.agents/skills',
    user: '.codex/skills',
    // CODEX_HOME (default ~/.codex) holds Codex's state, user skills in $CODEX_HOME/skills.
    userHomeVariable: { name: 'CODEX_HOME', replaces: '.codex', source: 'https://developers.openai.com/codex/config-advanced (CODEX_HOME, default ~/.codex); https://developers.openai.com/codex/skills (user skills folder)' },
  },
  // UI and invocation policy live in agents/openai.yaml beside SKILL.md.
  emit: { skillsDir: '', metadataFile: { path: 'agents/openai.yaml', keys: ['interface', 'policy', 'dependencies'] } },
};
