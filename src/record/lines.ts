/**
 * Session logs are JSON Lines, and can be huge (a long session with large tool outputs runs to
 * gigabytes): they are read as a stream, one line at a time, and a line longer than the limit is
 * skipped without being held (its length is counted, not its bytes), so memory stays bounded
 * whatever the file. The file is opened without following a link and refused unless it is a
 * regular file (a FIFO would block, a device never end).
 */
import fs from 'node:fs';

/** Longest line kept; a longer one is reported by its number and skipped. */
export const MAX_SESSION_LINE = 64 << 20;

export class SessionError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
  ) {
    super(line !== undefined ? `${file}:${line}: ${message}` : `${file}: ${message}`);
    this.name = 'SessionError';
  }
}

export interface RawLine {
  /** 1-based line number. */
  n: number;
  /** The line's text, or undefined when it was longer than the limit. */
  text?: string;
  /** Bytes of a line that was too long. */
  size?: number;
  /** The file's last line had no line break: it may have been cut while the agent was writing it. */
  unterminated?: boolean;
}

/** Opens a session file for reading: a regular file reached without a link on its last component. */
export function openSessionFile(file: string): number {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SessionError(code === 'ELOOP' ? 'is a symlink; skillc record does not follow links' : code === 'ENOENT' ? 'not found' : `cannot be read (${code})`, file);
  }
  const st = fs.fstatSync(fd);
  if (!st.isFile()) {
    fs.closeSync(fd);
    throw new SessionError(st.isDirectory() ? 'is a folder' : 'is not a regular file (a FIFO, socket or device)', file);
  }
  return fd;
}

/** The lines of a session file, streamed; the descriptor is closed at the end (or when the caller stops early). */
export async function* sessionLines(file: string, maxLine = MAX_SESSION_LINE): AsyncGenerator<RawLine> {
  const fd = openSessionFile(file);
  const stream = fs.createReadStream('', { fd, highWaterMark: 1 << 20 });
  let parts: Buffer[] = [];
  let size = 0;
  let n = 0;
  const take = (): RawLine => {
    n++;
    if (size > maxLine) {
      const line = { n, size };
      parts = [];
      size = 0;
      return line;
    }
    const text = Buffer.concat(parts, size).toString('utf8').replace(/\r$/, '');
    parts = [];
    size = 0;
    return { n, text };
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
        const piece = chunk.subarray(from, nl);
        if (size + piece.length <= maxLine) parts.push(piece);
        size += piece.length;
        from = nl + 1;
        yield take();
      }
      const rest = chunk.subarray(from);
      if (rest.length) {
        // Beyond the limit only the length is kept: a line of gigabytes costs no memory.
        if (size + rest.length <= maxLine) parts.push(Buffer.from(rest));
        size += rest.length;
      }
    }
    if (size > 0) yield { ...take(), unterminated: true };
  } finally {
    stream.destroy();
  }
}

export interface JsonLine {
  n: number;
  value: Record<string, unknown>;
}

export interface LineProblems {
  /** Lines that are not a JSON object, by number (a few kept for the message). */
  bad: { n: number; why: string }[];
  badCount: number;
  /** The last line was cut short (no line break, and not valid JSON). */
  truncatedLast?: number;
  tooLong: { n: number; size: number }[];
  lines: number;
}

export const emptyProblems = (): LineProblems => ({ bad: [], badCount: 0, tooLong: [], lines: 0 });

/**
 * The JSON objects of a session file, in order. Blank lines are skipped; a line that is not a JSON
 * object is counted in `problems` (with its number) and skipped, so one damaged line does not lose
 * the session; the caller decides what is too much damage.
 */
export async function* jsonLines(file: string, problems: LineProblems, maxLine = MAX_SESSION_LINE): AsyncGenerator<JsonLine> {
  for await (const raw of sessionLines(file, maxLine)) {
    problems.lines = raw.n;
    if (raw.text === undefined) {
      problems.tooLong.push({ n: raw.n, size: raw.size ?? 0 });
      continue;
    }
    if (raw.text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw.text);
    } catch (error) {
      if (raw.unterminated) problems.truncatedLast = raw.n;
      else {
        problems.badCount++;
        if (problems.bad.length < 5) problems.bad.push({ n: raw.n, why: error instanceof Error ? error.message : String(error) });
      }
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.badCount++;
      if (problems.bad.length < 5) problems.bad.push({ n: raw.n, why: 'not a JSON object' });
      continue;
    }
    yield { n: raw.n, value: value as Record<string, unknown> };
  }
}
