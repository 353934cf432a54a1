/**
 * The registry of capture fakes: the one list of them. Adding a fake is a
 * module of this folder (a `CommandFake` or a `NodeFake`, see fake.ts) and one
 * line here; the sandbox puts every command fake on PATH and over the real
 * program, and the node preload installs every node fake
 * (docs/architecture.md, "Adding a capture fake").
 */
import { curl } from './curl.js';
import type { CaptureFake, CommandFake, NodeFake } from './fake.js';
import { fetchFake } from './fetch.js';
import { git } from './git.js';
import { httpFake } from './http.js';
import { mail } from './mail.js';
import { netFake } from './net.js';
import { netcat } from './netcat.js';
import { ssh } from './ssh.js';
import { wget } from './wget.js';

export const CAPTURE_FAKES: readonly CaptureFake[] = [
  curl,
  wget,
  mail,
  ssh,
  netcat,
  git,
  fetchFake,
  httpFake,
  netFake,
];

export const COMMAND_FAKES: readonly CommandFake[] = CAPTURE_FAKES.filter((f): f is CommandFake => f.kind === 'command');
export const NODE_FAKES: readonly NodeFake[] = CAPTURE_FAKES.filter((f): f is NodeFake => f.kind === 'node');

/** Every program name a command fake stands in for. */
export const FAKED_PROGRAMS: readonly string[] = COMMAND_FAKES.flatMap((f) => f.names);
