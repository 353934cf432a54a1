// Writes docs/source-format.md from the frontmatter schema (src/adopt/source-format.ts): `npx tsx scripts/source-format.ts`.
import fs from 'node:fs';
import { sourceFormatMarkdown } from '../src/adopt/source-format.js';

fs.writeFileSync(new URL('../docs/source-format.md', import.meta.url), sourceFormatMarkdown());
