import fs from 'node:fs';
import path from 'node:path';
import { readSkill } from './src/parse/skill.js';
import { resolveConfig } from './src/lint/config.js';
import { checkSkill, resolveRules } from './src/lint/engine.js';
import { getHost } from './src/hosts/index.js';
import { securityRules } from './src/rules/security/index.js';
import { scriptsRules } from './src/rules/scripts/index.js';

const root = '/work/shared/corpus';
const config = resolveConfig({ hosts: ['agentskills', 'claude'] }, '/tmp');
const active = resolveRules(config, [...securityRules, ...scriptsRules]);
const hosts = config.hosts.map((h) => getHost(h)!);
let n = 0;
for (const fam of fs.readdirSync(root)) {
  const dir = path.join(root, fam, 'skills');
  if (!fs.existsSync(dir)) continue;
  for (const s of fs.readdirSync(dir)) {
    const skill = readSkill(path.join(dir, s));
    n++;
    const out = { diagnostics: [] as any[], internalErrors: 0 };
    checkSkill(skill, active, hosts, config, out);
    for (const d of out.diagnostics) console.log(`${path.relative(root, d.file)}:${d.line}:${d.column} ${d.ruleId} ${d.message}`);
    if (out.internalErrors) console.log('INTERNAL', s);
  }
}
console.log('skills', n);
