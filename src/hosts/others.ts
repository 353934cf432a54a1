import { SPEC_FIELDS, SPEC_LIMITS, UNKNOWN_LISTING, specFacts } from './agentskills.js';
import type { FieldSpec, HostProfile } from './profile.js';

/**
 * Hosts that read agentskills.io skills with few or no keys of their own.
 * Each reads the spec keys and ignores the rest; where a host documents its own
 * invocation switch the profile names it, otherwise a manual skill cannot be
 * enforced there and the build warns.
 */

const manualSwitch: FieldSpec = { type: 'boolean', description: 'true: only the user can invoke the skill (slash command); the model does not see it.' };

function specHost(id: string, displayName: string, docs: string, layout: HostProfile['layout'], extra: Record<string, FieldSpec> = {}, manual = false): HostProfile {
  return {
    id,
    displayName,
    docs,
    followsSpec: true,
    fields: { ...SPEC_FIELDS, ...extra },
    unknownKey: 'warning',
    limits: SPEC_LIMITS,
    reservedWords: [],
    nameMatchesFolder: true,
    descriptionAngleBrackets: 'allow',
    skillIdentity: 'name',
    // Each of these says it follows the agentskills.io spec (its docs page): the spec's facts, cited through it.
    facts: specFacts(docs, 'ignores'),
    dynamicCommands: false,
    manualInvocation: manual ? { frontmatter: { 'disable-model-invocation': true } } : null,
    // None of these documents a listing budget (see each profile's docs page): unknown, never guessed.
    listing: {
      ...UNKNOWN_LISTING,
      hiddenFromModel: manual ? { 'disable-model-invocation': true } : {},
      sources: [`not documented: ${docs} names no cap on the skill listing`],
    },
    layout,
    emit: { skillsDir: '' },
  };
}

export const opencode = specHost('opencode', 'OpenCode', 'https://opencode.ai/docs/skills', { project: '.opencode/skills', user: '.config/opencode/skills' });

export const gemini = specHost('gemini', 'Gemini CLI', 'https://geminicli.com/docs/cli/skills', { project: '.gemini/skills', user: '.gemini/skills' });

export const copilot = specHost('copilot', 'GitHub Copilot', 'https://docs.github.com/en/copilot/concepts/agents/about-agent-skills', { project: '.github/skills', user: '.copilot/skills' });

export const cursor = specHost(
  'cursor',
  'Cursor',
  'https://cursor.com/docs/context/skills',
  { project: '.cursor/skills', user: '.cursor/skills' },
  { 'disable-model-invocation': manualSwitch },
  true,
);

export const pi = specHost(
  'pi',
  'pi coding agent',
  'https://github.com/badlogic/pi-mono/blob/main/packages/coding-agent/docs/skills.md',
  { project: '.pi/skills', user: '.pi/agent/skills' },
  { 'disable-model-invocation': manualSwitch },
  true,
);

export const hermes = specHost(
  'hermes',
  'Hermes Agent',
  'https://hermes-agent.nousresearch.com/docs/user-guide/features/skills',
  { project: '.hermes/skills', user: '.hermes/skills' },
  {
    version: { type: 'string', description: 'Skill version, shown in skill listings.' },
    author: { type: 'string', description: 'Skill author.' },
    platforms: { type: 'string-or-list', description: 'Operating systems the skill supports: linux, macos, windows.' },
  },
);
