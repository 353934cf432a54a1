import fs from 'node:fs';
import path from 'node:path';
import { sandboxProbe } from '../../src/rehearse/sandbox.js';
import { skillc, type Run } from '../rehearse/helpers.js';
import { tempDir } from '../helpers.js';

/** The record fixtures: real sessions (sessions/, each with its licence), synthetic ones (synthetic/), the stand-in project (project/). */
export const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'record');
export const sessions = path.join(fixtures, 'sessions');
export const synthetic = path.join(fixtures, 'synthetic');

/** A fresh copy of the stand-in project (skills-src/ with the skills the sessions invoke). */
export function project(): string {
  const dir = fs.realpathSync(tempDir('skillc-record-'));
  fs.cpSync(path.join(fixtures, 'project'), dir, { recursive: true });
  return dir;
}

/** `skillc record …` through the real CLI; where no sandbox works, the first rehearsal runs unsandboxed, as the rehearse tests do. */
export function record(args: string[], cwd: string): Promise<Run> {
  return skillc(['record', ...args, ...(sandboxProbe().ok || args.includes('--list') ? [] : ['--unsandboxed'])], cwd);
}

export { skillc };

export interface RecordJson {
  session: { agent: string; version?: string; invocations: { n: number; name: string; via: string }[]; turns: unknown[]; skipped: Record<string, number>; notes: string[] };
  cases: {
    dir: string;
    skill: string;
    stats: { commands: number; live: number; recorded: number; writes: number; tools: number; delegates: string[]; unmapped: string[]; dropped: Record<string, number>; seeded: string[]; unreconstructable: { path: string; why: string }[] };
    redacted: Record<string, number>;
    frontmatter: { effects: string[]; requires: string[]; written: boolean; lines: string[] };
    rehearsal: { verdict: string; ok: boolean; first?: string; captures: number };
  }[];
}

/** Every file under a folder with its text (links are reported, not followed). */
export function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), e.isSymbolicLink() ? `(link to ${fs.readlinkSync(p)})` : fs.readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}
