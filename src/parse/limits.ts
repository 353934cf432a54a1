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
  /**
   * Whole-file bounds, so many blocks each under the limits above cannot add up to minutes
   * (issue #14). Nesting summed over lines (list indentation / 2 plus quote and list markers):
   * the largest real reference seen sums about 2,000.
   */
  maxContainers: 20_000,
  /**
   * Non-blank lines in the whole file: each costs micromark 20 to 100 µs, so 300,000 one-line
   * headings (1.5 MB) took 19 s and 2.7 GB. The largest real Markdown files seen have about 1,900.
   */
  maxLines: 20_000,
  /** Inline markers in the whole file (the largest real reference seen has about 3,200). */
  maxInlineMarkersTotal: 100_000,
  /**
   * The sum over paragraphs of (inline markers)^2: micromark's per-paragraph cost is quadratic,
   * so this bounds their total (one paragraph at the per-paragraph limit is 10^8; real files stay under 4 x 10^5).
   */
  maxInlineWork: 300_000_000,
  /**
   * Backslashes, `&`, `<`, tabs and blank lines in the whole file: micromark keeps 0.5 to 1.8 KB
   * for each while it parses (1 MB of blank lines took 1.9 GB, 1 MB of `&` 500 MB), so this bounds
   * the parse's memory to about 350 MB (issue #24). The largest real files seen have about 3,000.
   */
  maxTokens: 200_000,
  /** YAML alias expansions per document (defeats billion-laughs). */
  maxYamlAliases: 100,
  /**
   * Bundled text one skill's rules may read, in all: 5,000 files each just under the per-file limit
   * would be 5 GB. Past it a file is not read (as one over the per-file limit), and `file/budget`
   * reports the skill (issue #24).
   */
  maxSkillTextBytes: 64 * 1024 * 1024,
  /**
   * Skill text one lint run reads (SKILL.md files and the bundled text their rules may read, per
   * thread): many skills each under the limits add up. Skills past it are not linted; `file/budget`
   * reports each. `skillc lint --max-bytes` sets another budget.
   */
  maxRunBytes: 1024 * 1024 * 1024,
  /** The share of the V8 heap limit in use past which a run lints no more skills (`file/budget`), rather than crash out of memory. */
  maxHeapShare: 0.85,
  /** Files and folders listed per skill folder. */
  maxBundledEntries: 5000,
  /** Folder depth walked inside a skill folder. */
  maxBundledDepth: 12,
} as const;
