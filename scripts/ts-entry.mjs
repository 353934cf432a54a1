// `node --import ./scripts/ts-entry.mjs build.ts`: runs a TypeScript entry script on Node 20
// (which cannot load .ts) by stripping its types with esbuild. Only .ts files outside
// node_modules are transformed; everything they import (the compiled dist/) loads as is,
// so a run costs a fraction of tsx's, which hooks and transforms the whole import graph.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts') || url.includes('/node_modules/')) return next(url, context);
  let transform;
  try {
    ({ transform } = createRequire(${JSON.stringify(import.meta.url)})('esbuild'));
  } catch {
    throw new Error('running ' + url + ' needs esbuild, a dev dependency (it comes with tsx and vite): run npm ci');
  }
  const source = await readFile(new URL(url), 'utf8');
  const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'node20', sourcefile: url });
  return { format: 'module', source: code, shortCircuit: true };
}`)}`,
);
