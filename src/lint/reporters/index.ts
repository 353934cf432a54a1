import type { Reporter } from './context.js';
import { github } from './github.js';
import { json } from './json.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';

export { reportInput, type Reporter, type ReporterContext, type ReportInput } from './context.js';

export const REPORTERS: Readonly<Record<string, Reporter>> = { stylish, json, sarif, github };
