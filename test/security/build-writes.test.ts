// Issue #24, "the build writes outside the project": a hostile pull request whose lint errors are
// silenced (an inline `skillc-disable`, rules turned off in the config) must not make `skillc build`
// write, rename, delete or compare anything outside the output folder, on any of its write paths:
// the whole-tree swap, the in-place update, --watch, custom `outputs`, --check. And the recovery of
// a killed build must not trust a stage folder and journal that came with the checkout.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { bin, git, skillc } from '../ecosystem/helpers.js';

/** Every entry under `dir` (links not followed) with its kind and content hash: what changed shows. */
function state(dir: string, skip: (rel: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string): void => {
    for (const name of fs.readdirSync(abs)) {
      const p = path.join(abs, name);
      const rel = path.relative(dir, p).split(path.sep).join('/');
      if (skip(rel)) continue;
      const st = fs.lstatSync(p);
      out.set(rel, st.isSymbolicLink() ? `link:${fs.readlinkSync(p)}` : st.isDirectory() ? 'dir' : `file:${createHash('sha256').update(fs.readFileSync(p)).digest('hex')}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k)).sort();
}

const SKILL = (name: string, extra = '', body = '# Title\n\nText.\n'): string => `---\n${extra}name: ${name}\ndescription: Use when testing the build's writes.\n---\n\n${body}`;

/**
 * A world folder holding the project (a git repository) three folders down and `outside/` with a
 * victim file: a name of up to five `..` from generated/<host>/ lands in the world, never above it.
 */
function world(files: Record<string, string>, config: object = {}): { world: string; root: string; outside: string } {
  const w = tempDir('skillc-sec-build-');
  const root = path.join(w, 'n1/n2/n3/project');
  const outside = path.join(w, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'victim.txt'), 'precious\n');
  const all: Record<string, string> = { 'skillc.config.json': JSON.stringify({ sources: 'skills-src', out: 'generated', hosts: ['agentskills', 'claude'], ...config }), ...files };
  for (const [rel, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  git(['init', '-q'], root);
  return { world: w, root, outside };
}

/** What the build may touch: the output folder, its transient siblings and the caches. */
const mayWrite = (rel: string): boolean => /^n1\/n2\/n3\/project\/(generated(\/|$|\.skillc-)|node_modules(\/|$)|\.git\/)/.test(rel);

/** Names that are not one plain folder name, each a way out of `generated/<host>/` or into `.git`. */
const HOSTILE_NAMES: [string, string][] = [
  ['../../../escaped', '"../../../escaped"'],
  ['..', '".."'],
  ['.', '"."'],
  ['.git', '".git"'],
  ['.GIT', '".GIT"'],
  ['a/b', '"a/b"'],
  ['/abs', '"/abs"'],
  ['C:evil', '"C:evil"'],
  ['back\\slash', '"back\\\\slash"'],
  ['NUL in it', '"a\\0b"'],
  ['empty', '""'],
];

/** Silences lint's name errors two ways: inline suppressions, and the rules turned off in the config. */
const SILENCED = {
  // A blanket directive no longer covers security/* (the NUL name's hidden-unicode finding): that rule is named.
  inline: (yaml: string) => ({ text: SKILL(yaml, '# skillc-disable\n# skillc-disable security/hidden-unicode\n', '<!-- skillc-disable -->\n\n# Evil\n\nText.\n'), config: {} }),
  'config-off': (yaml: string) => ({ text: SKILL(yaml), config: { rules: { 'frontmatter/name-format': 'off', 'frontmatter/name-directory': 'off', 'security/hidden-unicode': 'off', 'skills/duplicate-name': 'off' } } }),
};

describe('build: a skill name is one plain folder name, whatever lint says', () => {
  for (const [how, make] of Object.entries(SILENCED)) {
    it(`refuses every hostile name (${how}), writes nothing, and nothing outside the output folder changes`, () => {
      // One skill a name, all in one project: the build reports each one (and --check compares none).
      const files: Record<string, string> = { 'skills-src/good/SKILL.md': SKILL('good') };
      let config = {};
      HOSTILE_NAMES.forEach(([, yaml], i) => {
        const made = make(yaml);
        files[`skills-src/evil-${i}/SKILL.md`] = made.text;
        config = made.config;
      });
      const w = world(files, config);
      const before = state(w.world, mayWrite);
      const r = skillc(['build'], w.root);
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(changes(before, state(w.world, mayWrite))).toEqual([]);
      expect(fs.existsSync(path.join(w.root, 'generated'))).toBe(false);
      HOSTILE_NAMES.forEach(([label], i) => expect(r.stdout, label).toMatch(new RegExp(`skills-src/evil-${i}/SKILL\\.md\\n(?:.*\\n)*?.*build/output-path`)));
      expect(r.stdout.match(/build\/output-path/g)?.length).toBe(HOSTILE_NAMES.length);
      // --check compares nothing outside either: the same refusal, no drift listed.
      const check = skillc(['build', '--check'], w.root);
      expect(check.code).toBe(1);
      expect(check.stdout.match(/build\/output-path/g)?.length).toBe(HOSTILE_NAMES.length);
      expect(check.stderr).not.toContain('DRIFT');
    });
  }

  it('refuses a hostile rename on an in-place (incremental) update, with custom outputs and a plugin manifest', () => {
    const skills: Record<string, string> = {};
    for (const n of ['alpha', 'bravo', 'charlie', 'delta']) skills[`skills-src/${n}/SKILL.md`] = SKILL(n);
    const w = world(skills, { outputs: { claude: 'plugins/deep/tree' }, plugin: { name: 'p' } });
    expect(skillc(['build'], w.root).code).toBe(0);
    expect(fs.existsSync(path.join(w.root, 'generated/plugins/deep/tree/.claude-plugin/plugin.json'))).toBe(true);
    const output = state(path.join(w.root, 'generated'));
    // Five levels up from generated/plugins/deep/tree/skills/ is the project, from generated/agentskills/ n1/.
    fs.writeFileSync(path.join(w.root, 'skills-src/bravo/SKILL.md'), SKILL('"../../../../../escaped"', '# skillc-disable\n', '<!-- skillc-disable -->\n\n# Bravo\n'));
    const before = state(w.world, mayWrite);
    const r = skillc(['build'], w.root);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain('build/output-path');
    expect(changes(before, state(w.world, mayWrite))).toEqual([]);
    expect(changes(output, state(path.join(w.root, 'generated')))).toEqual([]);
  });

  it('a bundled file shipped under another path (`skillc.files.<file>.as`) stays in its skill\'s output folder, whatever lint says', () => {
    const AS = ['../../../../escaped.md', '/abs.md', 'a/../../../x.md', '.git/hooks/pre-commit', 'C:evil.md', 'back\\slash.md'];
    const skill: Record<string, string> = {};
    AS.forEach((_, i) => (skill[`skills-src/alpha/notes-${i}.md`] = `# Notes ${i}\n`));
    const files = AS.map((as, i) => `    notes-${i}.md: { as: ${JSON.stringify(as)} }`);
    const links = AS.map((_, i) => `[notes ${i}](notes-${i}.md)`).join(', ');
    const w = world({ ...skill, 'skills-src/alpha/SKILL.md': SKILL('alpha', `skillc:\n  files:\n${files.join('\n')}\n`, `# Alpha\n\nSee ${links}.\n`) }, { rules: { 'source/skillc-block': 'off' } });
    const before = state(w.world, mayWrite);
    const r = skillc(['build'], w.root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(changes(before, state(w.world, mayWrite))).toEqual([]);
    // An unsafe `as` is not a path the build takes: each file ships under its own name, inside the skill.
    const out = [...state(path.join(w.root, 'generated')).keys()].filter((k) => /notes|escaped|abs|x\.md|\.git|evil|slash|pre-commit/.test(k));
    expect(out.sort()).toEqual(AS.flatMap((_, i) => [`agentskills/alpha/notes-${i}.md`, `claude/skills/alpha/notes-${i}.md`]).sort());
  });

  it('refuses a hostile name under --watch, run after run, and keeps watching', async () => {
    const w = world({ 'skills-src/alpha/SKILL.md': SKILL('alpha'), 'skills-src/bravo/SKILL.md': SKILL('bravo') });
    const proc = spawn(process.execPath, [bin, 'build', '--watch'], { cwd: w.root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' } });
    let err = '';
    let out = '';
    proc.stderr.on('data', (d) => (err += d));
    proc.stdout.on('data', (d) => (out += d));
    const runs = (): number => (err.match(/\] run \d+/g) ?? []).length;
    let exited = false;
    proc.on('exit', () => (exited = true));
    // No deadline (a slow machine is not a failure): the wait ends when the run shows, or the watcher exits.
    const until = async (pred: () => boolean, what: string): Promise<void> => {
      while (!pred()) {
        if (exited) throw new Error(`the watcher exited while waiting for ${what}:\n${err}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      await until(() => runs() >= 1, 'the first run');
      const watched = (rel: string): boolean => mayWrite(rel) || rel.startsWith('n1/n2/n3/project/skills-src/');
      const before = state(w.world, watched);
      for (const [i, [, yaml]] of HOSTILE_NAMES.slice(0, 4).entries()) {
        const n = runs();
        fs.writeFileSync(path.join(w.root, 'skills-src/bravo/SKILL.md'), SKILL(yaml, '# skillc-disable\n', `# Bravo ${i}\n`));
        await until(() => runs() > n, `run after ${yaml}`);
        expect(err).toMatch(/exit 1; watching/);
        expect(changes(before, state(w.world, watched))).toEqual([]);
      }
      expect(out).toContain('build/output-path');
    } finally {
      if (!exited) {
        const gone = new Promise((r) => proc.on('exit', r));
        proc.kill('SIGTERM');
        await gone;
      }
    }
  });
});

describe('build: the output folder and what is in it are read and written without following links', () => {
  it('refuses an output folder that is a link (build, --check, install), reads and writes nothing through it', () => {
    const w = world({ 'skills-src/alpha/SKILL.md': SKILL('alpha') });
    fs.mkdirSync(path.join(w.outside, 'gen/claude/skills/alpha'), { recursive: true });
    fs.writeFileSync(path.join(w.outside, 'gen/private.txt'), 'private\n');
    fs.writeFileSync(path.join(w.outside, 'gen/claude/skills/alpha/SKILL.md'), '---\nname: alpha\ndescription: planted\n---\n');
    fs.symlinkSync(path.join(w.outside, 'gen'), path.join(w.root, 'generated'));
    const before = state(w.world, mayWrite);
    for (const args of [['build'], ['build', '--no-incremental'], ['build', '--check'], ['install', '--host', 'claude']]) {
      const r = skillc(args, w.root, { HOME: tempDir() });
      expect(r.code, `${args.join(' ')}: ${r.stdout}${r.stderr}`).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('is a symbolic link');
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(changes(before, state(w.world, mayWrite)), args.join(' ')).toEqual([]);
      expect(fs.lstatSync(path.join(w.root, 'generated')).isSymbolicLink()).toBe(true);
      expect(fs.existsSync(path.join(w.root, '.claude/skills/alpha'))).toBe(false);
    }
  });

  it('--check reads no output through a link or from a FIFO: it is drift, and no report shows what a link points at', () => {
    const w = world({ 'skills-src/alpha/SKILL.md': SKILL('alpha'), 'skills-src/bravo/SKILL.md': SKILL('bravo'), 'skills-src/charlie/SKILL.md': SKILL('charlie') });
    expect(skillc(['build'], w.root).code).toBe(0);
    const out = path.join(w.root, 'generated/claude/skills');
    fs.rmSync(path.join(out, 'alpha/SKILL.md'));
    spawnSync('mkfifo', [path.join(out, 'alpha/SKILL.md')]);
    fs.rmSync(path.join(out, 'bravo'), { recursive: true });
    fs.symlinkSync(path.join(w.outside), path.join(out, 'bravo'));
    fs.writeFileSync(path.join(w.outside, 'SKILL.md'), 'OUTSIDE-SECRET-1\n');
    // A link at the file itself: the drift report's diff must not carry the target's text.
    fs.writeFileSync(path.join(w.outside, 'secret.md'), 'OUTSIDE-SECRET-2\n');
    fs.rmSync(path.join(out, 'charlie/SKILL.md'));
    fs.symlinkSync(path.join(w.outside, 'secret.md'), path.join(out, 'charlie/SKILL.md'));
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
      const r = spawnSync(process.execPath, [bin, 'build', '--check', '--format', format], { cwd: w.root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } });
      const all = `${r.stdout}${r.stderr}${r.error ? String(r.error) : ''}`;
      expect(r.status, all).toBe(1);
      for (const rel of ['alpha/SKILL.md', 'bravo/SKILL.md', 'charlie/SKILL.md']) expect(all, `${format}: ${rel}`).toContain(`claude/skills/${rel}`);
      expect(all, format).not.toContain('OUTSIDE-SECRET');
    }
  });

  it('an incremental build reuses no output reached through a link (at the file or a folder on the way): the skill is built again, nothing outside is read or changed', () => {
    const w = world({ 'skills-src/alpha/SKILL.md': SKILL('alpha'), 'skills-src/bravo/SKILL.md': SKILL('bravo'), 'skills-src/charlie/SKILL.md': SKILL('charlie') });
    expect(skillc(['build'], w.root).code).toBe(0);
    const out = path.join(w.root, 'generated/claude/skills');
    const clean = fs.readFileSync(path.join(out, 'bravo/SKILL.md'));
    // The same bytes outside, so only the link (not a changed hash) can tell them apart.
    fs.mkdirSync(path.join(w.outside, 'bravo'), { recursive: true });
    fs.writeFileSync(path.join(w.outside, 'bravo/SKILL.md'), clean);
    fs.rmSync(path.join(out, 'bravo'), { recursive: true });
    fs.symlinkSync(path.join(w.outside, 'bravo'), path.join(out, 'bravo'));
    fs.writeFileSync(path.join(w.outside, 'charlie.md'), fs.readFileSync(path.join(out, 'charlie/SKILL.md')));
    fs.rmSync(path.join(out, 'charlie/SKILL.md'));
    fs.symlinkSync(path.join(w.outside, 'charlie.md'), path.join(out, 'charlie/SKILL.md'));
    const outside = state(w.outside, () => false);
    const r = skillc(['build'], w.root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(state(w.outside, () => false)).toEqual(outside);
    for (const rel of ['bravo', 'bravo/SKILL.md', 'charlie/SKILL.md']) expect(fs.lstatSync(path.join(out, rel)).isSymbolicLink(), rel).toBe(false);
    expect(fs.readFileSync(path.join(out, 'bravo/SKILL.md'))).toEqual(clean);
    expect(skillc(['build', '--check'], w.root).code).toBe(0);
  });

  for (const [how, args] of [['an in-place update', ['build']], ['a whole-tree build (--no-incremental)', ['build', '--no-incremental']]] as const) {
    it(`a skill's output folder made a link is replaced by the folder on ${how}: no internal error, nothing outside changed`, () => {
      const skills: Record<string, string> = {};
      for (const n of ['alpha', 'bravo', 'charlie', 'delta', 'echo']) skills[`skills-src/${n}/SKILL.md`] = SKILL(n);
      const w = world(skills);
      expect(skillc(['build'], w.root).code).toBe(0);
      const out = path.join(w.root, 'generated/claude/skills');
      fs.cpSync(path.join(out, 'bravo'), path.join(w.outside, 'bravo'), { recursive: true });
      fs.rmSync(path.join(out, 'bravo'), { recursive: true });
      fs.symlinkSync(path.join(w.outside, 'bravo'), path.join(out, 'bravo'));
      const outside = state(w.outside, () => false);
      const r = skillc([...args], w.root);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(state(w.outside, () => false)).toEqual(outside);
      expect(fs.lstatSync(path.join(out, 'bravo')).isDirectory()).toBe(true);
      expect(skillc(['build', '--check'], w.root).code).toBe(0);
    });
  }

  it('a committed manifest listing paths outside makes nothing outside removed on an in-place update', () => {
    const skills: Record<string, string> = {};
    for (const n of ['alpha', 'bravo', 'charlie', 'delta']) skills[`skills-src/${n}/SKILL.md`] = SKILL(n);
    const w = world(skills);
    expect(skillc(['build'], w.root).code).toBe(0);
    const file = path.join(w.root, 'generated/.skillc-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { files: Record<string, string> };
    const victim = createHash('sha256').update('precious\n').digest('hex');
    manifest.files[path.relative(path.join(w.root, 'generated'), path.join(w.outside, 'victim.txt')).split(path.sep).join('/')] = victim;
    fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
    fs.appendFileSync(path.join(w.root, 'skills-src/bravo/SKILL.md'), '\nEdited.\n');
    const before = state(w.world, mayWrite);
    const r = skillc(['build'], w.root);
    expect(fs.existsSync(path.join(w.outside, 'victim.txt'))).toBe(true);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(changes(before, state(w.world, mayWrite))).toEqual([]);
    expect(fs.readFileSync(path.join(w.root, 'generated/claude/skills/bravo/SKILL.md'), 'utf8')).toContain('Edited.');
  });
});

describe('build recovery: only stage folders this machine\'s build made', () => {
  /** A stage folder and journal as a hostile checkout would hold them: one entry moves the victim into the stage (then deleted), one plants a file outside. */
  function plantStage(root: string, outside: string): string {
    const stage = path.join(root, 'generated.skillc-stage-2147483640-0123456789abcdef');
    const rel = (f: string) => path.relative(path.join(root, 'generated'), path.join(outside, f)).split(path.sep).join('/');
    fs.mkdirSync(path.join(stage, 'new'), { recursive: true });
    fs.mkdirSync(path.join(stage, 'old'), { recursive: true });
    fs.writeFileSync(path.join(stage, 'old/1'), 'planted by the journal\n');
    const journal = {
      version: 1,
      entries: [
        { id: 0, rel: rel('victim.txt'), dir: false, existed: false, replace: true },
        { id: 1, rel: rel('planted.txt'), dir: false, existed: true, replace: true },
      ],
    };
    fs.writeFileSync(path.join(stage, 'journal.json'), JSON.stringify(journal));
    return stage;
  }

  it('leaves an untracked stage it did not make alone (a warning), and nothing outside moves', () => {
    const w = world({ 'skills-src/alpha/SKILL.md': SKILL('alpha') });
    expect(skillc(['build'], w.root).code).toBe(0);
    const stage = plantStage(w.root, w.outside);
    const before = state(w.world, mayWrite);
    const r = skillc(['build'], w.root);
    expect(fs.existsSync(path.join(w.outside, 'victim.txt'))).toBe(true);
    expect(fs.existsSync(path.join(w.outside, 'planted.txt'))).toBe(false);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('build/leftover');
    expect(changes(before, state(w.world, mayWrite))).toEqual([]);
    expect(fs.existsSync(path.join(stage, 'journal.json'))).toBe(true);
  });

  it('refuses to build beside a stage folder git tracks, with a clear message, and touches nothing', () => {
    const w = world({ 'skills-src/alpha/SKILL.md': SKILL('alpha') });
    expect(skillc(['build'], w.root).code).toBe(0);
    const stage = plantStage(w.root, w.outside);
    git(['add', '-f', path.relative(w.root, stage)], w.root);
    const before = state(w.world, (rel) => mayWrite(rel) && !rel.startsWith('n1/n2/n3/project/generated/'));
    for (const args of [['build'], ['build', '--no-incremental']]) {
      const r = skillc(args, w.root);
      expect(fs.existsSync(path.join(w.outside, 'victim.txt'))).toBe(true);
      expect(fs.existsSync(path.join(w.outside, 'planted.txt'))).toBe(false);
      expect(r.code, r.stdout + r.stderr).toBe(2);
      expect(r.stderr).toContain('tracked by git');
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(fs.existsSync(path.join(stage, 'journal.json'))).toBe(true);
      expect(changes(before, state(w.world, (rel) => mayWrite(rel) && !rel.startsWith('n1/n2/n3/project/generated/')))).toEqual([]);
    }
  });
});
