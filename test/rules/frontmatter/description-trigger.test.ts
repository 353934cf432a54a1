import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/description-trigger.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (description: string, extra = '') => `---\nname: my-skill\ndescription: ${description}\n${extra}---\n# T\n`;
/**
 * Real phrasings, from the cc-skills, tflow and supermodo corpora (MIT) and the held-out
 * repositories of issue 13, each marked by whether it says when to use the skill.
 */
const TRIGGERS: readonly string[] = [
  'This skill should be used when the user asks to "create a hook" or mentions PreToolUse.',
  'This skill should be used whenever a plugin manifest is edited.',
  'Use immediately after writing or modifying code.',
  'Use PROACTIVELY to cross-check a non-trivial answer with an independent model.',
  'Use proactively when a test fails.',
  'Use this skill PROACTIVELY when the diff touches auth code.',
  'MUST be used PROACTIVELY after any schema change.',
  'Used PROACTIVELY whenever a migration is written.',
  'PROACTIVELY use when tests fail.',
  'Invoke PROACTIVELY before merging.',
  'ALWAYS use when editing the CI workflow.',
  'Use IMMEDIATELY after a deploy fails.',
  'Expert code reviewer. MUST BE USED for all code changes.',
  'TRIGGER when: code imports `anthropic` or the user asks for the Claude API.',
  'TRIGGER when the user pastes a stack trace.',
  'Semantic analysis of converted recordings. TRIGGERS - analyze cast, keyword extraction, find patterns.',
  'Cal.com event types and schedules. TRIGGERS - event type, booking page, schedule',
  'Operate the ClickHouse cloud. Triggers: create user, grant role.',
  'Record terminal sessions. Triggers — record session, capture terminal.',
  'Use pueue for long-running jobs when a command may outlive the session.',
  'Use `ask-glm` to get a second opinion if the answer is non-trivial.',
  'Production wiring for MiniMax-M3. Use when wiring or tuning MiniMax-M3.',
  'user wants to send a text message on Telegram as their personal account via MTProto.',
  'user needs to set up Telegram CLI for the first time.',
  'an AI agent has drafted a long Telegram message and the user wants to review it BEFORE it is sent.',
  'Generates commit messages. Use this whenever the user says "commit".',
  'Fills PDF forms. Use only when asked.',
  'Validates links with lychee. Run before committing documentation changes.',
  'Audits dependencies. Invoke when a lockfile changes.',
  'Applies when editing Terraform files.',
  'Helps when reviewing a pull request for style.',
  'Formats tables. Useful when a Markdown table is misaligned.',
  'Archives research URLs. Keywords: archive, scrape, research issue.',
  'Drafts release notes. Trigger phrases: "release notes", "changelog".',
  'Checks a hypothesis, whenever running a parameter sweep.',
  'Summarizes a session before handing it off to the next developer.',
  'Fills PDF forms when the user uploads one.',
  'Converts a .cast file, to be used after a recording ends.',
];

const NOT_TRIGGERS: readonly string[] = [
  'Deploy static HTML files to Cloudflare Workers with 1Password credential management.',
  'Concurrency safety patterns for distributed pueue + mise + systemd-run job pipelines.',
  'Claude Code OAuth proxy patterns and anti-patterns for multi-provider model routing.',
  'Query macOS iMessage database (chat.db) via SQLite. Decode NSAttributedString messages, handle tapbacks, search conversations.',
  'Configure a cheap 3-key USB-C/Bluetooth macro pad on macOS end-to-end with Karabiner-Elements.',
  'Find out what an unknown HID button actually emits. Uses Karabiner\'s event viewer.',
  'Bidirectional integration validation where two repositories validate each other before release.',
  'Score telemetry field name similarity across syntactic, taxonomic, and semantic layers.',
  'Triggers a webhook on every deploy and records the response.',
  'Use of force policy summaries for the legal team.',
  'Reference for when-expressions in Kotlin.',
  'Helps the user with PDF forms.',
  'Proactively monitors disk usage and cleans caches.',
  'PROACTIVELY manages memory for long sessions.',
  'Uses PROACTIVELY cached results to speed up builds.',
  'Widely used format converter for PDF forms.',
  'Renames files in bulk. For each file, computes a checksum and writes it.',
  'For example, converts Markdown tables.',
  'Patterns and recipes for caching and retries.',
  'Complete contribution workflow using git-town. Create branch → commit → PR → ship.',
  'Tether (install/uninstall) hooks for auto-backup on session end. Renamed from \'hooks\' to avoid clashing.',
];

const MESSAGE = 'Unexpected description without a trigger, expected when to use the skill, e.g. "Use when the user asks for ..." (models pick skills by their description)';

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('Drafts release notes. Use when the user asks for release notes.') } },
      { files: { 'SKILL.md': skill('Drafts release notes. Use this skill whenever a tag is pushed.') } },
      { files: { 'SKILL.md': skill('Use for PDF forms and extraction.') } },
      { name: '"Preferred for …" says when (issue 27)', files: { 'SKILL.md': skill('Bulk file renames with previews. Preferred for renaming more than a handful of files.') } },
      { name: '"For A, B and C." says when (issue 27)', files: { 'SKILL.md': skill('Code review checklists. For reviewing pull requests, auditing modules and checking style.') } },
      { name: 'a description that opens on its uses', files: { 'SKILL.md': skill('For PDF forms or scanned invoices.') } },
      { files: { 'SKILL.md': skill('Fills PDF forms when the user uploads one.') } },
      { files: { 'SKILL.md': skill('Fills PDF forms. Triggers on "fill this form".') } },
      { files: { 'SKILL.md': skill('Fills PDF forms; triggered when a PDF is attached.') } },
      { files: { 'SKILL.md': skill('Fills PDF forms. Invoke when a form must be filled.') } },
      { files: { 'SKILL.md': skill('Fills PDF forms. Use only when asked.') } },
      { files: { 'SKILL.md': skill('>\n  Fills PDF forms. Use\n  when asked.') } },
      { name: 'an extra phrase from the options', options: { phrases: ['Applicable to'] }, files: { 'SKILL.md': skill('Applicable to PDF forms.') } },
      { name: 'when_to_use, for hosts that all read it', hosts: ['claude'], files: { 'SKILL.md': skill('Fills PDF forms.', 'when_to_use: A PDF form is attached.\n') } },
      { name: 'empty is frontmatter/description-length', files: { 'SKILL.md': skill('""') } },
      ...TRIGGERS.map((d) => ({ name: `a trigger: ${d}`, hosts: ['agentskills', 'claude'], files: { 'SKILL.md': skill(JSON.stringify(d)) } })),
      {
        name: 'a skill no host lists to the model (disable-model-invocation: true) is chosen by name (issue 13)',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('Tether (install/uninstall) hooks to ~/.claude/settings.json.', 'disable-model-invocation: true\n') },
      },
      { name: 'a manual source skill', hosts: ['claude', 'codex'], files: { 'SKILL.md': skill('Drafts release notes.', 'skillc:\n  invocation: manual\n') } },
    ],
    invalid: [
      ...NOT_TRIGGERS.map((d) => ({ name: `no trigger: ${d}`, hosts: ['agentskills', 'claude'], files: { 'SKILL.md': skill(JSON.stringify(d)) }, errors: [{ line: 3, message: MESSAGE }] })),
      {
        name: 'a manual skill on Claude Code is still listed by a host without a manual switch',
        hosts: ['claude', 'agentskills'],
        files: { 'SKILL.md': skill('Tether hooks.', 'disable-model-invocation: true\n') },
        errors: [{ line: 3, message: MESSAGE }],
      },
      {
        name: 'what, never when',
        files: { 'SKILL.md': skill('Fills PDF forms.') },
        errors: [{ line: 3, column: 14, endColumn: 30, message: MESSAGE }],
      },
      {
        name: '"user" alone is not a trigger',
        files: { 'SKILL.md': skill('Helps the user with PDF forms.') },
        errors: [{ line: 3, message: MESSAGE }],
      },
      {
        name: 'when_to_use counts only when every linted host reads it',
        hosts: ['agentskills', 'claude'],
        files: { 'SKILL.md': skill('Fills PDF forms.', 'when_to_use: A PDF form is attached.\n') },
        errors: [{ line: 3, message: MESSAGE }],
      },
      {
        name: 'phrases from the options add, not replace',
        options: { phrases: ['applicable to'] },
        files: { 'SKILL.md': skill('Not applicable-tooling.') },
        errors: [{ line: 3, message: MESSAGE }],
      },
    ],
  },
  { describe, it },
);
