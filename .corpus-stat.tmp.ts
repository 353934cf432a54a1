import fs from 'node:fs';
import path from 'node:path';
import { readSkill } from './src/parse/skill.js';
import { shellFences } from './src/rules/scripts/shared.js';
import { shellPipelines, commandOf } from './src/rules/scripts/shell.js';
const root = '/work/shared/corpus';
let fences = 0, greps = 0;
for (const fam of fs.readdirSync(root)) for (const s of fs.readdirSync(path.join(root, fam, 'skills'))) {
  const skill = readSkill(path.join(root, fam, 'skills', s));
  for (const f of shellFences(skill)) {
    fences++;
    for (const p of shellPipelines(f.script)) for (const c of p.commands) { const cmd = commandOf(c); if (cmd && /grep|rg/.test(cmd.name)) { greps++; console.log(s, f.fence.lang, cmd.name, cmd.args.map((a) => a.value).join(' ').slice(0, 80)); } }
  }
}
console.log({ fences, greps });
