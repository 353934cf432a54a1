import { SPEC_FIELDS, SPEC_LIMITS } from './agentskills.js';
import type { HostProfile } from './profile.js';

/** Claude Code: the spec keys plus its own invocation, tool and execution fields. */
export const claude: HostProfile = {
  id: 'claude',
  displayName: 'Claude Code',
  docs: 'https://code.claude.com/docs/en/skills',
  followsSpec: true,
  fields: {
    ...SPEC_FIELDS,
    when_to_use: { type: 'string', description: 'Extra trigger text, listed with the description (the two are cut at 1,536 characters together).' },
    'argument-hint': { type: 'string', description: 'Hint shown after /name in the command menu, e.g. [issue-number].' },
    arguments: { type: 'any', description: 'Named positional arguments for $name substitution.' },
    'disable-model-invocation': { type: 'boolean', description: 'true: only the user can invoke the skill (/name).' },
    'user-invocable': { type: 'boolean', description: 'false: hidden from the / menu; only the model invokes it.' },
    model: { type: 'string', description: 'Model to use while the skill runs.' },
    effort: { type: 'string', values: ['low', 'medium', 'high', 'xhigh', 'max'], description: 'Effort level while the skill runs.' },
    context: { type: 'string', values: ['fork'], description: 'fork: run in an isolated subagent context.' },
    agent: { type: 'string', description: 'Subagent type used with context: fork.' },
    hooks: { type: 'mapping', description: 'Hooks scoped to the skill lifecycle.' },
    paths: { type: 'string-or-list', description: 'Glob patterns that limit when the skill activates automatically.' },
    shell: { type: 'string', values: ['bash', 'powershell'], description: 'Shell for !`cmd` blocks.' },
    version: { type: 'string', description: 'Skill version (informational).' },
  },
  unknownKey: 'warning',
  limits: SPEC_LIMITS,
  reservedWords: ['anthropic', 'claude'],
  dynamicCommands: true,
  manualInvocation: { frontmatter: { 'disable-model-invocation': true } },
  // The listing is part of the Skill tool's prompt: each entry is cut at 1,536 characters
  // (description and when_to_use together), the whole list at about 1% of the context window,
  // and when it overflows the least used skills are dropped from it.
  listing: {
    entryMax: 1536,
    entryFields: ['description', 'when_to_use'],
    contextShare: 0.01,
    maxChars: null,
    overflow: 'drop',
    hiddenFromModel: { 'disable-model-invocation': true },
    hiddenFromUser: { 'user-invocable': false },
    sources: ['https://code.claude.com/docs/en/skills (skill descriptions and the character budget of the listing)'],
  },
  // Substituted in the skill's text; a plugin is copied whole into the plugin cache, so its skills may
  // share files at the plugin root, but nothing outside the plugin folder is copied.
  paths: {
    variables: {
      CLAUDE_SKILL_DIR: 'skill',
      CLAUDE_PLUGIN_ROOT: 'plugin',
      CLAUDE_PROJECT_DIR: 'project',
      CLAUDE_PLUGIN_DATA: 'runtime',
      CLAUDE_SESSION_ID: 'runtime',
      CLAUDE_EFFORT: 'runtime',
      ARGUMENTS: 'runtime',
    },
    plugin: { skillsDir: 'skills', manifest: '.claude-plugin/plugin.json' },
    sources: [
      'https://code.claude.com/docs/en/skills (string substitutions: CLAUDE_SKILL_DIR, CLAUDE_PLUGIN_ROOT, CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_DATA, CLAUDE_SESSION_ID, CLAUDE_EFFORT)',
      'https://code.claude.com/docs/en/plugins-reference (plugin caching: installed plugins cannot reference files outside their folder; CLAUDE_PLUGIN_ROOT)',
    ],
  },
  layout: { project: '.claude/skills', user: '.claude/skills' },
  // Laid out as a Claude Code plugin: .claude-plugin/plugin.json beside skills/.
  emit: { skillsDir: 'skills', manifests: ['claude-plugin', 'claude-marketplace'] },
};
