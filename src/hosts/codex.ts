import { SPEC_FIELDS, SPEC_LIMITS, specFacts } from './agentskills.js';
import type { HostProfile } from './profile.js';

/**
 * OpenAI Codex reads name and description (plus the other spec keys) from
 * SKILL.md; its UI and invocation policy live in agents/openai.yaml.
 */
export const codex: HostProfile = {
  id: 'codex',
  displayName: 'OpenAI Codex',
  docs: 'https://developers.openai.com/codex/skills',
  followsSpec: true,
  fields: SPEC_FIELDS,
  unknownKey: 'warning',
  limits: { ...SPEC_LIMITS, descriptionMax: 1024 },
  reservedWords: [],
  nameMatchesFolder: true,
  descriptionAngleBrackets: 'allow',
  skillIdentity: 'name',
  // Codex builds on the open standard: the spec's rules, read from SKILL.md (name and description
  // required), the rest of a skill's settings in agents/openai.yaml.
  facts: {
    ...specFacts('https://developers.openai.com/codex/skills', 'ignores'),
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
  layout: { project: '.agents/skills', user: '.codex/skills' },
  // UI and invocation policy live in agents/openai.yaml beside SKILL.md.
  emit: { skillsDir: '', metadataFile: { path: 'agents/openai.yaml', keys: ['interface', 'policy', 'dependencies'] } },
};
