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
  limits: {
    nameMax: number;
    descriptionMax: number;
    compatibilityMax: number;
    bodyMaxLines: number;
    bodyMaxTokens: number;
  };
  /** Names the host refuses or reserves, matched as whole hyphen-separated words. */
  reservedWords: readonly string[];
  /** True when the host runs `!`cmd`` dynamic-context commands before the model sees the skill. */
  dynamicCommands: boolean;
  /**
   * How a `skillc.invocation: manual` skill is expressed: frontmatter keys, and/or
   * keys of the host's metadata file. Null when the host cannot enforce it.
   */
  manualInvocation: { frontmatter?: Record<string, unknown>; metadata?: Record<string, unknown> } | null;
  /** Where the host installs skills, relative to a project root and to the user's home. */
  layout: { project: string; user: string };
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
