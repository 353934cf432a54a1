/**
 * A host profile is data: what one agent host reads from a skill. Rules and
 * emitters ask a profile; none of them names a host.
 */

export type FieldType = 'string' | 'boolean' | 'number' | 'string-map' | 'mapping' | 'tool-list' | 'string-or-list' | 'any';

export interface FieldSpec {
  type: FieldType;
  required?: boolean;
  maxLength?: number;
  /** Allowed values for a string field. */
  values?: readonly string[];
  description: string;
  /**
   * A `tool-list` (or `string-or-list`) the host also reads when comma-separated
   * and/or written as a YAML list; absent: a space-separated string only (the spec).
   */
  accepts?: { commas?: boolean; list?: boolean };
  /** A `boolean` the host also reads from the words yes/no/on/off/1/0, in any case, quoted or not. */
  looseBoolean?: boolean;
  /** An empty value stands for the host's default (Claude Code: `name` -> the folder name, `description` -> the first paragraph). */
  emptyMeansDefault?: boolean;
  /** What the host does with a value of the wrong type: `rejects` the skill (error, the default) or `ignores` the value (warning). */
  onInvalid?: 'rejects' | 'ignores';
}

/**
 * One fact of a profile: the page that documents it, what the host does about
 * it, and so how skillc reports it. `rejects`: the host refuses the skill or the
 * upload (an error); `ignores`: the host drops the value (a warning);
 * `recommends`: the docs advise it (a warning); `informs`: nothing is wrong, but
 * what the host does is worth telling (an info); `allows`: nothing to report.
 */
export interface HostFact {
  source: string;
  enforcement: 'rejects' | 'ignores' | 'recommends' | 'informs' | 'allows';
  /** The rules whose findings depend on this fact. */
  rules: readonly string[];
  /** The fact, restated. */
  note: string;
}

/**
 * How a host lists skills to the model before any is loaded: the listing is a
 * budget, and what does not fit is cut or dropped. Null where the host does not
 * document a figure; `sources` says where each figure comes from.
 */
export interface ListingProfile {
  /** Characters of one skill's entry (its description and `entryFields`) the host keeps; null: no documented cut. */
  entryMax: number | null;
  /** Frontmatter fields listed with the description, in order, and cut together at `entryMax`. */
  entryFields: readonly string[];
  /** Share of the context window (in tokens) the whole listing may take, e.g. 0.01; null: not documented. */
  contextShare: number | null;
  /** A fixed cap on the whole listing in characters, used when the context size is unknown (or alone when `contextShare` is null). */
  maxChars: number | null;
  /**
   * What the host does when the listing is over budget: `drop` drops whole skills;
   * `drop-descriptions` keeps every name and drops descriptions, least used first;
   * `truncate` cuts the list's text; `unknown`: not documented.
   */
  overflow: 'drop' | 'drop-descriptions' | 'truncate' | 'unknown';
  /** Frontmatter values that take a skill out of the model's listing (it can still be invoked by the user). */
  hiddenFromModel: Readonly<Record<string, unknown>>;
  /** Frontmatter values that take a skill out of the user's menu (it can still be invoked by the model). */
  hiddenFromUser: Readonly<Record<string, unknown>>;
  /** Where the figures come from (docs pages, or a note that they are not documented). */
  sources: readonly string[];
}

/** What a path variable in a skill's text stands for once the host substitutes it. */
export type PathBase = 'skill' | 'plugin' | 'project' | 'runtime';

/** How the host resolves paths a skill names: the variables it substitutes, and whether a plugin ships whole. */
export interface PathsProfile {
  /**
   * Variables the host replaces in the skill's text before the agent reads it, written `${NAME}` or
   * `$NAME`, by the folder they stand for: `skill` (the skill folder), `plugin` (the plugin folder),
   * `project` (the user's project) or `runtime` (a folder or value that exists only at run time).
   */
  variables: Readonly<Record<string, PathBase>>;
  /**
   * Placeholders the host does not substitute but tells the agent how to resolve, by spelling as
   * written before `/` (`{baseDir}`): the agent reads them as that folder. A config's own
   * `placeholders` override these.
   */
  conventions?: Readonly<Record<string, PathBase>>;
  /**
   * Set when the host installs a plugin's folder whole: a skill at `<plugin>/<skillsDir>/<skill>/`
   * may name any file of its plugin (shared references, sibling skills); `manifest` marks the plugin folder.
   */
  plugin?: { skillsDir: string; manifest: string };
  /** Where these facts come from. */
  sources: readonly string[];
}

/** The tools a host's skills name in `allowed-tools` and `disallowed-tools`, so a misspelt one can be caught. */
export interface ToolsProfile {
  /** Frontmatter fields that hold tool names. */
  fields: readonly string[];
  /** The host's tool names, exactly as its docs write them. */
  names: readonly string[];
  /** Old names the host still reads as a current tool (`Task` -> `Agent`). */
  aliases: Readonly<Record<string, string>>;
  /** Names the host once had and no longer has, with what replaced them. */
  retired: Readonly<Record<string, string>>;
  /** Patterns (regular expression sources) of names that come from elsewhere, such as MCP servers' `mcp__<server>__<tool>`. */
  patterns: readonly string[];
  /** What the host does with a name it does not have: `ignores` it (a warning) or `rejects` the skill (an error). */
  unknown: 'ignores' | 'rejects';
  sources: readonly string[];
}

/** Hooks a skill may register in its frontmatter: the events and the handler types the host has. */
export interface HooksProfile {
  /** The frontmatter field holding them. */
  field: string;
  events: readonly string[];
  /** Handler `type`s, each with the keys a handler of that type must have. */
  handlers: Readonly<Record<string, readonly string[]>>;
  sources: readonly string[];
}

/** Running a skill as a subagent of its own (Claude Code's `context: fork`). */
export interface ForkProfile {
  /** The field and value that fork (`context: fork`). */
  field: string;
  value: string;
  /** The field naming the subagent type, read only when the skill forks; absent when the host has none. */
  agentField?: string;
  /** The agent types the host always has (custom ones come from agent files). */
  builtInAgents?: readonly string[];
  sources: readonly string[];
}

/** How the host passes what the user types after the skill's command into its text. */
export interface ArgumentsProfile {
  /** The field that shows the user what to type (`argument-hint`). */
  hintField: string;
  /** True when the host substitutes positional placeholders (`$ARGUMENTS[0]`, `$0`) and leaves one with no argument as written. */
  indexed: boolean;
  /** True when arguments no placeholder receives are still handed to the model (appended to the skill). */
  appendsUnplaced: boolean;
  /**
   * True when the substitution is a plain text pass that reaches code blocks too, so a `$1` written for
   * awk or sed is replaced as well; `\$1` keeps it as written.
   */
  rewritesCode: boolean;
  sources: readonly string[];
}

/** Text some host gives meaning to elsewhere (another file kind) that no skill host substitutes in a SKILL.md. */
export interface ForeignVariables {
  /** What they are, for messages (`VS Code prompt-file variables`). */
  what: string;
  /** Patterns (regular expression sources) matching one variable as written. */
  patterns: readonly string[];
  sources: readonly string[];
}

export interface InstallLayout {
  /** The skill folder relative to a project root. */
  project: string;
  /** The skill folder relative to the user's home. */
  user: string;
  /**
   * An environment variable that moves the host's home folder (Claude Code's CLAUDE_CONFIG_DIR,
   * Codex's CODEX_HOME): when set, the user folder is `user` with its first segment (`replaces`)
   * read as that variable's folder. `source`: the host doc that says so.
   */
  userHomeVariable?: { name: string; replaces: string; source: string };
}

export interface HostProfile {
  id: string;
  displayName: string;
  /** Where the host documents its skill format (rule messages and docs link it). */
  docs: string;
  /** True when the host follows the agentskills.io spec strictly for the shared keys. */
  followsSpec: boolean;
  /** Frontmatter keys the host reads, in the order an emitter writes them. */
  fields: Readonly<Record<string, FieldSpec>>;
  /**
   * What the host does with a key it does not read: `error` when it rejects the
   * skill (strict validators), `warning` when it silently ignores the key.
   */
  unknownKey: 'error' | 'warning';
  /** Limits; `Infinity` where the host sets none. Each is cited in `facts`. */
  limits: {
    nameMax: number;
    descriptionMax: number;
    compatibilityMax: number;
    bodyMaxLines: number;
    bodyMaxTokens: number;
  };
  /** Names the host refuses or reserves, matched as whole hyphen-separated words. */
  reservedWords: readonly string[];
  /** True when the host requires `name` to equal the skill's folder name. */
  nameMatchesFolder: boolean;
  /** `reject`: the host refuses a description holding `<` or `>`; `allow`: it does not (tags are then only a recommendation against). */
  descriptionAngleBrackets: 'reject' | 'allow';
  /**
   * How the host tells skills apart. `name`: every skill's frontmatter `name` is one
   * flat namespace; `folder-in-container`: the folder name is the command, namespaced
   * by the plugin (or nested skills folder) holding it, so skills in different
   * containers never clash.
   */
  skillIdentity: 'name' | 'folder-in-container';
  /** Where each fact above comes from and why the rules reading it report an error or a warning. */
  facts: Readonly<Record<string, HostFact>>;
  /** True when the host runs `!`cmd`` dynamic-context commands before the model sees the skill. */
  dynamicCommands: boolean;
  /**
   * True for a target that stands for every host reading the spec (agentskills): a skill written to it
   * is installed anywhere, so what any of those hosts does on load (run `!`cmd``) applies to it.
   */
  portable?: boolean;
  /**
   * How a `skillc.invocation: manual` skill is expressed: frontmatter keys, and/or
   * keys of the host's metadata file. Null when the host cannot enforce it.
   */
  manualInvocation: { frontmatter?: Record<string, unknown>; metadata?: Record<string, unknown> } | null;
  /** The skill listing the model sees: its budget and what hides a skill from it. */
  listing: ListingProfile;
  /** Path variables and plugin layout; absent: the host substitutes nothing and installs each skill folder alone. */
  paths?: PathsProfile;
  /** The host's tool names, for `allowed-tools` checks; absent: not documented, nothing checked. */
  tools?: ToolsProfile;
  /** Skill-scoped hooks; absent: the host has none. */
  hooks?: HooksProfile;
  /** Running a skill in a forked subagent; absent: the host cannot. */
  fork?: ForkProfile;
  /** Argument substitution in the skill's text; absent: the host substitutes none. */
  arguments?: ArgumentsProfile;
  /** Variables of the host's other file kinds that it does not substitute in skills. */
  foreignVariables?: ForeignVariables;
  /** Absolute folders a host serves installed skills from at run time (claude.ai's container), besides `layout`. */
  runtimeSkillRoots?: readonly string[];
  /** Where the host installs skills, relative to a project root and to the user's home; null when skills are uploaded, not installed. */
  layout: InstallLayout | null;
  /** How the build lays out this host's tree under `generated/<host>/`. */
  emit: {
    /** Folder (relative to the host's tree) holding the skill folders; '' for the root. */
    skillsDir: string;
    /** Host-only settings kept in a YAML file beside SKILL.md rather than in its frontmatter. */
    metadataFile?: { path: string; keys: readonly string[] };
    /** Manifests written at the root of the host's tree, by kind. */
    manifests?: readonly ('claude-plugin' | 'claude-marketplace')[];
  };
}
