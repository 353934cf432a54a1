import fs from 'node:fs';
import { createRequire } from 'node:module';

/** What ajv says about one failed check. */
export interface SchemaIssue {
  instancePath: string;
  message?: string;
  schemaPath?: string;
  params?: Record<string, unknown>;
}

export type Validator = ((data: unknown) => boolean) & { errors?: SchemaIssue[] | null };

let ajv: { compile(schema: object): Validator } | undefined;

/**
 * Compiles a JSON Schema with the one ajv instance (all errors, not strict), loaded on first
 * use: the one schema validator loader, for the config, rule options and rehearsal cases.
 */
export function compileSchema(schema: object): Validator {
  if (!ajv) {
    const require = createRequire(import.meta.url);
    const Ajv = require('ajv') as typeof import('ajv').default;
    ajv = new Ajv({ allErrors: true, strict: false });
  }
  return ajv.compile(schema);
}

/** A schema shipped in the package's schema/ folder, parsed (for validators and messages). */
export function packageSchema(file: string): object {
  return JSON.parse(fs.readFileSync(new URL(`../../schema/${file}`, import.meta.url), 'utf8')) as object;
}

/** A validator of a schema in schema/, compiled once, on first call. */
export function schemaValidator(file: string): () => Validator {
  let validator: Validator | undefined;
  return () => (validator ??= compileSchema(packageSchema(file)));
}
