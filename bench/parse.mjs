// The floor of the mandated parser: unified + remark-parse + remark-frontmatter over every
// Markdown file of a catalog (SKILL.md and bundled references, as bench/read.mjs reads and
// as markdownlint-cli2 lints them; skillc lint parses the references SKILL.md links to).
// --skill-md-only: SKILL.md files alone.
import fs from 'node:fs';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);
const skillMdOnly = process.argv.includes('--skill-md-only');
let nodes = 0;
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (skillMdOnly ? e.name === 'SKILL.md' : e.name.endsWith('.md')) nodes += processor.parse(fs.readFileSync(p, 'utf8')).children.length;
  }
};
walk(process.argv[2]);
console.log(nodes);
