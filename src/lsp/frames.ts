import { Transform, type TransformCallback } from 'node:stream';

/** The largest message body accepted: a SKILL.md is at most 4 MiB, sent as JSON (escaped, as UTF-8). */
export const MAX_LSP_BODY = 64 * 1024 * 1024;
const MAX_HEADER = 8192;
const HEADER_START = /content-length:/gi;

/**
 * Checks the LSP framing (`Content-Length: N\r\n\r\n` + N bytes of JSON) before vscode-jsonrpc
 * reads it. vscode-jsonrpc trusts the header: a missing or non-numeric length left the rest of
 * the stream misparsed, and a length larger than the body waited for bytes that never came, so
 * one bad message wedged the connection. Here a bad frame is reported (`onProblem`) and dropped,
 * and reading resumes at the next `Content-Length:` header; good frames pass through unchanged.
 */
export class FrameGuard extends Transform {
  private buf: Buffer = Buffer.alloc(0);
  /** While waiting for a body: where the search for a following header resumes. */
  private scanFrom = 0;
  /** After a bad frame: bytes are dropped until a `Content-Length:` header starts. */
  private hunting = false;

  constructor(private readonly onProblem: (why: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    this.drain();
    callback();
  }

  private drain(): void {
    for (;;) {
      if (this.hunting) {
        const next = this.nextHeader(0);
        if (next < 0) {
          // Keep what could be the start of a header split across chunks.
          this.buf = this.buf.subarray(Math.max(0, this.buf.length - 14));
          return;
        }
        this.buf = this.buf.subarray(next);
        this.hunting = false;
      }
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (this.buf.length <= MAX_HEADER) return;
        this.resync(`a header longer than ${MAX_HEADER} bytes`, 1);
        continue;
      }
      const header = this.buf.subarray(0, end).toString('latin1');
      const m = /^content-length:[ \t]*(\d{1,12})[ \t]*$/im.exec(header);
      const length = m ? Number(m[1]) : Number.NaN;
      if (!m || length > MAX_LSP_BODY) {
        this.resync(m ? `a Content-Length of ${length}, more than ${MAX_LSP_BODY}` : `a header without a valid Content-Length (${JSON.stringify(header.slice(0, 80))})`, end + 4);
        continue;
      }
      const bodyStart = end + 4;
      if (this.buf.length < bodyStart + length) {
        // A length larger than the body: if a complete JSON body is followed by the next header, the length lied.
        const next = this.nextHeader(Math.max(bodyStart, this.scanFrom));
        if (next >= 0 && isJson(this.buf.subarray(bodyStart, next))) {
          this.resync(`a Content-Length of ${length} that does not match its body`, next);
          continue;
        }
        this.scanFrom = Math.max(bodyStart, this.buf.length - 20);
        return;
      }
      const body = this.buf.subarray(bodyStart, bodyStart + length);
      if (!isJson(body)) {
        this.resync(`a body that is not JSON (a Content-Length of ${length} that does not match it?)`, bodyStart);
        continue;
      }
      this.push(this.buf.subarray(0, bodyStart + length));
      this.buf = this.buf.subarray(bodyStart + length);
      this.scanFrom = 0;
    }
  }

  /** Offset of the next `Content-Length:` at or after `from`, or -1. */
  private nextHeader(from: number): number {
    const text = this.buf.toString('latin1');
    HEADER_START.lastIndex = from;
    const m = HEADER_START.exec(text);
    return m ? m.index : -1;
  }

  /** Reports the bad frame, drops it up to `from`, and hunts for the next header from there. */
  private resync(why: string, from: number): void {
    this.onProblem(why);
    this.buf = this.buf.subarray(from);
    this.scanFrom = 0;
    this.hunting = true;
  }
}

function isJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
