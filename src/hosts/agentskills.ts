import type { FieldSpec, HostFact, HostProfile } from './profile.js';

/** The agentskills.io specification, the source of every figure below. */
export const SPEC_DOC = 'https://agentskills.io/specification';
/** The spec's reference validator (`skills-ref validate`), which rejects what the spec forbids. */
export const SPEC_VALIDATOR = 'https://github.com/agentskills/agentskills/tree/main/skills-ref (skills-ref validate)';

/** The six frontmatter keys of the agentskills.io specification (its Frontmatter table). */
export const SPEC_FIELDS: Readonly<Record<string, FieldSpec>> = {
  name: { type: 'string', required: true, maxLength: 64, description: 'Lowercase letters, digits and single inner hyphens; matches the folder name.' },
  description: { type: 'string', required: true, maxLength: 1024, description: 'What the skill does and when to use it.' },
  license: { type: 'string', description: 'A license name or the name of a bundled license file.' },
  compatibility: { type: 'string', maxLength: 500, description: 'Environment requirements: products, packages, network access.' },
  metadata: { type: 'string-map', description: 'Arbitrary string keys and string values.' },
  'allowed-tools': { type: 'tool-list', description: 'Space-separated list of pre-approved tools (experimental).' },
};

/** The spec's limits (name 1-64, description 1-1024, compatibility 1-500; the body advice of its progressive-disclosure section). */
export const SPEC_LIMITS: HostProfile['limits'] = {
  nameMax: 64,
  descriptionMax: 1024,
  compatibilityMax: 500,
  bodyMaxLines: 500,
  bodyMaxTokens: 5000,
};

/**
 * What the spec says, fact by fact, for a host that follows it (`doc`: where
 * that host says it does). The spec's "must" is enforced by its validator and by
 * strict hosts: an error; its "should" is advice: a warning.
 */
export function specFacts(doc: string, unknownKey: HostFact['enforcement']): Record<string, HostFact> {
  const spec = `${SPEC_DOC} (Frontmatter; followed by ${doc})`;
  return {
    fields: { source: spec, enforcement: 'allows', rules: ['frontmatter/unknown-key', 'frontmatter/field-type'], note: 'The six keys name, description, license, compatibility, metadata, allowed-tools.' },
    unknownKey: {
      source: unknownKey === 'rejects' ? `${SPEC_VALIDATOR}: a key outside the six is an error` : `${doc}: reads the spec keys; other keys are not read`,
      enforcement: unknownKey,
      rules: ['frontmatter/unknown-key'],
      note: unknownKey === 'rejects' ? 'A key outside the spec fails validation.' : 'A key the host does not read is ignored.',
    },
    name: { source: `${spec}: name field`, enforcement: 'rejects', rules: ['frontmatter/name-missing', 'frontmatter/name-format'], note: 'Required; 1-64 characters of a-z, 0-9 and single inner hyphens.' },
    nameFolder: { source: `${spec}: name field, "Must match the parent directory name"`, enforcement: 'rejects', rules: ['frontmatter/name-directory'], note: 'The name equals the folder name.' },
    reservedWords: { source: spec, enforcement: 'allows', rules: ['frontmatter/name-reserved'], note: 'No reserved words.' },
    description: { source: `${spec}: description field`, enforcement: 'rejects', rules: ['frontmatter/description-missing', 'frontmatter/description-length'], note: 'Required; 1-1024 characters.' },
    descriptionMarkup: {
      source: `${spec}: description field (no rule on angle brackets)`,
      enforcement: 'recommends',
      rules: ['frontmatter/description-xml'],
      note: 'Angle brackets are allowed; an XML-looking tag in prose is advised against (the listing wraps descriptions in tags of its own), one in a code span is text.',
    },
    compatibility: { source: `${spec}: compatibility field`, enforcement: 'rejects', rules: ['frontmatter/compatibility-length'], note: '1-500 characters when present.' },
    metadata: { source: `${spec}: metadata field, "A map from string keys to string values"`, enforcement: 'rejects', rules: ['frontmatter/metadata-strings'], note: 'String keys and string values.' },
    allowedTools: {
      source: `${spec}: allowed-tools field, "A space-separated string"`,
      enforcement: 'recommends',
      rules: ['frontmatter/field-type'],
      note: 'A space-separated string (experimental): a comma-separated one splits into tools named `Read,` (a warning); a list is not a string (an error).',
    },
    booleans: { source: spec, enforcement: 'allows', rules: ['frontmatter/field-type'], note: 'The spec has no boolean keys.' },
    identity: { source: `${spec}: directory structure`, enforcement: 'rejects', rules: ['skills/duplicate-name'], note: 'A skill is known by its name; two skills of one name clash where they are installed together.' },
    listing: { source: `${spec}: progressive disclosure (name and description, about 100 tokens a skill, loaded at startup; no cap)`, enforcement: 'allows', rules: ['skills/listing-budget'], note: 'No documented listing budget.' },
  };
}

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
  docs: SPEC_DOC,
  followsSpec: true,
  fields: SPEC_FIELDS,
  unknownKey: 'error',
  limits: SPEC_LIMITS,
  reservedWords: [],
  nameMatchesFolder: true,
  descriptionAngleBrackets: 'allow',
  skillIdentity: 'name',
  facts: specFacts(SPEC_DOC, 'rejects'),
  dynamicCommands: false,
  // A portable skill is installed in any spec host, Claude Code included (which runs its !`cmd`).
  portable: true,
  manualInvocation: null,
  listing: UNKNOWN_LISTING,
  layout: { project: '.agents/skills', user: '.agents/skills' },
  emit: { skillsDir: '' },
};
