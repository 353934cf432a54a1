// skillc install where folders are shared: two hosts reading one folder (agentskills and codex:
// .agents/skills), user folders moved by the hosts' own variables (CLAUDE_CONFIG_DIR, CODEX_HOME), and
// skills another installer (npx skills) keeps there. Through the real CLI.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG, project, skillc } from './helpers.js';

const MANUAL = '---\nname: alpha\ndescription: Use when testing alpha.\nskillc:\n  invocation: manual\n---\n\n# Alpha\n\nText.\n';
const PLAIN = '---\nname: beta\ndescription: Use when testing beta, a different thing.\n---\n\n# Beta\n\nText.\n';

/** Every file under a folder, relative, sorted (the install record left out). */
function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })).filter((f) => fs.statSync(path.join(dir, f)).isFile() && f !== '.skillc-install.json').map((f) => f.split(path.sep).join('/')).sort();
}

function built(files: Record<string, string> = {}): string {
  const root = project({ 'skillc.config.json': CONFIG(['agentskills', 'claude', 'codex']), 'skills-src/alpha/SKILL.md': MANUAL, 'skills-src/beta/SKILL.md': PLAIN, ...files });
  const b = skillc(['build'], root);
  expect(b.code, b.stderr).toBe(0);
  return root;
}

describe('skillc install: hosts sharing a folder', () => {
  it.each([
    ['codex', 'agentskills'],
    ['agentskills', 'codex'],
  ])('installs %s then %s, uninstalls in either order: each keeps its files, no orphan, nothing left', (first, second) => {
    for (const uninstallFirst of [first, second]) {
      const root = built();
      const target = path.join(root, '.agents/skills');
      expect(skillc(['install', '--host', first], root).code).toBe(0);
      const again = skillc(['install', '--host', second], root);
      expect(again.code, again.stderr).toBe(0);
      // One copy of each skill, with codex's agents/openai.yaml.
      expect(filesIn(target)).toEqual(['alpha/SKILL.md', 'alpha/agents/openai.yaml', 'beta/SKILL.md']);
      const record = JSON.parse(fs.readFileSync(path.join(target, '.skillc-install.json'), 'utf8')).files;
      expect(record['alpha/SKILL.md'].hosts).toEqual(['agentskills', 'codex']);
      expect(record['alpha/agents/openai.yaml'].hosts).toEqual(['codex']);

      const other = uninstallFirst === first ? second : first;
      const out = skillc(['install', '--host', uninstallFirst, '--uninstall'], root);
      expect(out.code, out.stderr).toBe(0);
      // What is left is exactly the other host's build, never a stray agents/openai.yaml without its SKILL.md or the reverse.
      const left = filesIn(target);
      expect(left).toEqual(filesIn(path.join(root, 'generated', other)).filter((f) => f !== '.skillc-manifest.json'));
      expect(out.stdout).toContain(`installed for ${other} too, which shares this folder`);
      expect(skillc(['install', '--host', other, '--uninstall'], root).code).toBe(0);
      expect(filesIn(target)).toEqual([]);
      expect(fs.existsSync(path.join(target, '.skillc-install.json'))).toBe(false);
    }
  });

  it('a skill one host installed with other content is left to it, whole', () => {
    // codex's copy of beta differs (a codex-only block); agentskills installed first.
    const root = built({ 'skills-src/beta/SKILL.md': `${PLAIN}\n<!-- host: codex -->\nCodex only.\n<!-- /host -->\n` });
    const target = path.join(root, '.agents/skills');
    expect(skillc(['install', '--host', 'agentskills'], root).code).toBe(0);
    const codex = skillc(['install', '--host', 'codex'], root);
    expect(codex.code).toBe(0);
    expect(codex.stdout).toContain('kept       .agents/skills/beta/SKILL.md  (installed for agentskills, which shares this folder, with other content: left as it is)');
    expect(fs.readFileSync(path.join(target, 'beta/SKILL.md'), 'utf8')).not.toContain('Codex only');
    // Uninstalling codex leaves agentskills' beta; uninstalling agentskills then empties the folder.
    expect(skillc(['install', '--host', 'codex', '--uninstall'], root).code).toBe(0);
    expect(filesIn(target)).toEqual(['alpha/SKILL.md', 'beta/SKILL.md']);
    expect(skillc(['install', '--host', 'agentskills', '--uninstall'], root).code).toBe(0);
    expect(filesIn(target)).toEqual([]);
  });

  it('reads the install records skillc 0.1 wrote (one `host`)', () => {
    const root = built();
    const target = path.join(root, '.agents/skills');
    expect(skillc(['install', '--host', 'codex'], root).code).toBe(0);
    const file = path.join(target, '.skillc-install.json');
    const old = JSON.parse(fs.readFileSync(file, 'utf8')) as { files: Record<string, { hosts?: string[]; host?: string }> };
    for (const entry of Object.values(old.files)) {
      entry.host = entry.hosts![0];
      delete entry.hosts;
    }
    fs.writeFileSync(file, JSON.stringify(old));
    const un = skillc(['install', '--host', 'codex', '--uninstall'], root);
    expect(un.code, un.stderr).toBe(0);
    expect(filesIn(target)).toEqual([]);
  });

  it('init says which configured hosts share a folder', () => {
    const root = project();
    const r = skillc(['init'], root);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('note     agentskills and codex share .agents/skills/');
    expect(skillc(['init', '--host', 'claude'], project()).stdout).not.toContain('note ');
  });
});

describe('skillc install --user: the hosts\' home variables', () => {
  it('installs into $CLAUDE_CONFIG_DIR/skills and $CODEX_HOME/skills when set, ~/.claude and ~/.codex otherwise', () => {
    const root = built();
    const home = project();
    const claudeDir = path.join(project(), 'claude-config');
    const codexHome = path.join(project(), 'codex-home');
    const env = { HOME: home, CLAUDE_CONFIG_DIR: claudeDir, CODEX_HOME: codexHome };
    const claude = skillc(['install', '--host', 'claude', '--user'], root, env);
    expect(claude.code, claude.stderr).toBe(0);
    expect(filesIn(path.join(claudeDir, 'skills'))).toEqual(['alpha/SKILL.md', 'beta/SKILL.md']);
    expect(claude.stdout).toContain(`-> ${path.join(claudeDir, 'skills')}/`);
    expect(skillc(['install', '--host', 'codex', '--user'], root, env).code).toBe(0);
    expect(filesIn(path.join(codexHome, 'skills'))).toEqual(['alpha/SKILL.md', 'alpha/agents/openai.yaml', 'beta/SKILL.md']);
    expect(fs.existsSync(path.join(home, '.claude'))).toBe(false);
    expect(fs.existsSync(path.join(home, '.codex'))).toBe(false);
    // Uninstall reads the same variables.
    expect(skillc(['install', '--host', 'claude', '--user', '--uninstall'], root, env).code).toBe(0);
    expect(filesIn(path.join(claudeDir, 'skills'))).toEqual([]);
    // Unset (or empty): the default folders in HOME.
    const plain = skillc(['install', '--host', 'codex', '--user'], root, { HOME: home, CODEX_HOME: '' });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('-> ~/.codex/skills/');
    expect(filesIn(path.join(home, '.codex/skills'))).toContain('alpha/agents/openai.yaml');
  });
});
