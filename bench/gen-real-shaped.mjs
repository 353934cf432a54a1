#!/usr/bin/env node
// node bench/gen-real-shaped.mjs <skills> <out>: a tree shaped like real skill libraries, where a
// skill ships hundreds of files. Each skill has 300 bundled files: 50 references (linking and naming
// each other, scripts and assets), 100 scripts that import each other (Python, TypeScript, shell),
// 100 assets (JSON schemas, templates) and 50 eval files; SKILL.md links or names a share of them.
// Deterministic: the same arguments give the same bytes.
import fs from 'node:fs';
import path from 'node:path';

const n = Number(process.argv[2] ?? 20);
const out = path.resolve(process.argv[3] ?? 'bench/real-shaped');
if (!Number.isInteger(n) || n < 1) {
  console.error('usage: gen-real-shaped.mjs <skills> <out>');
  process.exit(2);
}

let seed = 42;
const rand = (k) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % k;
};
const para = (i) =>
  `Step ${i} of the procedure reads the inputs, checks them against the schema and records what it found. ` +
  `When a value is missing the agent asks the user instead of guessing, and notes the question in the report.\n`;

function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

fs.rmSync(out, { recursive: true, force: true });
for (let s = 0; s < n; s++) {
  const name = `library-skill-${String(s).padStart(3, '0')}`;
  const dir = path.join(out, name);
  const refs = Array.from({ length: 50 }, (_, i) => `references/topic-${i}.md`);
  const py = Array.from({ length: 40 }, (_, i) => `scripts/tool_${i}.py`);
  const ts = Array.from({ length: 40 }, (_, i) => `scripts/lib/mod-${i}.ts`);
  const sh = Array.from({ length: 20 }, (_, i) => `scripts/run-${i}.sh`);
  const assets = Array.from({ length: 100 }, (_, i) => (i % 2 ? `assets/schemas/schema-${i}.json` : `assets/templates/template-${i}.html`));
  const evals = Array.from({ length: 50 }, (_, i) => `evals/case-${i}.json`);

  const body = [
    `---\nname: ${name}\ndescription: Use when the user asks to analyse a data set of kind ${s}; reads the references it needs and runs the bundled tools.\n---\n`,
    `# ${name}\n`,
    '## References\n',
    ...refs.slice(0, 25).map((r, i) => `- [Topic ${i}](${r}): read it when step ${i} applies.`),
    ...refs.slice(25, 40).map((r) => `- Read \`${r}\` before the analysis.`),
    '\n## Tools\n',
    ...py.slice(0, 10).map((p) => `Run \`python ${p} --input data.csv\`.`),
    ...ts.slice(0, 5).map((p) => `Run \`bun ${p}\`.`),
    ...sh.slice(0, 5).map((p) => `\`\`\`bash\nbash ${p} --check\n\`\`\``),
    'Templates live in `assets/templates/`.',
    '\n## Procedure\n',
    ...Array.from({ length: 40 }, (_, i) => para(i)),
  ];
  write(path.join(dir, 'SKILL.md'), `${body.join('\n')}\n`);
  refs.forEach((r, i) => {
    const links = [refs[(i + 1) % 50], refs[(i + 7) % 50]].map((t) => `[next](${path.posix.basename(t)})`).join(' ');
    const text = [`# Topic ${i}\n`, `## Overview\n`, para(i), links, `\nUse \`${py[i % 40]}\` and \`${assets[rand(100)]}\`.\n`, ...Array.from({ length: 30 }, (_, k) => para(k))];
    write(path.join(dir, r), `${text.join('\n')}\n`);
  });
  py.forEach((p, i) => {
    const imports = [`from tool_${(i + 1) % 40} import main as next_main`, `import tool_${(i + 3) % 40}`];
    write(path.join(dir, p), `${imports.join('\n')}\nimport json\n\nSCHEMA = "assets/schemas/schema-${(2 * i + 1) % 100}.json"\n\ndef main():\n    return json.load(open(SCHEMA))\n`);
  });
  ts.forEach((p, i) => write(path.join(dir, p), `import { run } from './mod-${(i + 1) % 40}.js';\nimport data from '../../assets/schemas/schema-${(2 * i + 3) % 100}.json';\nexport const x${i} = () => run(data);\n`));
  sh.forEach((p, i) => write(path.join(dir, p), `#!/usr/bin/env bash\nset -euo pipefail\nsource "$(dirname "$0")/run-${(i + 1) % 20}.sh"\npython "$(dirname "$0")/tool_${i}.py"\n`));
  assets.forEach((a, i) => write(path.join(dir, a), a.endsWith('.json') ? `${JSON.stringify({ $id: a, type: 'object', properties: { v: { type: 'number' } } }, null, 2)}\n` : `<html><body>Template ${i}</body></html>\n`));
  evals.forEach((e, i) => write(path.join(dir, e), `${JSON.stringify({ id: i, prompt: `case ${i}` })}\n`));
}
console.log(`wrote ${n} skills of 300 bundled files each to ${out}`);
