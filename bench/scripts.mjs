#!/usr/bin/env node
// The shell-script rows of `npm run bench`: lints a catalog of skills that bundle shell scripts
// with only the rules that read scripts (scripts/*, security/pipe-to-shell) on, so the time is
// the shell parsing and the checks over it. The scripts are the cc-skills corpus's when
// ../shared/corpus/cc-skills is there (copied, MIT), else generated ones of the same shapes.
// Standalone: node bench/scripts.mjs [--skillc <bin/skillc.js of another checkout>] [runs]
// prints the median; bench/run.mjs imports `scriptsCorpus` and `scriptsLintCmd` for its row.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COPIES = 10;
const SCRIPT_RULES = ['scripts/syntax', 'scripts/line-endings', 'scripts/grep-dash', 'scripts/pipefail', 'security/pipe-to-shell'];

function realScripts() {
  // ../shared beside the checkout, or beside the worktrees folder a worktree sits in.
  const src = [path.resolve(root, '..', 'shared'), path.resolve(root, '..', '..', 'shared')]
    .map((s) => path.join(s, 'corpus', 'cc-skills', 'plugins'))
    .find((s) => fs.existsSync(s));
  if (!src) return undefined;
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && /\.(?:sh|bash)$/.test(e.name)) out.push({ name: path.relative(src, p).replace(/[\\/]/g, '__'), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(src);
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Generated scripts with what real skill scripts hold: set -euo, functions, pipelines, conditions, heredocs, substitutions. */
function generatedScripts(count = 45) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const lines = ['#!/usr/bin/env bash', i % 3 ? 'set -euo pipefail' : 'set -e', `# generated script ${i}`];
    for (let f = 0; f < 12; f++) {
      lines.push(`step_${f}() {`, `  local dir="\${1:-.}"`, `  if [[ -d "$dir" ]]; then`, `    count=$(find "$dir" -name '*.md' | wc -l)`, `    echo "found $count in $dir" >&2`, '  else', `    printf '%s\\n' "missing $dir" | tee -a log.txt`, '  fi');
      lines.push(`  grep -rn -- "-TODO-${f}" "$dir" | head -5 || true`, `  cat <<EOF`, `  step ${f}: $(date +%s)`, 'EOF', `  case "$dir" in *.git) return 1 ;; *) : ;; esac`, '}');
    }
    for (let f = 0; f < 12; f++) lines.push(`step_${f} "$@" && echo ok-${f}`);
    out.push({ name: `gen-${i}.sh`, text: `${lines.join('\n')}\n` });
  }
  return out;
}

/** The catalog (under bench/, gitignored): COPIES skills, each bundling every script. */
export function scriptsCorpus() {
  const dir = path.join(root, 'bench', 'corpus-scripts');
  const scripts = realScripts() ?? generatedScripts();
  const stamp = `${scripts.length} ${scripts.reduce((n, s) => n + s.text.length, 0)}`;
  const marker = path.join(dir, '.complete');
  if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== stamp) {
    fs.rmSync(dir, { recursive: true, force: true });
    for (let k = 0; k < COPIES; k++) {
      const skill = path.join(dir, `scripts-${k}`);
      fs.mkdirSync(path.join(skill, 'scripts'), { recursive: true });
      fs.writeFileSync(path.join(skill, 'SKILL.md'), `---\nname: scripts-${k}\ndescription: Use when benchmarking the shell script rules.\n---\n# Scripts ${k}\n\nRun the [scripts](scripts/).\n`);
      for (const s of scripts) fs.writeFileSync(path.join(skill, 'scripts', s.name), s.text, { mode: 0o755 });
    }
    const rules = Object.fromEntries(SCRIPT_RULES.map((id) => [id, 'error']));
    fs.writeFileSync(path.join(dir, 'skillc.config.json'), JSON.stringify({ hosts: ['claude'], rules }, null, 2));
    fs.writeFileSync(marker, stamp);
  }
  return { dir, scripts: scripts.length * COPIES, bytes: scripts.reduce((n, s) => n + s.text.length, 0) * COPIES, real: !!realScripts() };
}

/**
 * The lint command: only the script rules on. Every other built-in rule is turned off
 * in an inline config, read from the skillc under test (so an older checkout works too).
 */
export function scriptsLintCmd(skillc, corpus) {
  const listed = spawnSync(process.execPath, [skillc, 'rules', '--format', 'json'], { encoding: 'utf8' });
  let ids = [];
  try {
    const parsed = JSON.parse(listed.stdout);
    ids = (Array.isArray(parsed) ? parsed : parsed.rules ?? []).map((r) => r.id ?? r.ruleId).filter(Boolean);
  } catch {
    ids = [];
  }
  const rules = Object.fromEntries(ids.map((id) => [id, SCRIPT_RULES.includes(id) ? 'error' : 'off']));
  for (const id of SCRIPT_RULES) if (ids.length === 0 || ids.includes(id)) rules[id] = 'error';
  // Named by its content: two checkouts with as many rules but different ones get a config each.
  const config = path.join(corpus.dir, `.bench-${createHash('sha256').update(JSON.stringify(rules)).digest('hex').slice(0, 12)}.config.json`);
  fs.writeFileSync(config, JSON.stringify({ hosts: ['claude'], rules }));
  return [process.execPath, skillc, 'lint', corpus.dir, '--config', config, '--format', 'json', '--output-file', '/dev/null', '--concurrency', '1'];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--skillc');
  const skillc = at >= 0 ? path.resolve(args[at + 1]) : path.join(root, 'bin', 'skillc.js');
  const runs = Number(args.filter((a, i) => !a.startsWith('--') && i !== at + 1)[0] ?? 5);
  const corpus = scriptsCorpus();
  const cmd = scriptsLintCmd(skillc, corpus);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
    if (r.status !== 0 && r.status !== 1) {
      process.stderr.write(r.stderr);
      process.exit(2);
    }
  }
  times.sort((a, b) => a - b);
  console.log(`${corpus.scripts} ${corpus.real ? 'cc-skills' : 'generated'} scripts (${(corpus.bytes / 1e6).toFixed(1)} MB), ${skillc}: median ${times[Math.floor((times.length - 1) / 2)].toFixed(2)} s of ${runs}`);
}
