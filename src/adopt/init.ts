import fs from 'node:fs';
import path from 'node:path';
import { getHost, unknownHostMessage } from '../hosts/index.js';
import { CONFIG_FILES } from '../lint/config.js';
import { UsageError } from '../lint/discover.js';

export interface InitOptions {
  cwd?: string;
  /** Hosts for the config (default: agentskills, claude, codex). */
  hosts?: string[];
  /** Name of the first skill (default: `summarize-changes`). */
  skill?: string;
  /** Where skillc's schemas are found from the project (default: node_modules/skillc/schema). */
  schemaDir?: string;
}

export interface InitResult {
  /** Files written, relative to the project, with `/`. */
  created: string[];
  /** Files left alone because they exist (or keys left alone in package.json). */
  skipped: string[];
  /** package.json scripts added. */
  scripts: string[];
}

export const DEFAULT_INIT_HOSTS = ['agentskills', 'claude', 'codex'];
export const INIT_SCRIPTS: Record<string, string> = {
  'build:skills': 'skillc build',
  'lint:skills': 'skillc lint',
  'test:skills': 'skillc rehearse',
};

const rel = (from: string, to: string): string => {
  const r = path.relative(from, to).split(path.sep).join('/');
  return r.startsWith('.') ? r : `./${r}`;
};

function firstSkill(name: string, caseSchema: string): Record<string, string> {
  return {
    'SKILL.md': `---
name: ${name}
description: Use when the user asks for a summary of recent changes. Writes summary.md with what changed and what to watch, and checks it before handing it over.
skillc:
  artifacts:
    summary.md: { sections: [changes, watch], ordered: true }
---

# Summarize changes

Turns a list of recent changes into \`summary.md\`, a short note a reviewer can
read in a minute.

## Steps

1. Collect the changes the user points at: commits, a diff, or a list.
2. Write \`summary.md\` with two sections, in this order:
   - \`## changes\`: one line per change, most important first;
   - \`## watch\`: what could break, or "nothing known".
3. Check the file before handing it over: \`npx skillc gate . summary.md --skill <this skill>\`.
`,
    'fixtures/pass-summary/case.yaml': `# yaml-language-server: $schema=${caseSchema}
description: A summary with both sections, in order, passes the artifact gate.
command: gate
args: summary.md
`,
    'fixtures/pass-summary/summary.md': `## changes

- The importer keeps host-only fields under \`skillc.<host>\`.

## watch

Nothing known.
`,
    'fixtures/fail-summary-missing-watch/case.yaml': `# yaml-language-server: $schema=${caseSchema}
description: A summary without its watch section fails the gate.
command: gate
args: summary.md
failure: exit
`,
    'fixtures/fail-summary-missing-watch/summary.md': `## changes

- One change.
`,
  };
}

/**
 * `skillc init`: scaffolds skills-src/ with a first skill (which passes lint and
 * carries a rehearsal fixture), skillc.config.json with its $schema, and the
 * `build:skills` script in package.json (created or updated; an existing script
 * of the same name is left as it is). Existing files are never overwritten.
 */
export function init(options: InitOptions = {}): InitResult {
  const root = path.resolve(options.cwd ?? process.cwd());
  const hosts = options.hosts?.length ? options.hosts : DEFAULT_INIT_HOSTS;
  for (const h of hosts) if (!getHost(h)) throw new UsageError(unknownHostMessage(h, 'in --host'));
  const name = options.skill ?? 'summarize-changes';
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) || name.length > 64) throw new UsageError(`'${name}' is not a valid skill name: 1-64 lowercase letters, digits and single inner hyphens`);
  const schemaDir = path.resolve(root, options.schemaDir ?? 'node_modules/skillc/schema');
  const result: InitResult = { created: [], skipped: [], scripts: [] };
  const write = (file: string, text: string): void => {
    const abs = path.join(root, file);
    if (fs.existsSync(abs)) {
      result.skipped.push(file);
      return;
    }
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
    result.created.push(file);
  };

  const existingConfig = CONFIG_FILES.find((f) => fs.existsSync(path.join(root, f)));
  if (existingConfig) result.skipped.push(existingConfig);
  else {
    const config = { $schema: rel(root, path.join(schemaDir, 'skillc.config.schema.json')), sources: 'skills-src', out: 'generated', hosts };
    write('skillc.config.json', `${JSON.stringify(config, null, 2)}\n`);
  }
  const skillDir = path.join(root, 'skills-src', name);
  for (const [file, text] of Object.entries(firstSkill(name, ''))) {
    const abs = path.join(skillDir, file);
    const body = file.endsWith('case.yaml') ? text.replace('$schema=\n', `$schema=${rel(path.dirname(abs), path.join(schemaDir, 'case.schema.json'))}\n`) : text;
    write(path.relative(root, abs).split(path.sep).join('/'), body);
  }

  const pkgFile = path.join(root, 'package.json');
  let pkg: Record<string, unknown> = {};
  let existed = false;
  if (fs.existsSync(pkgFile)) {
    existed = true;
    try {
      pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`cannot parse package.json: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    pkg = { name: path.basename(root).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'skills', private: true };
  }
  const scripts = (pkg.scripts && typeof pkg.scripts === 'object' ? pkg.scripts : {}) as Record<string, string>;
  for (const [k, v] of Object.entries(INIT_SCRIPTS)) {
    if (k in scripts) result.skipped.push(`package.json scripts.${k}`);
    else {
      scripts[k] = v;
      result.scripts.push(k);
    }
  }
  pkg.scripts = scripts;
  if (!existed || result.scripts.length) {
    const indent = existed ? (/^[ \t]+/m.exec(fs.readFileSync(pkgFile, 'utf8'))?.[0] ?? '  ') : '  ';
    fs.writeFileSync(pkgFile, `${JSON.stringify(pkg, null, indent)}\n`);
    if (!existed) result.created.push('package.json');
  }
  return result;
}
