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

/**
 * A read, write, rename or delete skillc refused because its path leaves the folder the command
 * may touch, or goes through a symbolic link (`src/core/paths.ts`). The CLI shows it as a usage
 * error (exit code 2), with the path named: a hostile tree is refused, never followed.
 */
export class UnsafePathError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafePathError';
  }
}
