/**
 * A recorded case appears whole or not at all: it is written into a temporary folder beside its
 * place (`fixtures/.record-…`, which is not a case: its name starts with `.`), rehearsed there,
 * re-read for any value the redaction replaced, and only then renamed into place. An existing case
 * is replaced only when asked (--force), and never through a link: the skill folder, `fixtures/`
 * and the case folder are checked with lstat, files are created with O_EXCL|O_NOFOLLOW.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { kindOf, writeInside } from '../rehearse/paths.js';
import type { Redactor } from './redact.js';

export interface CaseContent {
  caseYaml: string;
  events: Record<string, unknown>[];
  /** outputs/, files/ by path in the case folder. */
  files: Map<string, string>;
  /** inputs/ by path relative to the project. */
  inputs: Map<string, string>;
}

export interface StagedCase {
  dir: string;
}

/** Checks, before any work, that the case can be written at `dir`: its skill and fixtures/ are real folders, and it does not exist (or --force). */
export function caseTarget(dir: string, skillDir: string, force: boolean): void {
  const fixtures = path.dirname(dir);
  if (kindOf(skillDir) !== 'dir') throw new UsageError(`${skillDir} is not a folder (a link is not written through)`);
  const f = kindOf(fixtures);
  if (f !== undefined && f !== 'dir') throw new UsageError(`${fixtures} is not a folder${f === 'symlink' ? ' but a symlink; skillc record does not write through links' : ''}`);
  const k = kindOf(dir);
  if (k === 'symlink') throw new UsageError(`${dir} is a symlink; skillc record does not replace or follow links`);
  if (k !== undefined && k !== 'dir') throw new UsageError(`${dir} exists and is not a folder`);
  if (k === 'dir' && !force) throw new UsageError(`the case folder ${dir} exists; pass --force to replace it`);
}

/** Writes the case into a fresh temporary folder next to `dir`. */
export function stageCase(dir: string, content: CaseContent): StagedCase {
  const fixtures = path.dirname(dir);
  if (kindOf(fixtures) === undefined) fs.mkdirSync(fixtures);
  const staged = fs.mkdtempSync(path.join(fixtures, '.record-'));
  try {
    // mkdtemp makes it private; the case folder gets the modes a folder made by hand would.
    fs.chmodSync(staged, 0o777 & ~process.umask());
    const put = (rel: string, text: string): void => {
      const problem = writeInside(staged, rel, text, 'case file');
      if (problem) throw new Error(problem.problem);
    };
    put('case.yaml', content.caseYaml);
    put('trace.jsonl', `${content.events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    for (const [rel, text] of content.files) put(rel, text);
    for (const [rel, text] of content.inputs) put(path.posix.join('inputs', rel), text);
  } catch (error) {
    fs.rmSync(staged, { recursive: true, force: true });
    throw error;
  }
  return { dir: staged };
}

/** The first file of the staged case still holding a redacted value (named by file, never by the value), or undefined. */
export function redactionLeftovers(dir: string, redactor: Redactor): string | undefined {
  const walk = (d: string): string | undefined => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isSymbolicLink()) return `${path.relative(dir, p)} is a link`;
      if (e.isDirectory()) {
        const found = walk(p);
        if (found) return found;
      } else if (e.isFile()) {
        const left = redactor.remaining(`${path.relative(dir, p)}\n${fs.readFileSync(p, 'utf8')}`);
        if (left.length) return `${path.relative(dir, p).split(path.sep).join('/')} still holds ${left.length} redacted value${left.length === 1 ? '' : 's'}`;
      }
    }
    return undefined;
  };
  return walk(dir);
}

/** Renames the staged case into place; an existing one (checked by caseTarget) is set aside first and removed after. */
export function commitCase(staged: StagedCase, dir: string, force: boolean): void {
  const kind = kindOf(dir);
  if (kind === undefined) {
    fs.renameSync(staged.dir, dir);
    return;
  }
  if (kind !== 'dir' || !force) throw new UsageError(`the case folder ${dir} exists; pass --force to replace it`);
  const old = `${staged.dir}-old`;
  fs.renameSync(dir, old);
  try {
    fs.renameSync(staged.dir, dir);
  } catch (error) {
    fs.renameSync(old, dir);
    throw error;
  }
  // rmSync removes links as links: nothing outside the old case is touched.
  fs.rmSync(old, { recursive: true, force: true });
}

export function discardCase(staged: StagedCase): void {
  fs.rmSync(staged.dir, { recursive: true, force: true });
}
