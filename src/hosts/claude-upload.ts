import { SPEC_FIELDS, SPEC_LIMITS, UNKNOWN_LISTING, specFacts } from './agentskills.js';
import type { HostProfile } from './profile.js';

/** The Agent Skills overview of the Claude platform: the name and description requirements of an uploaded skill. */
const DOC = 'https://platform.claude.com/docs/en/agents-and-tools/agent-skills/overview';
/** The packager and validator Anthropic ships for claude.ai uploads (`package_skill.py` runs it). */
const VALIDATOR = 'https://github.com/anthropics/skills/blob/main/skills/skill-creator/scripts/quick_validate.py';

/**
 * A skill uploaded to claude.ai (Settings > Capabilities) or through the Skills
 * API: the six spec keys only, and the platform's own name and description rules.
 * Claude Code's keys are refused here, its body features do not run.
 */
export const claudeUpload: HostProfile = {
  id: 'claude-upload',
  displayName: 'claude.ai / Claude API upload',
  docs: DOC,
  followsSpec: true,
  fields: SPEC_FIELDS,
  unknownKey: 'error',
  limits: SPEC_LIMITS,
  reservedWords: ['anthropic', 'claude'],
  nameMatchesFolder: true,
  descriptionAngleBrackets: 'reject',
  skillIdentity: 'name',
  facts: {
    ...specFacts(DOC, 'rejects'),
    fields: { source: `${VALIDATOR} (ALLOWED_PROPERTIES)`, enforcement: 'allows', rules: ['frontmatter/unknown-key', 'frontmatter/field-type'], note: 'name, description, license, compatibility, metadata, allowed-tools.' },
    unknownKey: { source: `${VALIDATOR} (unexpected keys fail validation)`, enforcement: 'rejects', rules: ['frontmatter/unknown-key'], note: 'Any other key is a hard error at packaging and upload.' },
    name: { source: `${DOC} (Skill structure: name, at most 64 characters, lowercase letters, numbers and hyphens)`, enforcement: 'rejects', rules: ['frontmatter/name-missing', 'frontmatter/name-format'], note: 'Required; 1-64 of a-z, 0-9 and hyphens.' },
    reservedWords: { source: `${DOC} (Skill structure: name cannot contain the reserved words "anthropic", "claude")`, enforcement: 'rejects', rules: ['frontmatter/name-reserved'], note: 'The upload is refused.' },
    description: { source: `${DOC} (Skill structure: description, non-empty, at most 1,024 characters)`, enforcement: 'rejects', rules: ['frontmatter/description-missing', 'frontmatter/description-length'], note: 'Required; 1-1024 characters.' },
    descriptionMarkup: {
      source: `${DOC} (description cannot contain XML tags); ${VALIDATOR} (no < or > at all)`,
      enforcement: 'rejects',
      rules: ['frontmatter/description-xml'],
      note: 'Any angle bracket, in a code span or not, fails validation.',
    },
    metadata: { source: 'https://agentskills.io/specification (metadata: string keys to string values), as the platform validates the spec', enforcement: 'rejects', rules: ['frontmatter/metadata-strings'], note: 'String keys and string values.' },
    allowedTools: { source: 'https://agentskills.io/specification (allowed-tools: a space-separated string), as the platform validates the spec', enforcement: 'recommends', rules: ['frontmatter/field-type'], note: 'A space-separated string.' },
  },
  dynamicCommands: false,
  manualInvocation: null,
  listing: { ...UNKNOWN_LISTING, sources: [`not documented: ${DOC} loads each skill's name and description at startup; no cap is given`] },
  // Uploaded as a zip, never installed into a folder; the code-execution container serves it from here.
  runtimeSkillRoots: ['/mnt/skills/user', '/mnt/skills/public'],
  layout: null,
  emit: { skillsDir: '' },
};
