/**
 * The repo's own skills build (`npm run build:skills`): compiles skills-src/
 * into generated/ for every configured host through the public API, as a
 * user's build script would: it imports the package by name, i.e. the compiled
 * dist/ (scripts/fresh-dist.mjs compiles it first when stale; scripts/ts-entry.mjs
 * strips this file's types). `npm run build:skills -- --check` refuses drift.
 */
import { main } from 'skillc';

process.exitCode = await main(['build', ...process.argv.slice(2)]);
