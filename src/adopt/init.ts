import fs from 'node:fs';
import path from 'node:path';
import { CONFIG_FILES, unknownConfiguredHost } from '../config/config.js';
import { UsageError } from '../config/discover.js';
import { writeFileAtomic } from '../core/atomic-write.js';
import { UnsafePathError } from '../core/errors.js';
import { lexists, linkOnTheWay } from '../core/paths.js';
import { trimEndOf, trimStartOf } from '../core/strings.js';

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
  /** Existing files this run added lines to (`.gitignore`). */
  updated: string[];
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
 * The lines `init` makes sure `.gitignore` has: npm's install folder (skillc's caches live in
 * node_modules/.cache/skillc) and the build's transient folders beside the output, left only by
 * a killed build. An equivalent spelling (`node_modules`, `/node_modules/`) counts as present.
 */
export const GITIGNORE_LINES = ['node_modules/', '*.skillc-tmp-*', '*.skillc-old-*', '*.skillc-stage-*'];

/** `.gitignore` with the missing lines appended, or undefined when none is missing. */
export function gitignoreWith(existing: string | undefined, lines: readonly string[] = GITIGNORE_LINES): string | undefined {
  const norm = (l: string): string => l.trim().replace(/^\//, '').replace(/\/$/, '');
  const have = new Set((existing ?? '').split(/\r?\n/).map(norm));
  const missing = lines.filter((l) => !have.has(norm(l)));
  if (!missing.length) return undefined;
  const base = existing === undefined || existing === '' ? '' : existing.endsWith('\n') ? existing : `${existing}\n`;
  return `${base}${base ? '\n' : ''}# skillc (added by skillc init)\n${missing.join('\n')}\n`;
}

/** The config file `init` finds in `root` and keeps (its name), or undefined when it writes one. */
export function keptConfig(root: string): string | undefined {
  return CONFIG_FILES.find((f) => fs.existsSync(path.join(root, f)));
}

/**
 * `skillc init`: scaffolds skills-src/ with a first skill (which passes lint and
 * carries a rehearsal fixture), skillc.config.json with its $schema, the
 * `build:skills` script in package.json (created or updated; an existing script
 * of the same name is left as it is), and the lines it needs in `.gitignore`.
 * Existing files are never overwritten. Everything is checked before anything is
 * written (a broken package.json writes nothing), and a write that fails removes
 * what this run had written: all or nothing.
 */
export function init(options: InitOptions = {}): InitResult {
  const root = path.resolve(options.cwd ?? process.cwd());
  const hosts = options.hosts?.length ? options.hosts : DEFAULT_INIT_HOSTS;
  const existingConfig = keptConfig(root);
  // A host the kept config defines (`customHosts`) is known; a new config defines none, so only built-in ones.
  const unknown = unknownConfiguredHost(hosts, existingConfig ? { cwd: root, configFile: existingConfig } : undefined, 'in --host');
  if (unknown !== undefined) throw new UsageError(unknown);
  const name = options.skill ?? 'summarize-changes';
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) || name.length > 64) throw new UsageError(`'${name}' is not a valid skill name: 1-64 lowercase letters, digits and single inner hyphens`);
  const schemaDir = path.resolve(root, options.schemaDir ?? 'node_modules/skillc/schema');
  const result: InitResult = { created: [], skipped: [], scripts: [], updated: [] };

  // 1. Plan: every file to create or update, checked; nothing is written yet.
  const plan: { file: string; text: string; update: boolean }[] = [];
  // A file that exists (a dangling link included) is kept, never followed nor replaced.
  const create = (file: string, text: string): void => {
    if (lexists(path.join(root, file))) result.skipped.push(file);
    else plan.push({ file, text, update: false });
  };
  if (existingConfig) result.skipped.push(existingConfig);
  else {
    const config = { $schema: rel(root, path.join(schemaDir, 'skillc.config.schema.json')), sources: 'skills-src', out: 'generated', hosts };
    create('skillc.config.json', `${JSON.stringify(config, null, 2)}\n`);
  }
  const skillDir = path.join(root, 'skills-src', name);
  for (const [file, text] of Object.entries(firstSkill(name, ''))) {
    const abs = path.join(skillDir, file);
    const body = file.endsWith('case.yaml') ? text.replace('$schema=\n', `$schema=${rel(path.dirname(abs), path.join(schemaDir, 'case.schema.json'))}\n`) : text;
    create(path.relative(root, abs).split(path.sep).join('/'), body);
  }

  // Checked before either is read: a `package.json -> ~/.ssh/id_rsa` would be read and quoted (a parse error) or copied in.
  const refuse = (files: readonly string[]): void => {
    const blocked = files.map((f) => linkOnTheWay(root, path.join(root, f), { self: true })).filter((b): b is string => b !== undefined);
    if (blocked.length) throw new UnsafePathError(`refusing to scaffold: ${[...new Set(blocked)].join('; ')}; skillc init does not read or write through links. Nothing was written`);
  };
  refuse(['package.json', '.gitignore']);
  const pkgFile = path.join(root, 'package.json');
  let pkg: Record<string, unknown> = {};
  let pkgText: string | undefined;
  if (fs.existsSync(pkgFile)) {
    pkgText = readText(pkgFile, 'package.json');
    let parsed: unknown;
    try {
      parsed = JSON.parse(pkgText);
    } catch (error) {
      throw new UsageError(`cannot parse package.json: ${error instanceof Error ? error.message : String(error)}; nothing was written`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError('package.json is not a JSON object; nothing was written');
    pkg = parsed as Record<string, unknown>;
    if (pkg.scripts !== undefined && (!pkg.scripts || typeof pkg.scripts !== 'object' || Array.isArray(pkg.scripts))) throw new UsageError('package.json "scripts" is not an object; nothing was written');
  } else {
    pkg = { name: trimEndOf(trimStartOf(path.basename(root).toLowerCase().replace(/[^a-z0-9-]+/g, '-'), '-'), '-') || 'skills', private: true };
  }
  const scripts = { ...((pkg.scripts ?? {}) as Record<string, string>) };
  for (const [k, v] of Object.entries(INIT_SCRIPTS)) {
    if (k in scripts) result.skipped.push(`package.json scripts.${k}`);
    else {
      scripts[k] = v;
      result.scripts.push(k);
    }
  }
  if (pkgText === undefined || result.scripts.length) {
    const indent = pkgText !== undefined ? (/^[ \t]+/m.exec(pkgText)?.[0] ?? '  ') : '  ';
    plan.push({ file: 'package.json', text: `${JSON.stringify({ ...pkg, scripts }, null, indent)}\n`, update: pkgText !== undefined });
  }

  const ignoreFile = path.join(root, '.gitignore');
  const ignoreText = fs.existsSync(ignoreFile) ? readText(ignoreFile, '.gitignore') : undefined;
  const ignore = gitignoreWith(ignoreText);
  if (ignore !== undefined) plan.push({ file: '.gitignore', text: ignore, update: ignoreText !== undefined });

  // Every write goes through no link below the project (a committed `skills-src -> /elsewhere`),
  // and no file it updates is itself a link (its target's text would be read and copied in).
  refuse(plan.map((p) => p.file));

  // 2. Write: new files first, updates last; a failure undoes this run's writes.
  const done: { abs: string; before?: string }[] = [];
  const madeDirs: string[] = [];
  try {
    for (const step of [...plan.filter((p) => !p.update), ...plan.filter((p) => p.update)]) {
      const abs = path.join(root, step.file);
      // Folders made one by one, so that undoing removes exactly the ones this run made.
      const missing: string[] = [];
      for (let dir = path.dirname(abs); !fs.existsSync(dir); dir = path.dirname(dir)) missing.unshift(dir);
      for (const dir of missing) {
        fs.mkdirSync(dir);
        madeDirs.push(dir);
      }
      // The one atomic writer (a new file is created exclusively, so a link raced in is not followed).
      const before = step.update ? fs.readFileSync(abs, 'utf8') : undefined;
      if (!step.update && lexists(abs)) throw Object.assign(new Error(`${abs} appeared`), { code: 'EEXIST' });
      writeFileAtomic(abs, step.text, { within: root, durable: true });
      done.push(before === undefined ? { abs } : { abs, before });
      // package.json's update is reported as the scripts it added.
      if (!step.update) result.created.push(step.file);
      else if (step.file !== 'package.json') result.updated.push(step.file);
    }
  } catch (error) {
    for (const d of done.reverse()) {
      try {
        if (d.before === undefined) fs.rmSync(d.abs, { force: true });
        else writeFileAtomic(d.abs, d.before);
      } catch {
        // best effort: the error below says what failed
      }
    }
    for (const dir of madeDirs.reverse()) fs.rmSync(dir, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    throw new UsageError(`cannot write the scaffold (${code}); nothing was written`);
  }
  return result;
}

function readText(file: string, shown: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${shown} (${(error as NodeJS.ErrnoException).code ?? 'EIO'}); nothing was written`);
  }
}
