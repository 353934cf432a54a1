// `npm run generate`: writes every generated file from what it is made from (scripts/generate/artefacts.ts
// lists them: the rule metadata and index, both schemas, docs/source-format.md, and the host lists of
// README.md and docs/cli.md). Runs on the sources through tsx, so nothing needs compiling first.
// `npm run generate -- --check` writes nothing and exits 1 when a file is out of date (CI runs
// `npm run generate && git diff --exit-code`; test/docs/generated.test.ts checks the same).
import fs from 'node:fs';
import path from 'node:path';
import { REPO, renderArtefacts } from './generate/artefacts.js';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--check');
if (unknown.length) {
  process.stderr.write(`generate: unexpected argument ${unknown.join(' ')}, expected --check or nothing\n`);
  process.exit(2);
}
const check = args.includes('--check');

let stale = 0;
for (const { artefact, current, text } of renderArtefacts(REPO)) {
  if (current === text) continue;
  stale++;
  if (check) {
    process.stderr.write(`${artefact.file} is out of date (made from ${artefact.from}): run \`npm run generate\`\n`);
  } else {
    fs.writeFileSync(path.join(REPO, artefact.file), text);
    process.stdout.write(`generate: wrote ${artefact.file}\n`);
  }
}
if (check && stale) process.exit(1);
