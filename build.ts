/**
 * The repo's own skills build (`npm run build:skills`): compiles skills-src/
 * into generated/ for every configured host through the public API, as a
 * user's build script would. `npm run build:skills -- --check` refuses drift.
 */
import { main } from './src/index.js';

process.exitCode = await main(['build', ...process.argv.slice(2)]);
