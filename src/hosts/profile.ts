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
  /** How a `skillc.invocation: manual` skill is expressed, or null when the host cannot enforce it. */
  manualInvocation: { frontmatter?: Record<string, unknown>; metadataFile?: string } | null;
  /** Where the host installs skills, relative to a project root and to the user's home. */
  layout: { project: string; user: string };
}
