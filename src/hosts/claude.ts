import { SPEC_FIELDS, SPEC_LIMITS, specFacts } from './agentskills.js';
import type { FieldSpec, HostProfile } from './profile.js';

/**
 * Claude Code's skills page: the frontmatter reference, the table of where a
 * command's name comes from, the listing budget. Every fact below is from it
 * unless it says otherwise (re-checked December 2026: the frontmatter table lists exactly the keys of `fields`).
 */
const DOC = 'https://code.claude.com/docs/en/skills';
const TOOLS_DOC = 'https://code.claude.com/docs/en/tools-reference';
const HOOKS_DOC = 'https://code.claude.com/docs/en/hooks';
const SUBAGENTS_DOC = 'https://code.claude.com/docs/en/sub-agents';

/** `allowed-tools` / `disallowed-tools`: a space- or comma-separated string, or a YAML list. */
const toolList = (description: string): FieldSpec => ({ type: 'tool-list', accepts: { commas: true, list: true }, description });
const flag = (description: string): FieldSpec => ({ type: 'boolean', looseBoolean: true, description });

/**
 * Claude Code: skills folders (personal, project, nested, enterprise) and plugin
 * skills. Not the claude.ai / API upload form, which is `claude-upload`.
 */
export const claude: HostProfile = {
  id: 'claude',
  displayName: 'Claude Code',
  docs: DOC,
  followsSpec: true,
  // Every field is optional: `name` defaults to the folder name, `description` to the body's first paragraph.
  fields: {
    name: { type: 'string', maxLength: 64, emptyMeansDefault: true, description: 'Display name; the command name comes from the folder (lowercase letters, digits, hyphens; at most 64).' },
    description: { type: 'string', emptyMeansDefault: true, description: 'What the skill does and when to use it (recommended; without it the first paragraph is used).' },
    license: SPEC_FIELDS.license!,
    compatibility: SPEC_FIELDS.compatibility!,
    metadata: { type: 'mapping', onInvalid: 'ignores', description: 'Free-form mapping for the author\'s own tools; Claude Code ignores its contents.' },
    'allowed-tools': toolList('Tools the skill may use without asking: a space- or comma-separated string, or a list.'),
    when_to_use: { type: 'string', description: 'Extra trigger text, listed with the description (the two are cut at 1,536 characters together).' },
    // Written `argument-hint: [issue]` it is a YAML list: shown as its text, not refused (facts.argumentHint).
    'argument-hint': { type: 'string', onInvalid: 'ignores', description: 'Hint shown after /name in the command menu, e.g. [issue-number].' },
    arguments: { type: 'string-or-list', description: 'Named positional arguments for $name substitution: a space-separated string or a list.' },
    'disable-model-invocation': flag('true: only the user can invoke the skill (/name).'),
    'user-invocable': flag('false: hidden from the / menu; only the model invokes it.'),
    'disallowed-tools': toolList('Tools the skill may not use: a space- or comma-separated string, or a list.'),
    model: { type: 'string', description: 'Model to use while the skill runs.' },
    effort: { type: 'string', values: ['low', 'medium', 'high', 'xhigh', 'max'], description: 'Effort level while the skill runs.' },
    context: { type: 'string', values: ['fork'], description: 'fork: run in an isolated subagent context.' },
    agent: { type: 'string', description: 'Subagent type used with context: fork.' },
    background: flag('With context: fork, run the subagent in the background (default true).'),
    hooks: { type: 'mapping', description: 'Hooks scoped to the skill lifecycle.' },
    paths: { type: 'string-or-list', description: 'Glob patterns that limit when the skill activates automatically: a comma-separated string or a list.' },
    shell: { type: 'string', values: ['bash', 'powershell'], description: 'Shell for !`cmd` blocks.' },
  },
  unknownKey: 'warning',
  // No description cap besides the listing's (skills/listing-budget); no name cap documented beyond 64.
  limits: { ...SPEC_LIMITS, descriptionMax: Number.POSITIVE_INFINITY },
  reservedWords: [],
  nameMatchesFolder: false,
  descriptionAngleBrackets: 'allow',
  skillIdentity: 'folder-in-container',
  facts: {
    ...specFacts(DOC, 'ignores'),
    fields: {
      source: `${DOC} (Frontmatter reference)`,
      enforcement: 'allows',
      rules: ['frontmatter/unknown-key', 'frontmatter/field-type'],
      note: 'name, description, when_to_use, argument-hint, arguments, disable-model-invocation, user-invocable, allowed-tools, disallowed-tools, model, effort, context, agent, background, hooks, paths, shell, plus the spec keys license, compatibility, metadata. All optional.',
    },
    unknownKey: { source: `${DOC} (Frontmatter reference)`, enforcement: 'ignores', rules: ['frontmatter/unknown-key'], note: 'A key not in the reference is not read: a warning, never an error.' },
    name: { source: `${DOC} (Frontmatter reference: name)`, enforcement: 'rejects', rules: ['frontmatter/name-format'], note: 'Optional (defaults to the folder name); lowercase letters, digits and hyphens, at most 64.' },
    nameFolder: {
      source: `${DOC} (How a skill gets its command name: in a personal or project skill folder, \`name\` sets the command the / menu shows and the user types, and the folder name also invokes it; in a plugin skill \`name\` replaces the folder name in /plugin:name)`,
      enforcement: 'informs',
      rules: ['frontmatter/name-directory'],
      note: 'the user types the name in Claude Code (/name, or /plugin:name in a plugin; outside plugins the folder name invokes it too)',
    },
    argumentHint: {
      source: `${DOC} (Frontmatter reference: argument-hint, a hint shown during autocomplete, e.g. [issue-number]; nothing says a wrong type stops the skill loading)`,
      enforcement: 'ignores',
      rules: ['frontmatter/field-type'],
      note: 'Unquoted, `[issue-number]` is a YAML list; the skill loads and the hint shows as text: a warning, with the quoting fix.',
    },
    reservedWords: { source: `${DOC} (Frontmatter reference: no reserved words)`, enforcement: 'allows', rules: ['frontmatter/name-reserved'], note: 'Reserved words are an upload rule (claude-upload), not Claude Code\'s.' },
    description: {
      source: `${DOC} (Frontmatter reference: description, recommended; the listing cuts description + when_to_use at 1,536 characters)`,
      enforcement: 'recommends',
      rules: ['frontmatter/description-missing', 'frontmatter/description-length', 'skills/listing-budget'],
      note: 'Optional; no 1,024-character cap. The listing cut is skills/listing-budget\'s warning.',
    },
    descriptionMarkup: {
      source: `${DOC} (no rule on angle brackets in descriptions)`,
      enforcement: 'recommends',
      rules: ['frontmatter/description-xml'],
      note: 'Allowed; an XML-looking tag in prose is advised against, one in a code span is text.',
    },
    compatibility: { source: `${DOC} (Frontmatter reference: compatibility, accepted, at most 500 characters)`, enforcement: 'rejects', rules: ['frontmatter/compatibility-length'], note: 'At most 500 characters.' },
    metadata: { source: `${DOC} (Frontmatter reference: metadata, free-form)`, enforcement: 'ignores', rules: ['frontmatter/metadata-strings', 'frontmatter/field-type'], note: 'Any mapping; values need not be strings. A non-mapping value is dropped: a warning.' },
    allowedTools: {
      source: `${DOC} (Frontmatter reference: allowed-tools, disallowed-tools)`,
      enforcement: 'allows',
      rules: ['frontmatter/field-type'],
      note: 'A space- or comma-separated string, or a YAML list: all three are read.',
    },
    booleans: { source: `${DOC} (Frontmatter reference: boolean fields)`, enforcement: 'allows', rules: ['frontmatter/field-type'], note: 'true/false and yes/no/on/off/1/0 in any case.' },
    identity: {
      source: `${DOC} (where a command name comes from: plugin skills are /plugin-name:skill-name; a nested skills folder's clash is namespaced by its path)`,
      enforcement: 'rejects',
      rules: ['skills/duplicate-name'],
      note: 'Skills in different plugins (or nested skills folders) never clash; only skills in one container can.',
    },
    listing: {
      source: `${DOC} (skill descriptions: the 1,536-character entry cut and the listing budget of about 1% of the context window; descriptions dropped least used first, names kept)`,
      enforcement: 'recommends',
      rules: ['skills/listing-budget'],
      note: 'Over budget, Claude Code keeps every name and drops descriptions of the least used skills: a warning.',
    },
  },
  dynamicCommands: true,
  manualInvocation: { frontmatter: { 'disable-model-invocation': true } },
  // The listing is part of the Skill tool's prompt: each entry is cut at 1,536 characters
  // (description and when_to_use together), the whole list at about 1% of the context window;
  // over that, every name stays listed and the least used skills lose their descriptions.
  listing: {
    entryMax: 1536,
    entryFields: ['description', 'when_to_use'],
    contextShare: 0.01,
    maxChars: null,
    overflow: 'drop-descriptions',
    hiddenFromModel: { 'disable-model-invocation': true },
    hiddenFromUser: { 'user-invocable': false },
    sources: [`${DOC} (skill descriptions and the character budget of the listing)`],
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
    // Not substituted, but Claude Code opens a loaded skill with "Base directory for this skill: <folder>",
    // so the agent resolves the common `{baseDir}/scripts/x.sh` convention against the skill folder.
    conventions: { '{baseDir}': 'skill' },
    plugin: { skillsDir: 'skills', manifest: '.claude-plugin/plugin.json' },
    sources: [
      'https://code.claude.com/docs/en/skills (string substitutions: CLAUDE_SKILL_DIR, CLAUDE_PLUGIN_ROOT, CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_DATA, CLAUDE_SESSION_ID, CLAUDE_EFFORT; re-checked against the page of 2026-12)',
      'https://code.claude.com/docs/en/plugins-reference (plugin caching: installed plugins cannot reference files outside their folder; CLAUDE_PLUGIN_ROOT)',
      'https://code.claude.com/docs/en/skills (a loaded skill is prefixed "Base directory for this skill: <folder>"; `{baseDir}` as used by skill collections such as https://github.com/trailofbits/skills/issues/8)',
    ],
  },
  // The names the tools reference lists: the strings permission rules, subagent tool lists and a
  // skill's allowed-tools use. A name that matches no tool grants nothing, silently.
  tools: {
    fields: ['allowed-tools', 'disallowed-tools'],
    names: [
      'Agent', 'Artifact', 'AskUserQuestion', 'Bash', 'CronCreate', 'CronDelete', 'CronList', 'Edit', 'EndConversation', 'EnterPlanMode',
      'EnterWorktree', 'ExitPlanMode', 'ExitWorktree', 'Glob', 'Grep', 'ListAgents', 'ListMcpResourcesTool', 'LSP', 'Monitor', 'NotebookEdit',
      'PowerShell', 'PushNotification', 'Read', 'ReadMcpResourceTool', 'RemoteTrigger', 'ReportFindings', 'ScheduleWakeup', 'SendFeedback',
      'SendMessage', 'SendUserFile', 'ShareOnboardingGuide', 'Skill', 'TaskCreate', 'TaskGet', 'TaskList', 'TaskOutput', 'TaskStop', 'TaskUpdate',
      'TodoWrite', 'ToolSearch', 'WaitForMcpServers', 'WebFetch', 'WebSearch', 'Workflow', 'Write',
    ],
    aliases: { Task: 'Agent' },
    retired: {
      LS: 'Glob',
      NotebookRead: 'Read',
      MultiEdit: 'Edit',
      TodoRead: 'TaskList',
      BashOutput: 'TaskOutput',
      AgentOutputTool: 'TaskOutput',
      KillShell: 'TaskStop',
      KillBash: 'TaskStop',
      SlashCommand: 'Skill',
    },
    patterns: ['^mcp__[A-Za-z0-9_.-]+(?:__[A-Za-z0-9_.*-]+)?$'],
    unknown: 'ignores',
    sources: [
      `${TOOLS_DOC} (the tool table: "the exact strings you use in permission rules, subagent tool lists, and hook matchers"; a skill's allowed-tools takes the same ToolName(specifier) rules)`,
      `${SUBAGENTS_DOC} ("In version 2.1.63, the Task tool was renamed to Agent. Existing Task(...) references ... still work as aliases")`,
      `${HOOKS_DOC} (Match MCP tools: MCP tools are named mcp__<server>__<tool>)`,
      'https://github.com/anthropics/claude-code/issues/7187 (LS removed from the tools; Glob covers it); NotebookRead was merged into Read (v1.0.68) and BashOutput/AgentOutputTool replaced by TaskOutput (v2.0.64); LS, NotebookRead, MultiEdit, TodoRead, BashOutput, KillShell and SlashCommand are not in the tools reference of 2026-12',
    ],
  },
  hooks: {
    field: 'hooks',
    events: [
      'SessionStart', 'Setup', 'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'PermissionRequest', 'PermissionDenied', 'PostToolUse',
      'PostToolUseFailure', 'PostToolBatch', 'Notification', 'MessageDisplay', 'SubagentStart', 'SubagentStop', 'TaskCreated', 'TaskCompleted',
      'Stop', 'StopFailure', 'TeammateIdle', 'InstructionsLoaded', 'ConfigChange', 'CwdChanged', 'DirectoryAdded', 'FileChanged', 'WorktreeCreate',
      'WorktreeRemove', 'PreCompact', 'PostCompact', 'PreModelSwitch', 'PostModelSwitch', 'Elicitation', 'ElicitationResult', 'SessionEnd',
    ],
    handlers: { command: ['command'], http: ['url'], mcp_tool: ['server', 'tool'], prompt: ['prompt'], agent: ['prompt'] },
    sources: [
      `${HOOKS_DOC} (the table of hook events; Configuration: event -> matcher groups -> hooks; Hook handler fields: type command, http, mcp_tool, prompt or agent)`,
      `${HOOKS_DOC} (Hooks in skills and agents: the same configuration format as settings-based hooks)`,
      `${DOC} (Frontmatter reference: hooks)`,
    ],
  },
  fork: {
    field: 'context',
    value: 'fork',
    agentField: 'agent',
    builtInAgents: ['Explore', 'Plan', 'general-purpose'],
    sources: [
      `${DOC} (Run skills in a subagent: the skill content becomes the subagent's prompt; "context: fork only makes sense for skills with explicit instructions ... the subagent receives the guidelines but no actionable prompt, and returns without meaningful output"; agent: built-in Explore, Plan, general-purpose, or a custom subagent from .claude/agents/; omitted, general-purpose)`,
      `${DOC} (Frontmatter reference: agent, "Which subagent type to use when context: fork is set")`,
    ],
  },
  arguments: {
    hintField: 'argument-hint',
    indexed: true,
    appendsUnplaced: true,
    rewritesCode: true,
    sources: [
      `${DOC} (Available string substitutions: $ARGUMENTS, $ARGUMENTS[N], $N; "An indexed placeholder with no corresponding argument ... stays in the content unchanged")`,
      `${DOC} (Pass arguments to skills: with no placeholder, Claude Code appends ARGUMENTS: <your input> to the skill content)`,
      `${DOC} (Available string substitutions: a backslash before a placeholder keeps it literal); https://github.com/anthropics/claude-code/issues/78759 (reproduced by the maintainers on v2.1.233: $0, $1 and $ARGUMENTS are replaced throughout the skill body, fenced code blocks included, "working as designed"; \\$0 stays $0)`,
    ],
  },
  layout: {
    project: '.claude/skills',
    user: '.claude/skills',
    // CLAUDE_CONFIG_DIR moves ~/.claude, personal skills with it ($CLAUDE_CONFIG_DIR/skills).
    userHomeVariable: { name: 'CLAUDE_CONFIG_DIR', replaces: '.claude', source: 'https://code.claude.com/docs/en/settings#environment-variables (CLAUDE_CONFIG_DIR: where Claude Code keeps its configuration and data files)' },
  },
  // Laid out as a Claude Code plugin: .claude-plugin/plugin.json beside skills/.
  emit: { skillsDir: 'skills', manifests: ['claude-plugin', 'claude-marketplace'] },
};
