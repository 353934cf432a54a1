import type { FieldSpec, HostProfile } from './profile.js';

/** The six frontmatter keys of the agentskills.io specification. */
export const SPEC_FIELDS: Readonly<Record<string, FieldSpec>> = {
  name: { type: 'string', required: true, maxLength: 64, description: 'Lowercase letters, digits and single inner hyphens; matches the folder name.' },
  description: { type: 'string', required: true, maxLength: 1024, description: 'What the skill does and when to use it.' },
  license: { type: 'string', description: 'A license name or the name of a bundled license file.' },
  compatibility: { type: 'string', maxLength: 500, description: 'Environment requirements: products, packages, network access.' },
  metadata: { type: 'string-map', description: 'Arbitrary string keys and string values.' },
  'allowed-tools': { type: 'tool-list', description: 'Space-separated list of pre-approved tools (experimental).' },
};

export const SPEC_LIMITS: HostProfile['limits'] = {
  nameMax: 64,
  descriptionMax: 1024,
  compatibilityMax: 500,
  bodyMaxLines: 500,
  bodyMaxTokens: 5000,
};

/**
 * A host that documents no listing budget: the spec only says name and description
 * (about 100 tokens a skill) are loaded at startup. Nothing is cut or dropped by skillc's model.
 */
export const UNKNOWN_LISTING: HostProfile['listing'] = {
  entryMax: null,
  entryFields: ['description'],
  contextShare: null,
  maxChars: null,
  overflow: 'unknown',
  hiddenFromModel: {},
  hiddenFromUser: {},
  sources: ['not documented: https://agentskills.io/specification describes loading name and description at startup (about 100 tokens a skill) but no cap'],
};

export const agentskills: HostProfile = {
  id: 'agentskills',
  displayName: 'Agent Skills (agentskills.io)',
  docs: 'https://agentskills.io/specification',
  followsSpec: true,
  fields: SPEC_FIELDS,
  unknownKey: 'error',
  limits: SPEC_LIMITS,
  reservedWords: [],
  dynamicCommands: false,
  manualInvocation: null,
  listing: UNKNOWN_LISTING,
  layout: { project: '.agents/skills', user: '.agents/skills' },
  emit: { skillsDir: '' },
};
