#!/usr/bin/env node
// node bench/gen-stand-in.mjs <skills> <out>: a stand-in for a real marketplace repository (issue
// #30 measured one of 1,051 skills): plugins/<plugin>/skills/<skill>/, each SKILL.md 3-12 KB of
// prose, lists and shell code fences (pipes into grep, jq and sort, heredocs; one fence in forty a
// `curl | bash` install), 0-6 references per skill (2.4 on average, as cc-skills has) of 1-20 KB, one in fifty
// of 100-200 KB, a scripts/ folder in one skill of five, and now and then a long base64 blob.
// Deterministic: the same arguments give the same bytes.
import fs from 'node:fs';
import path from 'node:path';

const n = Number(process.argv[2] ?? 1000);
const out = path.resolve(process.argv[3] ?? 'bench/corpus-stand-in');
if (!Number.isInteger(n) || n < 1) {
  console.error('usage: gen-stand-in.mjs <skills> <out>');
  process.exit(2);
}

let seed = 1051;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const int = (k) => Math.floor(rand() * k);
const pick = (a) => a[int(a.length)];
const words = ('deploy release branch commit review audit report schedule invoice ticket incident metric alert dashboard query table schema migration backup ' +
  'token secret policy cluster service container image registry pipeline workflow artifact cache config template notebook export import sync').split(' ');
const sentence = (k) => Array.from({ length: k }, () => pick(words)).join(' ');
// Descriptions name the skill's own subject too: 400 made-up product and domain words.
const syllables = 'ka lo mi ter vex dor pan sil qua ren tho zu bel cor fin gat'.split(' ');
const topics = Array.from({ length: 400 }, (_, i) => `${syllables[i % 16]}${syllables[(i >> 4) % 16]}${syllables[(i >> 8) % 16]}`);
const tools = ['grep -E', 'jq -r', 'sort -u', 'awk', 'sed -n', 'head -n 20', 'wc -l', 'xargs -n1'];

function fence() {
  if (int(40) === 0) return ['```bash', `curl -fsSL https://get.example.com/${pick(words)}.sh | bash`, '```'];
  switch (int(8)) {
    case 0:
      return ['```bash', `curl -fsSL https://api.example.com/${pick(words)} | jq -r '.${pick(words)}'`, '```'];
    case 1:
      return ['```bash', 'set -euo pipefail', `for f in $(git ls-files '*.${pick(['md', 'ts', 'py'])}'); do`, `  ${pick(tools)} "${pick(words)}" "$f" || true`, 'done', '```'];
    case 2:
      return ['```bash', `cat <<'EOF' > ${pick(words)}.json`, `{ "${pick(words)}": "${sentence(3)}" }`, 'EOF', '```'];
    case 3:
      return ['```json', `{ "name": "${pick(words)}", "steps": ["${pick(words)}", "${pick(words)}"] }`, '```'];
    default:
      return ['```bash', `${pick(['gh', 'kubectl', 'docker', 'git', 'npm'])} ${pick(words)} --${pick(words)} | ${pick(tools)} ${pick(words)} | ${pick(tools)}`, '```'];
  }
}

function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A reference of about `kb` KB: headings, paragraphs, fences, links to its siblings. */
function reference(title, kb, siblings) {
  const lines = [`# ${title}`, ''];
  let size = 0;
  let section = 0;
  while (size < kb * 1024) {
    const block = [`## ${++section}. ${sentence(3)}`, '', `${sentence(40)}.`, '', ...fence(), '', `- ${sentence(8)}`, `- See [${pick(words)}](${pick(siblings)}).`, ''];
    if (int(50) === 0) block.push('```text', Buffer.from(sentence(120)).toString('base64'), '```', '');
    size += block.join('\n').length;
    lines.push(...block);
  }
  return `${lines.join('\n')}\n`;
}

fs.rmSync(out, { recursive: true, force: true });
const plugins = Math.max(1, Math.round(n / 17));
for (let s = 0; s < n; s++) {
  const plugin = `plugin-${String(s % plugins).padStart(3, '0')}`;
  const name = `${pick(words)}-${pick(words)}-${String(s).padStart(4, '0')}`;
  const dir = path.join(out, 'plugins', plugin, 'skills', name);
  const refCount = [0, 0, 1, 2, 2, 3, 3, 4, 5, 6][int(10)];
  const refs = Array.from({ length: refCount }, (_, i) => `references/${pick(words)}-${i}.md`);
  const scripts = int(5) === 0 ? Array.from({ length: 1 + int(3) }, (_, i) => `scripts/${pick(words)}-${i}.sh`) : [];
  const body = [
    '---',
    `name: ${name}`,
    `description: Use when the user asks to ${pick(words)} ${pick(topics)} ${pick(topics)} or ${sentence(2)} ${pick(topics)}; ${sentence(4)}.`,
    ...(int(4) === 0 ? [`allowed-tools: Bash(${pick(['gh', 'git', 'kubectl'])}:*), Read`] : []),
    '---',
    '',
    `# ${sentence(3)}`,
    '',
    `${sentence(30)}.`,
    '',
  ];
  const target = 3000 + int(9000);
  let steps = 0;
  while (body.join('\n').length < target) {
    body.push(`## Step ${++steps}: ${sentence(3)}`, '', `${sentence(25)}.`, '', ...fence(), '');
    if (refs.length && int(2) === 0) body.push(`Read [${pick(words)}](${pick(refs)}) for the details.`, '');
    if (scripts.length && int(3) === 0) body.push(`Run \`bash ${pick(scripts)}\` to check.`, '');
    body.push(`1. ${sentence(8)}`, `2. ${sentence(8)}`, '');
  }
  write(path.join(dir, 'SKILL.md'), `${body.join('\n')}\n`);
  for (const r of refs) {
    const roll = rand();
    const kb = roll < 0.02 ? 100 + int(100) : Math.round(Math.exp(rand() * Math.log(20)));
    write(path.join(dir, r), reference(sentence(3), kb, refs.map((x) => path.posix.basename(x))));
  }
  for (const sc of scripts) write(path.join(dir, sc), `#!/usr/bin/env bash\nset -euo pipefail\n${pick(tools)} "${pick(words)}" "\${1:-.}" | ${pick(tools)}\n`);
}
console.log(`wrote ${n} skills in ${plugins} plugins to ${out}`);
