import { Transform, type TransformCallback } from 'node:stream';

/** The largest message body accepted: a SKILL.md is at most 4 MiB, sent as JSON (escaped, as UTF-8). */
export const MAX_LSP_BODY = 64 * 1024 * 1024;
/**
 * The deepest nesting of arrays and objects accepted in a message: LSP messages nest about ten
 * deep (a document's text is one string, whatever it holds). A message of a million nested
 * objects crashed the server with a stack overflow in the JSON-RPC layer (issue #24).
 */
export const MAX_JSON_DEPTH = 512;
const MAX_HEADER = 8192;
const HEADER = 'content-length:';
const HEADER_START = /content-length:/gi;

/** Why a frame was refused, and whether the client is owed a JSON-RPC error for it (the frame held a request we could not read). */
export interface FrameProblem {
  why: string;
  /** Set for a complete frame whose body is not JSON, or nests too deep: JSON-RPC's code for it. */
  reply?: { code: number; message: string };
}

/**
 * Checks the LSP framing (`Content-Length: N\r\n\r\n` + N bytes of JSON) before vscode-jsonrpc
 * reads it. vscode-jsonrpc trusts the header: a missing or non-numeric length left the rest of
 * the stream misparsed, and a length larger than the body waited for bytes that never came, so
 * one bad message wedged the connection. Here a bad frame is reported (`onProblem`) and dropped,
 * and reading resumes at the next `Content-Length:` header; good frames pass through unchanged.
 *
 * Linear in the bytes (issue #24): a body is copied once into a buffer of its announced length
 * and scanned once, as it arrives, for its nesting depth (brackets outside strings) and for the
 * end of its JSON value; a header is looked for only in new bytes. Re-joining and re-searching
 * the whole buffer at each chunk made a 32 MB document sent in chunks take 33 s.
 */
export class FrameGuard extends Transform {
  /** Reading a header: its bytes so far. */
  private header = Buffer.alloc(MAX_HEADER + 4);
  private headerLength = 0;
  /** Reading a body: its buffer (of the announced length), how much is in, and its scan. */
  private body: { bytes: Buffer; filled: number; headerBytes: Buffer; scan: JsonScan; after: number; settled: boolean } | undefined;
  /** A frame refused for its depth: its remaining bytes are skipped, not kept. */
  private skipping = 0;
  /** After a bad frame: bytes are dropped until a `Content-Length:` header starts; `tail` keeps a header split across chunks. */
  private hunting = false;
  private tail = '';

  constructor(private readonly onProblem: (problem: FrameProblem) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.feed(chunk);
    callback();
  }

  private feed(input: Buffer): void {
    let chunk = input;
    while (chunk.length) {
      if (this.skipping) {
        const n = Math.min(this.skipping, chunk.length);
        this.skipping -= n;
        chunk = chunk.subarray(n);
      } else if (this.hunting) {
        chunk = this.hunt(chunk);
      } else if (this.body) {
        chunk = this.readBody(chunk);
      } else {
        chunk = this.readHeader(chunk);
      }
    }
  }

  /** Drops bytes up to the next `Content-Length:` (which it returns the stream from), or all of them. */
  private hunt(chunk: Buffer): Buffer {
    const text = this.tail + chunk.toString('latin1');
    HEADER_START.lastIndex = 0;
    const m = HEADER_START.exec(text);
    if (!m) {
      // Keep what could be the start of a header split across chunks.
      this.tail = text.slice(-(HEADER.length - 1));
      return Buffer.alloc(0);
    }
    this.hunting = false;
    const tail = this.tail;
    this.tail = '';
    // The header may have begun in the kept tail: give those bytes back before the chunk's.
    return m.index < tail.length ? Buffer.concat([Buffer.from(tail.slice(m.index), 'latin1'), chunk]) : chunk.subarray(m.index - tail.length);
  }

  private readHeader(chunk: Buffer): Buffer {
    const room = this.header.length - this.headerLength;
    const take = Math.min(room, chunk.length);
    chunk.copy(this.header, this.headerLength, 0, take);
    const searchFrom = Math.max(0, this.headerLength - 3);
    this.headerLength += take;
    const end = this.header.subarray(0, this.headerLength).indexOf('\r\n\r\n', searchFrom);
    if (end < 0) {
      if (this.headerLength <= MAX_HEADER) return chunk.subarray(take);
      // Too long for a header: hunt for the next one from the second byte of what we have.
      const kept = Buffer.concat([this.header.subarray(1, this.headerLength), chunk.subarray(take)]);
      this.headerLength = 0;
      this.resync(`a header longer than ${MAX_HEADER} bytes`);
      return kept;
    }
    const consumed = end + 4 - (this.headerLength - take);
    const rest = chunk.subarray(consumed);
    const headerBytes = Buffer.from(this.header.subarray(0, end + 4));
    this.headerLength = 0;
    const text = headerBytes.subarray(0, end).toString('latin1');
    const m = /^content-length:[ \t]*(\d{1,12})[ \t]*$/im.exec(text);
    const length = m ? Number(m[1]) : Number.NaN;
    if (!m || length > MAX_LSP_BODY) {
      this.resync(m ? `a Content-Length of ${length}, more than ${MAX_LSP_BODY}` : `a header without a valid Content-Length (${JSON.stringify(text.slice(0, 80))})`);
      return rest;
    }
    this.body = { bytes: Buffer.allocUnsafe(length), filled: 0, headerBytes, scan: new JsonScan(), after: -1, settled: false };
    if (length === 0) return this.finishBody(rest);
    return rest;
  }

  private readBody(chunk: Buffer): Buffer {
    const body = this.body!;
    const take = Math.min(body.bytes.length - body.filled, chunk.length);
    const from = body.filled;
    chunk.copy(body.bytes, from, 0, take);
    body.filled += take;
    body.scan.feed(body.bytes, from, body.filled);
    if (body.scan.depthExceeded) {
      const length = body.bytes.length;
      this.body = undefined;
      this.skipping = length - body.filled;
      this.onProblem({ why: `a message nested deeper than ${MAX_JSON_DEPTH} levels`, reply: { code: -32600, message: `Invalid Request: a message nested deeper than ${MAX_JSON_DEPTH} levels` } });
      return chunk.subarray(take);
    }
    // A length larger than the body: a complete JSON value followed by the next header means the length lied.
    // The bytes after the value are read once: blanks skipped, then one look at the header's length of bytes.
    if (body.scan.valueEnd >= 0 && !body.settled && body.filled < body.bytes.length) {
      if (body.after < 0) body.after = body.scan.valueEnd;
      while (body.after < body.filled && isBlank(body.bytes[body.after]!)) body.after++;
      if (body.filled - body.after >= HEADER.length) {
        body.settled = true;
        if (body.bytes.subarray(body.after, body.after + HEADER.length).toString('latin1').toLowerCase() === HEADER) {
          this.body = undefined;
          this.onProblem({ why: `a Content-Length of ${body.bytes.length} that does not match its body` });
          // Read on from the next header, with the bytes after it.
          return Buffer.concat([body.bytes.subarray(body.after, body.filled), chunk.subarray(take)]);
        }
      }
    }
    if (body.filled < body.bytes.length) return chunk.subarray(take);
    return this.finishBody(chunk.subarray(take));
  }

  /** A body is complete: passed on when it is JSON, else reported and searched for the next header. */
  private finishBody(rest: Buffer): Buffer {
    const body = this.body!;
    this.body = undefined;
    if (!isJson(body.bytes)) {
      this.onProblem({
        why: `a body that is not JSON (a Content-Length of ${body.bytes.length} that does not match it?)`,
        reply: { code: -32700, message: 'Parse error: the message body is not JSON' },
      });
      this.hunting = true;
      this.tail = '';
      return Buffer.concat([body.bytes, rest]);
    }
    this.push(Buffer.concat([body.headerBytes, body.bytes]));
    return rest;
  }

  /** Reports a bad frame; the bytes that follow are searched for the next header. */
  private resync(why: string): void {
    this.onProblem({ why });
    this.hunting = true;
    this.tail = '';
  }
}

/**
 * One pass over a JSON text as its bytes arrive: the nesting depth of arrays and objects outside
 * strings (so a depth limit holds before anything parses it), and where its first value ends.
 */
class JsonScan {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private started = false;
  /** Set once the depth passed MAX_JSON_DEPTH. */
  depthExceeded = false;
  /** The offset after the first complete top-level array or object, or -1. */
  valueEnd = -1;

  feed(bytes: Buffer, from: number, to: number): void {
    if (this.valueEnd >= 0) return;
    for (let i = from; i < to; i++) {
      const c = bytes[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
        continue;
      }
      if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        this.started = true;
        if (++this.depth > MAX_JSON_DEPTH) {
          this.depthExceeded = true;
          return;
        }
      } else if (c === 0x7d || c === 0x5d) {
        this.depth--;
        if (this.started && this.depth <= 0) {
          this.valueEnd = i + 1;
          return;
        }
      }
    }
  }
}

/** JSON's white space: space, tab, LF, CR. */
function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
