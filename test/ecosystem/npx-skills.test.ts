// The installer people already use, `npx skills` (npm package `skills`), on skillc's output: each host's
// tree under generated/ is a source it reads as that host's skills (`npx skills add <repo>/generated/<host>`
// installs exactly what the build made for the host, codex's agents/openai.yaml included), and what it
// installs (recorded in its skills-lock.json) skillc install neither takes over nor removes. The package
// comes from the npm registry or cache; sources are local paths, so nothing else is fetched.
// skills 1.5.18 is the newest that runs on Node 20 (1.5.19 and later need Node 22.20).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG, npmEnv, project, skillc } from './helpers.js';

const SKILLS = 'skills@1.5.18';
/** skillc host -> the `skills` agent id reading that host's folder (docs/cli.md, "npx skills"). */
const AGENT: Record<string, { agent: string; folder: string }> = {
  agentskills: { agent: 'cline', folder: '.agents/skills' },
  claude: { agent: 'claude-code', folder: '.claude/skills' },
  codex: { agent: 'codex', folder: '.agents/skills' },
  opencode: { agent: 'opencode', folder: '.agents/skills' },
  gemini: { agent: 'gemini-cli', folder: '.agents/skills' },
  copilot: { agent: 'github-copilot', folder: '.agents/skills' },
  cursor: { agent: 'cursor', folder: '.agents/skills' },
  pi: { agent: 'pi', folder: '.pi/skills' },
  hermes: { agent: 'hermes-agent', folder: '.hermes/skills' },
};

function filesIn(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const abs = path.join(dir, f);
    if (fs.statSync(abs).isFile() && !f.endsWith('.skillc-install.json')) out[f.split(path.sep).join('/')] = fs.readFileSync(abs, 'utf8');
  }
  return out;
}

describe.skipIf(process.env.SKILLC_TEST_NETWORK === '0')('npx skills on skillc output (the real `skills` package)', () => {
  it('generated/<host> installs that host\'s build for its agent; its installs are not skillc\'s to adopt or remove', () => {
    const tools = project({ 'package.json': '{"name":"tools","private":true}\n' });
    const home = project();
    const env = { ...npmEnv(home), DISABLE_TELEMETRY: '1', DO_NOT_TRACK: '1' };
    const npm = spawnSync('npm', ['i', '-E', SKILLS], { cwd: tools, encoding: 'utf8', env });
    expect(npm.status, npm.stderr).toBe(0);
    const bin = path.join(tools, 'node_modules', 'skills', 'bin', 'cli.mjs');
    const skills = (args: string[], cwd: string) => {
      const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env, input: '' });
      return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
    };

    const repo = project({
      'skillc.config.json': CONFIG(Object.keys(AGENT)),
      'skills-src/alpha/SKILL.md': '---\nname: alpha\ndescription: Use when testing alpha.\nskillc:\n  invocation: manual\n  targets: [claude, codex]\n---\n\n# Alpha\n\nText.\n',
      'skills-src/beta/SKILL.md': '---\nname: beta\ndescription: Use when testing beta, another thing.\n---\n\n# Beta\n\n<!-- host: claude -->\nClaude only.\n<!-- /host -->\nText.\n',
    });
    const build = skillc(['build'], repo);
    expect(build.code, build.stderr).toBe(0);
    for (const [host, { agent, folder }] of Object.entries(AGENT)) {
      const consumer = project();
      const r = skills(['add', path.join(repo, 'generated', host), '-a', agent, '-y', '--copy'], consumer);
      expect(r.code, `${host}: ${r.out}`).toBe(0);
      // Exactly the host's built skill folders: its variant of each skill, nothing of another host's.
      const builtRoot = path.join(repo, 'generated', host, host === 'claude' ? 'skills' : '');
      expect(filesIn(path.join(consumer, folder)), host).toEqual(filesIn(builtRoot));
    }
    // The two variants that differ, checked by content: codex gets its agents/openai.yaml, claude its block.
    const codexUser = project();
    expect(skills(['add', path.join(repo, 'generated/codex'), '-a', 'codex', '-y', '--copy'], codexUser).code).toBe(0);
    expect(fs.existsSync(path.join(codexUser, '.agents/skills/alpha/agents/openai.yaml'))).toBe(true);
    expect(fs.readFileSync(path.join(codexUser, '.agents/skills/beta/SKILL.md'), 'utf8')).not.toContain('Claude only');

    // npx skills installed codex's build into the skillc project itself; skillc install then keeps its hands off.
    expect(skills(['add', './generated/codex', '-a', 'codex', '-y', '--copy'], repo).code).toBe(0);
    expect(fs.existsSync(path.join(repo, 'skills-lock.json'))).toBe(true);
    const before = filesIn(path.join(repo, '.agents/skills'));
    const install = skillc(['install', '--host', 'codex'], repo);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toContain('installed by npx skills, recorded in skills-lock.json');
    expect(fs.existsSync(path.join(repo, '.agents/skills/.skillc-install.json'))).toBe(false);
    const uninstall = skillc(['install', '--host', 'codex', '--uninstall'], repo);
    expect(uninstall.code).toBe(0);
    expect(filesIn(path.join(repo, '.agents/skills'))).toEqual(before);
  });
});
