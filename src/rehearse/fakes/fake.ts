/**
 * What a capture fake is, and the little runtime the fakes share. A capture
 * fake stands in for something that reaches the outside world (a program such
 * as `curl`, or a node API such as `fetch`): it records what would have been
 * sent as a capture and sends nothing.
 *
 * The modules of this folder are compiled to dist/rehearse/fakes/ and copied
 * into each sandbox, where node runs them (sandbox.ts `installFakes`). So they
 * import only node's built-ins and each other, and importing one does nothing
 * but define it (test/rehearse/fakes.test.ts checks both); only the two
 * entries, `shim.ts` and `preload.ts`, act when loaded.
 *
 * Where captures go is fixed when the fakes are installed: `settings.json`,
 * written beside these modules in the sandbox's read-only `bin/`, names the
 * capture channel. Nothing is read from the environment, which the case's
 * own scripts control.
 */
import fs from 'node:fs';

/** One capture: what a fake recorded. */
export interface Capture {
  /** The effect id, e.g. `email.send`, `http.post`, `net.connect`. */
  effect: string;
  /** What recorded it: curl, sendmail, fetch, tool, ... */
  via: string;
  /** The step it happened in, when known. */
  step?: string;
  [key: string]: unknown;
}

export type Recorder = (capture: Capture) => void;

/** What `installFakes` writes beside the fakes: fixed for the sandbox's life. */
export interface FakeSettings {
  /** The capture channel (a FIFO skillc reads). */
  captureLog: string;
  /** The real git, which the git fake runs for everything but `push` and `send-email`. */
  realGit?: string;
}

export const SETTINGS_FILE = 'settings.json';

/** One call of a command fake. */
export interface CommandCall {
  /** The name it was called by (`mailx`, `nc`), one of the fake's `names`. */
  name: string;
  args: string[];
  record: Recorder;
  /** Standard input, read once on first use (empty when it cannot be read). */
  stdin(): string;
  /** A file the command was told to read (`-d @body.json`), as UTF-8. */
  readFile(file: string): string;
  settings: FakeSettings;
}

/** A program on PATH (and, under bubblewrap, bound over the real one). */
export interface CommandFake {
  kind: 'command';
  /** The program names it stands in for. */
  names: readonly string[];
  /** Records the call; returns the exit status. */
  run(call: CommandCall): number;
}

/** A node API replaced in every node process of the case (through the `--import` preload). */
export interface NodeFake {
  kind: 'node';
  /** What it replaces, for messages and docs: `fetch`, `http`, `net`. */
  name: string;
  install(record: Recorder): void;
}

export type CaptureFake = CommandFake | NodeFake;

/** The settings beside the fake modules (`dir`: where they were installed). */
export function readSettings(dir: URL): FakeSettings {
  return JSON.parse(fs.readFileSync(new URL(SETTINGS_FILE, dir), 'utf8')) as FakeSettings;
}

/** Appends captures to the channel as JSON lines; one write a capture, so lines of concurrent writers do not interleave below the pipe's atomic size. */
export function recorder(captureLog: string): Recorder {
  return (capture) => fs.appendFileSync(captureLog, `${JSON.stringify(capture)}\n`);
}

/** The value of an option at `args[i]`: `--flag=value` inline, else the next argument. Returns it and the index of the last argument used. */
export function optionValue(args: readonly string[], i: number): [string, number] {
  const a = args[i]!;
  const eq = a.indexOf('=');
  return a.startsWith('--') && eq > 0 ? [a.slice(eq + 1), i] : [args[i + 1] ?? '', i + 1];
}

/** `--flag=value` as `--flag`; anything else as it is. */
export const flagOf = (a: string): string => (a.startsWith('--') && a.includes('=') ? a.slice(0, a.indexOf('=')) : a);
