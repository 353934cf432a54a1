// The errors the CLI maps to exit code 2. Kept in a module with no imports: the CLI entry
// needs them for every command, and `skillc --version` must not load the config
// loader (yaml), the rules or picomatch just to know these two classes.

/** A path on the command line that names nothing, or a bad option: a usage error (exit 2), as ESLint does. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A config that cannot be used: exit code 2, with the file named. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly file?: string,
  ) {
    super(file ? `${file}: ${message}` : message);
    this.name = 'ConfigError';
  }
}
