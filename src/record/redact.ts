/**
 * Nothing personal leaves a recording. Before anything is written, every text of the case goes
 * through one Redactor: the skill's folder becomes `{skill}`, the project folder `{run}`, the
 * home folder `~` (the rehearsal expands the first two to its own folders, so commands still
 * work); user names (from the home folder, `ls -l` owners and git's `Name <e-mail>` lines) and
 * e-mail addresses become REDACTED_USER and REDACTED_EMAIL; credentials of the shapes
 * `security/secret` knows, `Authorization` header values and passwords in URLs become
 * REDACTED_SECRET; the values of `.env`-like files REDACTED_ENV; images inlined as base64 data URIs
 * REDACTED_IMAGE. Every value replaced is kept,
 * and `mustNotRemain` gives them to the check that re-reads the written case.
 */
import { trimEndOf } from '../core/strings.js';
import { credentialSpans } from '../rules/security/secret-shapes.js';

export type RedactionKind = 'skill path' | 'project path' | 'home path' | 'user name' | 'e-mail' | 'credential' | 'authorization header' | 'password in a URL' | '.env value' | 'base64 image';

/** Account names that say nothing about a person (and the placeholders public logs already carry). */
const GENERIC_NAMES = new Set(['user', 'USER', 'root', 'admin', 'ubuntu', 'runner', 'nobody', 'me', 'home', 'ec2-user', 'staff', 'users', 'wheel', 'node', 'app', 'vscode', 'codespace', 'rehearsal']);

const RESERVED_DOMAIN = /@(?:[\w-]+\.)*(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/i;
const EMAIL = /(?<![\w.%+-])[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?![\w-])/g;
/** `Name <e-mail>`, as git writes authors, committers and trailers. */
const NAME_EMAIL = /(?:^|[\n:,(][^\S\n]*)([A-Z][\p{L}.'-]+(?: [\p{L}][\p{L}.'-]*){0,3}) <[^<>\s@]+@[^<>\s]+>/gu;
const LS_OWNER = /^[-dlcbps][rwxsStT-]{9}[@+.]?\s+\d+\s+(\S+)\s+(\S+)\s+\d/gm;
/**
 * An `Authorization` header and its value. The value ends where a token cannot go on: `=` only as
 * base64 padding at its end (`tok=Name` is the value `tok`, so the name is still found), and never
 * into a next header (`…tok=Authorization: Bearer …` is two values, the second not swallowed).
 */
const AUTHORIZATION = /\b((?:Proxy-)?Authorization\s*[:=]\s*(?:(?:Bearer|Basic|Token|token|Digest|Bot|Negotiate)\s*)?)((?:(?!(?:Proxy-)?Authorization\b)[^\s"'`,;:=]){6,}(?:=+(?!\w))?)/gi;
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@"']+:)([^\s@/"']+)(@)/gi;
/** An image inlined as a data URI (a screenshot pasted into a prompt, a tool's output): its bytes never reach a case. */
const DATA_IMAGE = /\bdata:image\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]{16,}/g;
// A line is read from its start only (`^` under `m`), and `.*` runs to the line's end, so no suffix makes the name's `:` backtrack.
// eslint-disable-next-line regexp/no-super-linear-backtracking -- the name and the separator share `:`; within one line, bounded as said above
const ENV_LINE = /^([^\S\n\r\u2028\u2029]*(?:\d+[:-])?(?:export\s+)?[A-Za-z_./-][A-Za-z0-9_./:-]*\s*[=:]\s*)(\S.*)$/gm;

/**
 * A file whose content is secrets by convention: `.env`, `.env.local`, `prod.env`, `.envrc`, `.npmrc`,
 * `.netrc`, `.pypirc`, `credentials`; not the templates committed beside them (`.env.example`,
 * `.env.sample`, `.env.template`, `.env.dist`), which hold none.
 */
export const ENV_FILE = /(?:^|[\\/\s'"])(?:\.env(?:\.(?![\w.-]*\b(?:example|sample|template|dist)\b)[\w.-]+)?|[\w.-]+\.env|\.envrc|\.npmrc|\.netrc|\.pypirc|\.pgpass|credentials(?:\.json)?)(?=$|[\s'"|;&)])/;

/**
 * Where a name starts and ends: not inside a longer word (a user `mark` is not redacted in
 * `bookmark`), but a placeholder next to it is a boundary (`REDACTED_SECRETZoraida`, a token
 * replaced right before a name, still has the name found). The placeholders are spelt out, so the
 * look-behind costs the same wherever it is tried.
 */
const PLACEHOLDER = 'REDACTED_(?:SECRET|ENV|EMAIL|USER|IMAGE)';
const NAME_START = `(?:(?<![\\p{L}\\p{N}_])|(?<=${PLACEHOLDER}))`;
const NAME_END = `(?:(?![\\p{L}\\p{N}_])|(?=${PLACEHOLDER}))`;
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Most values learnt of each kind (names, secrets, .env values), so the cost of redacting stays
 * bounded on a hostile log; a value past the limit is still caught by its shape, and the re-read
 * of the written case fails closed on anything left.
 */
const MAX_LEARNT = 1000;

export interface RedactionFacts {
  skillDir?: string;
  project?: string;
  home?: string;
}

/** The home folder a path lies in (`/home/alice`, `/Users/alice`, `/root`), from any path the session shows. */
export function homeOf(p: string | undefined): string | undefined {
  const m = p && /^(\/(?:home|Users)\/[^/]+|\/root)(?=\/|$)/.exec(p);
  return m ? m[1] : undefined;
}

export class Redactor {
  readonly counts: Partial<Record<RedactionKind, number>> = {};
  private readonly values = new Set<string>();
  private readonly paths: { find: string; replace: string; kind: RedactionKind }[] = [];
  private readonly names = new Set<string>();
  private namePattern: RegExp | undefined;
  /** Values of `.env`-like files long enough to be secrets: redacted wherever they appear. */
  private readonly envValues = new Set<string>();
  /** Secret values learnt before redacting, by kind: redacted wherever they appear. */
  private readonly secrets = new Map<string, RedactionKind>();
  /** `secrets`, longest first; made again when a secret is learnt. */
  private secretOrder: [string, RedactionKind][] | undefined;

  constructor(facts: RedactionFacts) {
    const add = (find: string | undefined, replace: string, kind: RedactionKind): void => {
      if (find && find !== '/' && find.length > 1) this.paths.push({ find: trimEndOf(find, '/'), replace, kind });
    };
    add(facts.skillDir, '{skill}', 'skill path');
    add(facts.project, '{run}', 'project path');
    add(facts.home, '~', 'home path');
    // Longest first: the skill may lie in the project, the project in the home folder.
    this.paths.sort((a, b) => b.find.length - a.find.length);
    const user = facts.home?.split('/').pop();
    if (user) this.addName(user);
  }

  /** A person's name or account name to redact wherever it stands as a word. */
  addName(name: string): void {
    const n = name.trim();
    if (n.length < 2 || GENERIC_NAMES.has(n) || /^REDACTED_/.test(n) || /^\d+$/.test(n)) return;
    if (this.names.has(n) || this.names.size >= MAX_LEARNT) return;
    this.names.add(n);
    this.namePattern = undefined;
  }

  /**
   * Learns what a text shows before anything is redacted: names (git's `Name <e-mail>` lines, `ls -l`
   * owners) and secret values, so a value found in one text is redacted in every other as well.
   */
  learn(text: string): void {
    const secret = (value: string, kind: RedactionKind): void => {
      if (this.secrets.size >= MAX_LEARNT || /^REDACTED_/.test(value) || this.secrets.has(value)) return;
      this.secrets.set(value, kind);
      this.secretOrder = undefined;
    };
    for (const span of credentialSpans(text)) secret(text.slice(span.start, span.end), 'credential');
    for (const m of text.matchAll(AUTHORIZATION)) secret(m[2]!, 'authorization header');
    for (const m of text.matchAll(URL_PASSWORD)) secret(m[2]!, 'password in a URL');
    for (const m of text.matchAll(NAME_EMAIL)) this.addName(m[1]!);
    for (const m of text.matchAll(LS_OWNER)) {
      this.addName(m[1]!);
      if (m[2] === m[1]) this.addName(m[2]!);
    }
  }

  /** Learns the values of a `.env`-like file's text, so they are redacted wherever else they appear too. */
  learnEnv(text: string): void {
    for (const m of text.matchAll(ENV_LINE)) {
      const value = m[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
      if (value.length >= 8 && this.envValues.size < MAX_LEARNT && !/^REDACTED_/.test(value) && !/^#/.test(m[1]!.trim())) this.envValues.add(value);
    }
  }

  private count(kind: RedactionKind, value: string): void {
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
    if (value.length >= 4 || kind === 'user name') this.values.add(value);
  }

  /** A text with everything personal replaced. */
  text(input: string): string {
    let s = input;
    // Longest first: a value learnt may hold a shorter one (`tok/` and `tok/Name`), and replacing the
    // short one first would leave the rest of the long one, a name in it included, unredacted.
    this.secretOrder ??= [...this.secrets].sort((a, b) => b[0].length - a[0].length);
    for (const [value, kind] of this.secretOrder) {
      if (value.length < 6 || !s.includes(value)) continue;
      s = s.split(value).join('REDACTED_SECRET');
      this.count(kind, value);
    }
    // Credentials first: a token may hold a path-like or name-like part.
    const spans = credentialSpans(s);
    if (spans.length) {
      let out = '';
      let at = 0;
      for (const span of spans) {
        if (span.start < at) continue;
        out += s.slice(at, span.start) + 'REDACTED_SECRET';
        this.count('credential', s.slice(span.start, span.end));
        at = span.end;
      }
      s = out + s.slice(at);
    }
    for (const value of this.envValues) {
      if (!s.includes(value)) continue;
      s = s.split(value).join('REDACTED_ENV');
      this.count('.env value', value);
    }
    s = s.replace(DATA_IMAGE, (m) => {
      this.counts['base64 image'] = (this.counts['base64 image'] ?? 0) + 1;
      return `${m.slice(0, m.indexOf(',') + 1)}REDACTED_IMAGE`;
    });
    s = s.replace(AUTHORIZATION, (_m, head: string, value: string) => {
      if (/^REDACTED_/.test(value)) return `${head}${value}`;
      this.count('authorization header', value);
      return `${head}REDACTED_SECRET`;
    });
    s = s.replace(URL_PASSWORD, (_m, head: string, value: string, at: string) => {
      this.count('password in a URL', value);
      return `${head}REDACTED_SECRET${at}`;
    });
    for (const p of this.paths) {
      if (!s.includes(p.find)) continue;
      // A path only where it is whole: `/home/al` is not redacted inside `/home/alice`.
      s = s.replace(new RegExp(`${escape(p.find)}(?![\\w.-])`, 'g'), () => {
        this.count(p.kind, p.find);
        return p.replace;
      });
    }
    s = s.replace(EMAIL, (email) => {
      // `git@github.com:org/repo` is an SSH remote, and the domains reserved for examples (RFC 2606) hold no one.
      if (/^git@/.test(email) || RESERVED_DOMAIN.test(email)) return email;
      this.count('e-mail', email);
      return 'REDACTED_EMAIL';
    });
    if (this.names.size) {
      this.namePattern ??= new RegExp(`${NAME_START}(?:${[...this.names].sort((a, b) => b.length - a.length).map(escape).join('|')})${NAME_END}`, 'gu');
      s = s.replace(this.namePattern, (name) => {
        this.count('user name', name);
        return 'REDACTED_USER';
      });
    }
    return s;
  }

  /** The text of a `.env`-like file: each value replaced, the keys kept. */
  envText(input: string): string {
    return this.text(input).replace(ENV_LINE, (_m, key: string, value: string) => {
      if (/^REDACTED_/.test(value) || value.trim() === '' || /^#/.test(key.trim())) return `${key}${value}`;
      this.counts['.env value'] = (this.counts['.env value'] ?? 0) + 1;
      return `${key}REDACTED_ENV`;
    });
  }

  /** Any JSON value, strings (keys too) redacted. */
  value<T>(v: T): T {
    if (typeof v === 'string') return this.text(v) as T;
    if (Array.isArray(v)) return v.map((x: unknown) => this.value(x)) as T;
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [this.text(k), this.value(x)])) as T;
    return v;
  }

  /**
   * The redacted values still in a text (none may be in the written case), matched as redaction
   * matches them: a path only where it is whole, a name only as a word.
   */
  remaining(text: string): string[] {
    const left: string[] = [];
    for (const p of this.paths) if (new RegExp(`${escape(p.find)}(?![\\w.-])`).test(text)) left.push(p.find);
    for (const n of this.names) if (new RegExp(`${NAME_START}${escape(n)}${NAME_END}`, 'u').test(text)) left.push(n);
    for (const v of this.values) if (!this.names.has(v) && !this.paths.some((p) => p.find === v) && text.includes(v)) left.push(v);
    return left;
  }
}
