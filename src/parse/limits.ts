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
  /**
   * Inline markers (backticks, `!`, `*`, `_`, brackets) in one paragraph beyond
   * which a file is not parsed as Markdown: micromark's inline resolution grows
   * faster than linearly (20,000 `!`code`` spans on one line took 6 s, 50,000 took 29 s).
   */
  maxInlineMarkers: 10000,
  /** YAML alias expansions per document (defeats billion-laughs). */
  maxYamlAliases: 100,
  /** Files and folders listed per skill folder. */
  maxBundledEntries: 5000,
  /** Folder depth walked inside a skill folder. */
  maxBundledDepth: 12,
} as const;
