// The floor of the mandated parser: unified + remark-parse + remark-frontmatter over every
// Markdown file of a catalog (SKILL.md and bundled references, as bench/read.mjs reads and
// as markdownlint-cli2 lints them; skillc lint parses the references SKILL.md links to).
// --skill-md-only: SKILL.md files alone. --with-scripts: also every shell script (.sh, .bash),
// parsed with mvdan-sh as skillc's script rules parse them (what lint must parse on a tree that
// ships scripts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);
const skillMdOnly = process.argv.includes('--skill-md-only');
const withScripts = process.argv.includes('--with-scripts');
let shell;
const parseScript = (text, name) => {
  shell ??= createRequire(import.meta.url)('mvdan-sh').syntax;
  return shell.NewParser(shell.Variant(shell.LangBash), shell.KeepComments(false)).Parse(text, name);
};
let nodes = 0;
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (skillMdOnly ? e.name === 'SKILL.md' : e.name.endsWith('.md')) nodes += processor.parse(fs.readFileSync(p, 'utf8')).children.length;
    else if (withScripts && /\.(?:sh|bash)$/.test(e.name)) nodes += parseScript(fs.readFileSync(p, 'utf8'), p) ? 1 : 0;
  }
};
walk(process.argv[2]);
console.log(nodes);
