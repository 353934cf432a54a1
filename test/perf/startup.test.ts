import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Startup is module loading: a command loads what it runs and nothing else. Checked on the
// unbundled dist/cli/ (the bundle mirrors its import graph, and its chunk names are hashes),
// by module (never by the clock).
const repo = path.resolve(import.meta.dirname, '..', '..');
const hook = pathToFileURL(path.join(repo, 'test', 'fixtures', 'startup', 'record-loads.mjs')).href;
const entry = pathToFileURL(path.join(repo, 'dist', 'cli', 'main.js')).href;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-startup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The modules (file URLs, relative to the repo) a CLI run loads. */
function loads(argv: string[]): string[] {
  const file = path.join(tmp, `${argv.join('_').replace(/\W/g, '_')}.txt`);
  const script = `const { main } = await import(${JSON.stringify(entry)}); process.exitCode = await main(${JSON.stringify(argv)});`;
  const r = spawnSync(process.execPath, ['--import', hook, '--input-type=module', '-e', script], { cwd: tmp, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', SKILLC_LOADS: file } });
  expect(r.status, r.stderr).toBe(0);
  const root = pathToFileURL(repo).href;
  return fs.readFileSync(file, 'utf8').split('\n').filter((u) => u.startsWith(root)).map((u) => u.slice(root.length + 1));
}

const heavy = (mods: string[], names: RegExp): string[] => mods.filter((m) => names.test(m));

describe.skipIf(!fs.existsSync(path.join(repo, 'dist', 'bundle', 'main.js')))('the bundled CLI', () => {
  it('validates a config with the precompiled validator next to its chunks: ajv is never required', () => {
    const project = path.join(tmp, 'bundled-lint');
    fs.mkdirSync(path.join(project, 'skills', 'demo'), { recursive: true });
    fs.writeFileSync(path.join(project, 'skillc.config.json'), JSON.stringify({ sources: 'skills', hosts: ['claude'] }));
    fs.writeFileSync(path.join(project, 'skills', 'demo', 'SKILL.md'), '---\nname: demo\ndescription: Use when the user asks for a demo of the widget.\n---\n\n# Demo\n\nSteps.\n');
    // require() is not seen by ESM hooks: list the CommonJS modules loaded, at exit.
    const preload = path.join(tmp, 'cjs-loads.cjs');
    fs.writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(process.env.SKILLC_CJS, Object.keys(require.cache).join('\\n')));`);
    const out = path.join(tmp, 'cjs-loads.txt');
    const r = spawnSync(process.execPath, ['-r', preload, path.join(repo, 'bin', 'skillc.js'), 'lint'], { cwd: project, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', SKILLC_CJS: out } });
    expect(r.status, r.stderr).not.toBe(2);
    const cjs = fs.readFileSync(out, 'utf8').split('\n');
    expect(cjs.some((m) => m.endsWith('config-validator.cjs'))).toBe(true);
    expect(cjs.filter((m) => /node_modules[\\/]ajv[\\/]dist[\\/](ajv|core|compile)/.test(m))).toEqual([]);
  });
});

describe.skipIf(!fs.existsSync(new URL(entry)))('CLI startup loads only the command it runs', () => {
  it('--version loads the entry and nothing of lint, config, rules or any package', () => {
    const mods = loads(['--version']);
    expect(mods).toContain('dist/cli/main.js');
    expect(mods.filter((m) => m.startsWith('node_modules/'))).toEqual([]);
    expect(heavy(mods, /^dist\/(rules|config|analysis|lint|build|lsp)\b/)).toEqual([]);
  });

  it('rules and help load no ts-morph, ajv, vscode-languageserver or TypeScript; --help no package and no rule', () => {
    for (const argv of [['rules'], ['--help'], ['build', '--help']]) {
      expect(heavy(loads(argv), /node_modules\/(ts-morph|@ts-morph|ajv|vscode-languageserver|typescript)\//), argv.join(' ')).toEqual([]);
    }
    expect(heavy(loads(['--help']), /node_modules\/|^dist\/rules\//)).toEqual([]);
  });

  it('rules and explain read the generated rule metadata: no rule module, no lint engine, no package but the spelling hint (fastest-levenshtein)', () => {
    for (const argv of [['rules'], ['rules', '--format', 'json'], ['explain', 'links/broken']]) {
      const mods = loads(argv);
      expect(mods, argv.join(' ')).toContain('dist/rules/metadata.js');
      expect(heavy(mods, /node_modules\/(?!fastest-levenshtein\/)|^dist\/(lint\/(config|discover|engine)\.js|(parse|build|lsp|testing)\/)|^dist\/rules\/(?!metadata\.js$|rule\.js$|doc-page\.js$|problems\.js$)/), argv.join(' ')).toEqual([]);
    }
  });
});
