// Baseline: read every Markdown file of a catalog (what any linter must at least do).
import fs from 'node:fs';
import path from 'node:path';
let bytes = 0;
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.md')) bytes += fs.readFileSync(p, 'utf8').length;
  }
};
walk(process.argv[2]);
console.log(bytes);
