import { SPEC_FIELDS, SPEC_LIMITS, UNKNOWN_LISTING, specFacts } from './agentskills.js';
import type { FieldSpec, HostFact, HostProfile } from './profile.js';

/**
 * Hosts that read agentskills.io skills with few or no keys of their own.
 * Each profile starts from the spec's facts and overrides, with the page that
 * says so, whatever the host's own docs (or loader) say differently. Checked
 * December 2026; a fact with no page of the host's own says "follows the spec by
 * assumption".
 */

const manualSwitch: FieldSpec = { type: 'boolean', description: 'true: only the user can invoke the skill (slash command); the model does not see it.' };

/** The spec's facts, read as "this host follows the spec by assumption": used where a host's docs say nothing of their own. */
const assumed = (docs: string): Record<string, HostFact> =>
  Object.fromEntries(
    Object.entries(specFacts(docs, 'ignores')).map(([k, f]) => [k, { ...f, note: `${f.note} Not found in ${docs} as of 2026-12; follows the spec by assumption.` }]),
  );

interface HostData {
  id: string;
  displayName: string;
  docs: string;
  layout: HostProfile['layout'];
  /** Keys added to (or replacing) the spec's six. */
  fields?: Record<string, FieldSpec>;
  /** Spec keys the host does not read. */
  omit?: readonly string[];
  limits?: Partial<HostProfile['limits']>;
  nameMatchesFolder?: boolean;
  /** Facts the host documents itself, over the spec's. */
  facts?: Record<string, HostFact>;
  manual?: boolean;
  /** Frontmatter values that take a skill out of the user's `/` menu. */
  hiddenFromUser?: Record<string, unknown>;
  fork?: HostProfile['fork'];
  foreignVariables?: HostProfile['foreignVariables'];
}

function specHost(d: HostData): HostProfile {
  const facts = { ...assumed(d.docs), ...d.facts };
  return {
    id: d.id,
    displayName: d.displayName,
    docs: d.docs,
    followsSpec: true,
    fields: Object.fromEntries(Object.entries({ ...SPEC_FIELDS, ...d.fields }).filter(([k]) => !d.omit?.includes(k))),
    unknownKey: 'warning',
    limits: { ...SPEC_LIMITS, ...d.limits },
    reservedWords: [],
    nameMatchesFolder: d.nameMatchesFolder ?? true,
    descriptionAngleBrackets: 'allow',
    skillIdentity: 'name',
    facts,
    dynamicCommands: false,
    manualInvocation: d.manual ? { frontmatter: { 'disable-model-invocation': true } } : null,
    // None of these documents a listing budget (see each profile's docs page): unknown, never guessed.
    listing: {
      ...UNKNOWN_LISTING,
      hiddenFromModel: d.manual ? { 'disable-model-invocation': true } : {},
      hiddenFromUser: d.hiddenFromUser ?? {},
      sources: [`not documented: ${d.docs} names no cap on the skill listing`],
    },
    ...(d.fork ? { fork: d.fork } : {}),
    ...(d.foreignVariables ? { foreignVariables: d.foreignVariables } : {}),
    layout: d.layout,
    emit: { skillsDir: '' },
  };
}

/**
 * OpenCode 2 (its current docs; OpenCode 1's are at /v1/docs/skills): the skill id is the folder (or file)
 * path, `name` is a display name (the docs' own example is `name: Git Release`), and `description` makes
 * the skill eligible for model discovery. OpenCode 1 required `name` to be 1-64 lowercase characters equal
 * to the folder; OpenCode 2 keeps reading those skills.
 */
const OPENCODE = 'https://opencode.ai/docs/skills';
const OPENCODE_V1 = 'https://opencode.ai/v1/docs/skills';
export const opencode = specHost({
  id: 'opencode',
  displayName: 'OpenCode',
  docs: OPENCODE,
  layout: { project: '.opencode/skills', user: '.config/opencode/skills' },
  fields: {
    name: { type: 'string', required: true, description: 'Display name, free text (e.g. "Git Release"); the skill id is the folder name.' },
    description: { type: 'string', required: true, maxLength: 1024, description: 'When to use the skill; it makes the skill eligible for model discovery.' },
  },
  // OpenCode 1 lists five keys; allowed-tools is not one of them (see facts.fields).
  omit: ['allowed-tools'],
  limits: { nameMax: Number.POSITIVE_INFINITY },
  nameMatchesFolder: false,
  facts: {
    fields: {
      source: `${OPENCODE_V1} (Write frontmatter: only name, description, license, compatibility, metadata are recognized)`,
      enforcement: 'allows',
      rules: ['frontmatter/unknown-key', 'frontmatter/field-type'],
      note: 'name, description, license, compatibility, metadata (a string-to-string map). allowed-tools is not among them: an unknown key.',
    },
    unknownKey: { source: `${OPENCODE_V1} (Unknown frontmatter fields are ignored)`, enforcement: 'ignores', rules: ['frontmatter/unknown-key'], note: 'Ignored: a warning.' },
    name: {
      source: `${OPENCODE} (Skills: the example's \`name: Git Release\`; the skill lives in .opencode/skills/<skill-id>)`,
      enforcement: 'allows',
      rules: ['frontmatter/name-format'],
      note: 'A display name in any form; OpenCode 1 required 1-64 lowercase letters, digits and hyphens, OpenCode 2 does not.',
    },
    nameFolder: { source: `${OPENCODE} (the skill id is the path under the skills folder, not \`name\`)`, enforcement: 'allows', rules: ['frontmatter/name-directory'], note: 'The id comes from the folder; a different `name` is not an error.' },
    description: {
      source: `${OPENCODE} (describe when to use the skill in \`description\`); ${OPENCODE_V1} (description must be 1-1024 characters)`,
      enforcement: 'rejects',
      rules: ['frontmatter/description-missing'],
      note: 'Required: without it the model is never offered the skill.',
    },
    descriptionLength: {
      source: `${OPENCODE_V1} (description must be 1-1024 characters; OpenCode 2's page gives no cap)`,
      enforcement: 'recommends',
      rules: ['frontmatter/description-length'],
      note: 'At most 1,024 characters in OpenCode 1; OpenCode 2 states no cap: a warning.',
    },
    identity: {
      source: `${OPENCODE_V1} (Troubleshoot loading: two skills of one name, the last loaded wins)`,
      enforcement: 'rejects',
      rules: ['skills/duplicate-name'],
      note: 'Not verified for OpenCode 2, whose id is the path; kept as OpenCode 1 documents it.',
    },
  },
});

/**
 * Gemini CLI: its docs page and its skill loader (which reads only `name` and `description`, both
 * required strings, and puts no rule on either's form or length).
 */
const GEMINI = 'https://geminicli.com/docs/cli/skills';
const GEMINI_LOADER = 'https://github.com/google-gemini/gemini-cli/blob/main/packages/core/src/skills/skillLoader.ts';
export const gemini = specHost({
  id: 'gemini',
  displayName: 'Gemini CLI',
  docs: GEMINI,
  layout: { project: '.gemini/skills', user: '.gemini/skills' },
  fields: {
    name: { type: 'string', required: true, description: 'The skill\'s name, any text (characters a file name cannot hold become `-`).' },
    description: { type: 'string', required: true, description: 'What the skill does and when Gemini should use it.' },
  },
  limits: { nameMax: Number.POSITIVE_INFINITY, descriptionMax: Number.POSITIVE_INFINITY, compatibilityMax: Number.POSITIVE_INFINITY },
  nameMatchesFolder: false,
  facts: {
    fields: {
      source: `${GEMINI_LOADER} (parseFrontmatter reads name and description); https://geminicli.com/docs/cli/creating-skills (SKILL.md file: name and description)`,
      enforcement: 'allows',
      rules: ['frontmatter/unknown-key', 'frontmatter/field-type'],
      note: 'Only name and description are read; the other spec keys are accepted by the standard Gemini says it is based on.',
    },
    unknownKey: { source: `${GEMINI_LOADER} (other keys are not read)`, enforcement: 'ignores', rules: ['frontmatter/unknown-key'], note: 'Ignored: a warning.' },
    name: { source: `${GEMINI_LOADER} (any string; \`:\\/<>*?"|\` are replaced by \`-\`)`, enforcement: 'allows', rules: ['frontmatter/name-format'], note: 'Any form. Required all the same: a skill without a string name is not loaded (frontmatter/name-missing, from the field).' },
    nameFolder: { source: `${GEMINI_LOADER} (the name is not compared with the folder)`, enforcement: 'allows', rules: ['frontmatter/name-directory'], note: 'No rule.' },
    description: { source: `${GEMINI_LOADER} (a skill without a string description is not loaded; no length rule)`, enforcement: 'rejects', rules: ['frontmatter/description-missing'], note: 'Required; no cap.' },
    descriptionLength: { source: `${GEMINI_LOADER} (no length rule)`, enforcement: 'allows', rules: ['frontmatter/description-length'], note: 'No cap.' },
    compatibility: { source: `${GEMINI_LOADER} (compatibility is not read)`, enforcement: 'allows', rules: ['frontmatter/compatibility-length'], note: 'Not read: no cap.' },
    metadata: { source: `${GEMINI_LOADER} (metadata is not read)`, enforcement: 'allows', rules: ['frontmatter/metadata-strings'], note: 'Not read by Gemini; the spec\'s string map is kept for portability.' },
  },
});

/**
 * GitHub Copilot (cloud agent, CLI, VS Code agent mode): GitHub's "Adding agent skills" how-to, and VS Code's
 * Agent Skills page, which documents the keys Copilot in VS Code reads besides the spec's (re-checked 2026-12).
 */
const COPILOT = 'https://docs.github.com/en/copilot/how-tos/copilot-on-github/customize-copilot/customize-cloud-agent/add-skills';
const VSCODE_SKILLS = 'https://code.visualstudio.com/docs/agent-customization/agent-skills';
const VSCODE_PROMPTS = 'https://code.visualstudio.com/docs/agent-customization/prompt-files';
const vscodeFlag = (description: string): FieldSpec => ({ type: 'boolean', description });
export const copilot = specHost({
  id: 'copilot',
  displayName: 'GitHub Copilot',
  docs: COPILOT,
  layout: { project: '.github/skills', user: '.copilot/skills' },
  nameMatchesFolder: false,
  fields: {
    // Neither page says Copilot acts on allowed-tools or metadata: a shape the spec does not allow is
    // not read, never a refused skill (gh skill publish, which validates against the spec, would refuse it).
    'allowed-tools': { ...SPEC_FIELDS['allowed-tools']!, onInvalid: 'ignores' },
    metadata: { ...SPEC_FIELDS.metadata!, onInvalid: 'ignores' },
    'argument-hint': { type: 'string', description: 'Hint shown in the chat input when the skill is invoked as a slash command.' },
    'user-invocable': vscodeFlag('false: hidden from the / menu; Copilot still loads it when relevant.'),
    'disable-model-invocation': vscodeFlag('true: only the / command loads the skill.'),
    context: { type: 'string', values: ['fork'], description: 'fork (experimental): run the skill in a dedicated subagent.' },
  },
  manual: true,
  hiddenFromUser: { 'user-invocable': false },
  fork: {
    field: 'context',
    value: 'fork',
    sources: [`${VSCODE_SKILLS} (Run a skill in a forked context (experimental): the skill executes in a dedicated subagent and only its result returns)`],
  },
  // Prompt files (`.prompt.md`) substitute these; a skill is not a prompt file, so in a SKILL.md they stay text.
  foreignVariables: {
    what: 'VS Code prompt-file variables',
    patterns: [
      String.raw`\$\{input:[A-Za-z_][\w-]*(?::[^}\n]*)?\}`,
      String.raw`\$\{(?:selection|selectedText|file|fileBasename|fileDirname|fileBasenameNoExtension|workspaceFolder|workspaceFolderBasename)\}`,
    ],
    sources: [
      `${VSCODE_PROMPTS} (Variables in prompt files: \${workspaceFolder}, \${workspaceFolderBasename}, \${selection}, \${selectedText}, \${file}, \${fileBasename}, \${fileDirname}, \${fileBasenameNoExtension}, \${input:variableName}, \${input:variableName:placeholder})`,
      `${VSCODE_SKILLS} (SKILL.md file format: the frontmatter fields and a Markdown body; no variable substitution)`,
    ],
  },
  facts: {
    fields: {
      source: `${COPILOT} (Creating and adding a skill: name and description required, license optional; gh skill publish validates against the agentskills.io specification); ${VSCODE_SKILLS} (Header: name, description, argument-hint, user-invocable, disable-model-invocation, context)`,
      enforcement: 'allows',
      rules: ['frontmatter/unknown-key', 'frontmatter/field-type'],
      note: 'name, description, license (GitHub); argument-hint, user-invocable, disable-model-invocation, context: fork (VS Code); the other spec keys through the spec that gh skill publish validates against.',
    },
    allowedTools: {
      source: `${COPILOT}; ${VSCODE_SKILLS} (neither lists allowed-tools among the keys Copilot reads)`,
      enforcement: 'ignores',
      rules: ['frontmatter/field-type'],
      note: 'Not acted on by Copilot: a list or a comma-separated value is a warning (gh skill publish checks the spec\'s space-separated string).',
    },
    metadata: {
      source: `${COPILOT}; ${VSCODE_SKILLS} (neither lists metadata among the keys Copilot reads)`,
      enforcement: 'ignores',
      rules: ['frontmatter/metadata-strings', 'frontmatter/field-type'],
      note: 'Not read by Copilot: a value that is not a string is a warning (the spec asks for strings).',
    },
    name: { source: `${COPILOT} (name (required): a unique identifier, lowercase, using hyphens for spaces)`, enforcement: 'rejects', rules: ['frontmatter/name-missing', 'frontmatter/name-format'], note: 'Required; lowercase with hyphens.' },
    nameFolder: {
      source: `${COPILOT} (name: "Typically, this matches the name of the skill's directory")`,
      enforcement: 'recommends',
      rules: ['frontmatter/name-directory'],
      note: 'A convention, not a requirement: a warning.',
    },
    description: { source: `${COPILOT} (description (required): what the skill does and when Copilot should use it)`, enforcement: 'rejects', rules: ['frontmatter/description-missing', 'frontmatter/description-length'], note: 'Required; the 1,024 cap is the spec\'s (gh skill publish).' },
  },
});

/** Cursor: its Agent Skills page documents discovery, `/` invocation and the open standard; the key list is the spec's. */
const CURSOR = 'https://cursor.com/docs/context/skills';
export const cursor = specHost({
  id: 'cursor',
  displayName: 'Cursor',
  docs: CURSOR,
  layout: { project: '.cursor/skills', user: '.cursor/skills' },
  fields: { 'disable-model-invocation': manualSwitch },
  manual: true,
  facts: {
    fields: {
      source: `${CURSOR} (Agent Skills is an open standard; skills can be invoked by typing /); key list also in https://syllago.dev/using-syllago/providers/cursor/skills/ (third party)`,
      enforcement: 'allows',
      rules: ['frontmatter/unknown-key', 'frontmatter/field-type'],
      note: 'The spec keys plus disable-model-invocation. The key table was not found on Cursor\'s own page as of 2026-12 (a third-party list gives the same keys).',
    },
  },
});

/** pi coding agent: its skills.md implements the spec "warning about violations but remaining lenient". */
const PI = 'https://github.com/badlogic/pi-mono/blob/main/packages/coding-agent/docs/skills.md';
export const pi = specHost({
  id: 'pi',
  displayName: 'pi coding agent',
  docs: PI,
  layout: { project: '.pi/skills', user: '.pi/agent/skills' },
  fields: {
    metadata: { type: 'mapping', description: 'Arbitrary key-value mapping.' },
    'disable-model-invocation': manualSwitch,
  },
  nameMatchesFolder: false,
  manual: true,
  facts: {
    fields: {
      source: `${PI} (Frontmatter: name, description, license, compatibility, metadata, allowed-tools, disable-model-invocation)`,
      enforcement: 'allows',
      rules: ['frontmatter/unknown-key', 'frontmatter/field-type'],
      note: 'The spec keys plus disable-model-invocation; metadata is any mapping.',
    },
    unknownKey: { source: `${PI} (Validation: unknown frontmatter fields are ignored)`, enforcement: 'ignores', rules: ['frontmatter/unknown-key'], note: 'Ignored: a warning.' },
    name: {
      source: `${PI} (Validation: a name over 64 characters, with invalid characters or stray hyphens produces a warning; the skill still loads)`,
      enforcement: 'recommends',
      rules: ['frontmatter/name-format'],
      note: 'pi warns and loads the skill: a warning.',
    },
    nameFolder: { source: `${PI} (Validation: name doesn't match parent directory is a warning)`, enforcement: 'recommends', rules: ['frontmatter/name-directory'], note: 'pi warns and loads the skill: a warning.' },
    description: { source: `${PI} (Validation: skills with missing description are not loaded)`, enforcement: 'rejects', rules: ['frontmatter/description-missing'], note: 'Required.' },
    descriptionLength: { source: `${PI} (Validation: description exceeds 1024 characters is a warning)`, enforcement: 'recommends', rules: ['frontmatter/description-length'], note: 'pi warns and loads the skill: a warning.' },
    compatibility: { source: `${PI} (Frontmatter: compatibility, max 500 chars; not among the validation checks)`, enforcement: 'recommends', rules: ['frontmatter/compatibility-length'], note: 'Documented cap, not validated: advice.' },
    metadata: { source: `${PI} (Frontmatter: metadata, arbitrary key-value mapping)`, enforcement: 'allows', rules: ['frontmatter/metadata-strings', 'frontmatter/field-type'], note: 'Any mapping.' },
    identity: { source: `${PI} (Validation: name collisions warn and keep the first skill found)`, enforcement: 'recommends', rules: ['skills/duplicate-name'], note: 'The first skill of a name wins, with a warning.' },
  },
});

/** Hermes Agent: its skills guide; the bundled skills' pages show version, author, license and platforms. */
const HERMES = 'https://hermes-agent.nousresearch.com/docs/user-guide/features/skills';
export const hermes = specHost({
  id: 'hermes',
  displayName: 'Hermes Agent',
  docs: HERMES,
  layout: { project: '.hermes/skills', user: '.hermes/skills' },
  fields: {
    version: { type: 'string', description: 'Skill version, shown in skill listings.' },
    author: { type: 'string', description: 'Skill author.' },
    platforms: { type: 'string-or-list', description: 'Operating systems the skill supports: linux, macos, windows.' },
  },
  facts: {
    fields: {
      source: `${HERMES}; https://hermes-agent.nousresearch.com/docs/user-guide/skills/bundled/autonomous-ai-agents/autonomous-ai-agents-hermes-agent (Skill metadata: Version, Author, License, Platforms)`,
      enforcement: 'allows',
      rules: ['frontmatter/unknown-key', 'frontmatter/field-type'],
      note: 'The spec keys plus version, author, platforms (shown on each bundled skill\'s page). Limits not found in docs as of 2026-12; follows the spec by assumption.',
    },
  },
});
