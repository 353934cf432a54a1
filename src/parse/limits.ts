/**
 * Explicit bounds on what the parse stage accepts, so hostile input costs
 * bounded time and memory. Documented in SECURITY.md.
 */
export const LIMITS = {
  /** A SKILL.md larger than this is reported (`file/too-large`) and not parsed. */
  maxFileBytes: 4 * 1024 * 1024,
  /** Bundled text files larger than this are not read by rules. */
  maxBundledTextBytes: 1024 * 1024,
  /**
   * Nesting (list indentation / 2 plus block-quote markers) beyond which a file is
   * not parsed as Markdown: micromark's cost grows about cubically with list depth
   * (400 levels take 1.6 s, 800 take 13 s here).
   */
  maxNesting: 100,
  /** YAML alias expansions per document (defeats billion-laughs). */
  maxYamlAliases: 100,
  /** Files and folders listed per skill folder. */
  maxBundledEntries: 5000,
  /** Folder depth walked inside a skill folder. */
  maxBundledDepth: 12,
} as const;
