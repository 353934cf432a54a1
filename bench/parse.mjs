// The floor of the mandated parser: unified + remark-parse + remark-frontmatter over every SKILL.md.
import fs from 'node:fs';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);
let nodes = 0;
for (const e of fs.readdirSync(process.argv[2], { withFileTypes: true })) {
  const p = path.join(process.argv[2], e.name, 'SKILL.md');
  if (e.isDirectory() && fs.existsSync(p)) nodes += processor.parse(fs.readFileSync(p, 'utf8')).children.length;
}
console.log(nodes);
