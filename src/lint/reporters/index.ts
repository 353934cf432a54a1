import type { Reporter } from './context.js';
import { github } from './github.js';
import { json } from './json.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';

export type { Reporter, ReporterContext } from './context.js';

export const REPORTERS: Readonly<Record<string, Reporter>> = { stylish, json, sarif, github };
