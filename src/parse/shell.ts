/**
 * Shell scripts, parsed by mvdan/sh (the parser behind shfmt, as the `mvdan-sh`
 * package: synchronous, POSIX sh / bash / mksh dialects, exact error positions),
 * turned into the few facts the rules and the rehearsal need: every pipeline
 * with the shell options in effect where it runs and whether anything reads its
 * exit status, and every simple command with its words.
 *
 * Why mvdan-sh and not sh-syntax or tree-sitter-bash: see docs/architecture.md.
 */
import { createRequire } from 'node:module';

/** A dialect mvdan/sh parses: POSIX sh (sh, dash), bash, or mksh (ksh). */
export type ShellDialect = 'posix' | 'bash' | 'mksh';

export interface ShellWord {
  /** The word with quotes removed; substitutions kept as `$(…)`, parameters as written. */
  value: string;
  /** Offsets in the parsed text (UTF-16, as JavaScript strings count). */
  start: number;
  end: number;
  /** True when any part of the word was quoted or escaped. */
  quoted: boolean;
  /** True when the word holds no expansion (parameter, substitution, arithmetic). */
  literal: boolean;
  /** Commands inside the word's `$(…)`, backticks and `<(…)`, at any depth. */
  inner: ShellCommand[];
  /** True when the word is a process substitution `<(…)` / `>(…)`. */
  procSubst: boolean;
}

export interface ShellRedirect {
  op: string;
  /** The file descriptor written before the operator (`2` in `2>/dev/null`), when there is one. */
  fd?: string;
  target?: ShellWord;
  /** A heredoc's body (`<<EOF` … `EOF`), as offsets in the parsed text; the delimiter is `target`, quoted when the body is not expanded. */
  heredoc?: { start: number; end: number };
}

export interface ShellCommand {
  /** `simple` for a command with words; `compound` for a loop, group, subshell, `[[ ]]`... */
  kind: 'simple' | 'compound';
  /** Arguments, the command name first (assignments and redirections left out). */
  words: ShellWord[];
  /** Names assigned before the command (`A=1 cmd`), or by an assignment-only command. */
  assigns: string[];
  redirects: ShellRedirect[];
  start: number;
  end: number;
}

export interface ShellPipeline {
  /** One command, or the commands joined by `|` / `|&`, in order. */
  commands: ShellCommand[];
  start: number;
  end: number;
  /** `set -e` (errexit) is in effect here and this is not a place where the shell ignores it. */
  errexit: boolean;
  /** `set -o pipefail` is in effect here. */
  pipefail: boolean;
  /** The status is tested: an `if`/`while`/`until` condition, `!`, the left of `&&`/`||`, or `$?` next. */
  tested: boolean;
  /** `|| true` (or `|| :`) discards the status. */
  ignored: boolean;
  /** Inside a command substitution or process substitution. */
  substituted: boolean;
  /** Its output goes into a variable the next statement tests for emptiness (`x=$(a | b)` then `[ -z "$x" ]`). */
  outputChecked: boolean;
}

export interface ShellSyntaxError {
  /** The parser's own message, e.g. "`&&` must be followed by a statement". */
  message: string;
  /** Offset in the parsed text. */
  offset: number;
}

export interface ParsedShell {
  dialect: ShellDialect;
  /** Every pipeline (single commands included), substitutions too, in source order. Empty on a syntax error. */
  pipelines: ShellPipeline[];
  /** Every simple command, in source order. */
  commands: ShellCommand[];
  /** True when the script reads `PIPESTATUS` (bash) or `pipestatus` (zsh). */
  readsPipestatus: boolean;
  /** True when some statement runs in the background (`cmd &`). */
  background: boolean;
  error?: ShellSyntaxError;
}

export interface ShellOptions {
  /** Options already on when the script starts (from its shebang line, `#!/bin/bash -e`). */
  errexit?: boolean;
  pipefail?: boolean;
}

/* mvdan-sh is GopherJS output: nodes are objects with Go field names and methods, untyped here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GoNode = any;
interface SyntaxApi {
  NewParser(...options: unknown[]): { Parse(src: string, name: string): GoNode };
  Variant(lang: unknown): unknown;
  KeepComments(keep: boolean): unknown;
  LangBash: unknown;
  LangPOSIX: unknown;
  LangMirBSDKorn: unknown;
}

let api: SyntaxApi | undefined;
const parsers = new Map<ShellDialect, { Parse(src: string, name: string): GoNode }>();
/** Loaded on first use: the GopherJS bundle takes ~60 ms to evaluate, and most runs lint no script. */
function syntaxApi(): SyntaxApi {
  api ??= sharedWork(() => (createRequire(import.meta.url)('mvdan-sh') as { syntax: SyntaxApi }).syntax);
  return api;
}

type Wrap = <T>(fn: () => T) => T;
let sharedWork: Wrap = (fn) => fn();

/**
 * Wraps the work done once for every rule that reads shell: loading the parser, and parsing a script
 * file (parseShellFile keeps each tree). The lint's per-rule timing (TIMING=1) puts it under a key of
 * its own, as it does the reading of bundled files, rather than under whichever rule asked first.
 */
export function wrapSharedShellWork(wrap: Wrap): void {
  sharedWork = wrap;
}

/*
 * The tree is read through GopherJS's internal objects (`__internal_object__`):
 * every access through the public wrappers converts the Go value to JavaScript
 * again (about 0.1 ms a node, 30x the parse itself on real scripts). Inside,
 * a struct is an object with its Go field names, a slice is
 * `{ $array, $offset, $length }`, a string holds UTF-8 bytes as char codes, a
 * position is `{ offs }` from the node's own `Pos()`/`End()`, and the type is
 * `constructor.string` (`*syntax.CallExpr`). mvdan-sh is pinned, so this layout
 * is fixed; test/parse/shell.test.ts checks it.
 */
function items(slice: GoNode): GoNode[] {
  if (!slice || !slice.$array || !slice.$length) return [];
  return slice.$array.slice(slice.$offset, slice.$offset + slice.$length);
}

function isNil(node: GoNode): boolean {
  return !node || typeof node !== 'object' || node === node.constructor?.nil || typeof node.constructor?.string !== 'string';
}

function typeOf(node: GoNode): string {
  return isNil(node) ? 'none' : String(node.constructor.string).replace(/^\*syntax\./, '');
}

function goString(value: unknown): string {
  const v = typeof value === 'string' ? value : '';
  // eslint-disable-next-line no-control-regex -- any character outside ASCII, NUL included
  return /[^\x00-\x7f]/.test(v) ? Buffer.from(v, 'latin1').toString('utf8') : v;
}

/** Calls `visit` on every node under `node` (itself included) until it returns false for a subtree. */
function walk(node: GoNode, visit: (node: GoNode, type: string) => boolean): void {
  if (isNil(node)) return;
  const type = typeOf(node);
  if (!type.length || !visit(node, type)) return;
  for (const key of Object.keys(node)) {
    if (key === '$val') continue;
    const value = node[key];
    if (!value || typeof value !== 'object') continue;
    if (value.$array) for (const child of items(value)) walk(child, visit);
    else if (typeof value.constructor?.string === 'string' && value.constructor.string.startsWith('*syntax.')) walk(value, visit);
  }
}

const BINARY_OPS: Readonly<Record<number, string>> = { 10: '&&', 11: '||', 12: '|', 13: '|&' };
const REDIRECT_OPS: Readonly<Record<number, string>> = { 54: '>', 55: '>>', 56: '<', 57: '<>', 58: '<&', 59: '>&', 60: '>|', 61: '<<', 62: '<<-', 63: '<<<', 64: '&>', 65: '&>>' };

/** Maps the parser's byte offsets (UTF-8) to string offsets; the identity for ASCII text. */
function offsetMap(text: string): (byte: number) => number {
  const bytes = Buffer.byteLength(text);
  if (bytes === text.length) return (b) => b;
  const map = new Uint32Array(bytes + 1);
  let b = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    for (let k = 0; k < size; k++) map[b + k] = i;
    b += size;
    if (code >= 0x10000) i++;
  }
  map[bytes] = text.length;
  return (byte) => map[Math.min(Math.max(byte, 0), bytes)]!;
}

const LANG: Readonly<Record<ShellDialect, 'LangPOSIX' | 'LangBash' | 'LangMirBSDKorn'>> = { posix: 'LangPOSIX', bash: 'LangBash', mksh: 'LangMirBSDKorn' };

/** Parses a script; never throws. A syntax error (or nesting too deep to parse) comes back as `error`. */
export function parseShell(text: string, dialect: ShellDialect, options: ShellOptions = {}): ParsedShell {
  const out: ParsedShell = { dialect, pipelines: [], commands: [], readsPipestatus: false, background: false };
  const sh = syntaxApi();
  const at = offsetMap(text);
  let file: GoNode;
  try {
    // A parser resets on each Parse; making one costs more than parsing a short snippet.
    let parser = parsers.get(dialect);
    if (!parser) parsers.set(dialect, (parser = sh.NewParser(sh.Variant(sh[LANG[dialect]]), sh.KeepComments(false))));
    file = parser.Parse(text, '').__internal_object__;
  } catch (error) {
    out.error = syntaxErrorOf(error, at);
    return out;
  }
  try {
    new Walker(text, at, out, options).list(file.Stmts, { tested: false, exempt: false, ignored: false, substituted: false, errexitOff: false, lastTested: true });
    if (/pipestatus/i.test(text)) {
      walk(file, (node, type) => {
        if (type === 'ParamExp' && /^(?:PIPESTATUS|pipestatus)$/.test(goString(node.Param?.Value))) out.readsPipestatus = true;
        return !out.readsPipestatus;
      });
    }
  } catch (error) {
    // A stack overflow walking hostile nesting the parser accepted: report no facts rather than half.
    if (!(error instanceof RangeError)) throw error;
    out.pipelines = [];
    out.commands = [];
    out.error = { message: 'nested too deeply to check', offset: 0 };
    return out;
  }
  out.pipelines.sort((a, b) => a.start - b.start);
  out.commands.sort((a, b) => a.start - b.start);
  return out;
}

function syntaxErrorOf(error: unknown, at: (byte: number) => number): ShellSyntaxError {
  if (error instanceof RangeError) return { message: 'nested too deeply to parse', offset: 0 };
  const e = error as GoNode;
  const offset = typeof e?.Pos?.Offset === 'function' ? at(e.Pos.Offset()) : 0;
  const raw = typeof e?.Text === 'string' ? e.Text : typeof e?.Error === 'function' ? String(e.Error()) : String(error);
  // LangError and the like carry no Text: their Error() is "name:line:col: message".
  return { message: raw.replace(/^(?:[^:\n]*:)?\d+:\d+: /, ''), offset };
}

interface Context {
  /** Something reads the status of the statement being walked. */
  tested: boolean;
  /** The shell ignores `set -e` here (a condition, the left of `&&`/`||`, after `!`). */
  exempt: boolean;
  /** `|| true` follows. */
  ignored: boolean;
  substituted: boolean;
  /** errexit is off here whatever `set` said (a bash command substitution). */
  errexitOff: boolean;
  outputChecked?: boolean;
  /** The last statement of this list has its status read (the script's top level). */
  lastTested?: boolean;
  /** The statement that runs after the list being walked ends (after an `if`'s body, the statement after `fi`). */
  after?: GoNode;
}

/** `set`/`shopt`/`setopt` arguments that turn errexit or pipefail on (true) or off (false). */
function optionChanges(name: string, args: readonly string[]): { errexit?: boolean; pipefail?: boolean } {
  const out: { errexit?: boolean; pipefail?: boolean } = {};
  const named = (option: string, on: boolean): void => {
    const o = option.toLowerCase().replace(/_/g, '');
    if (o === 'errexit') out.errexit = on;
    if (o === 'pipefail') out.pipefail = on;
  };
  if (name === 'set') {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '--' || !/^[-+][A-Za-z]+$/.test(a)) break;
      const on = a.startsWith('-');
      if (a.slice(1).includes('e')) out.errexit = on;
      if (a.slice(1).includes('o') && args[i + 1] !== undefined) named(args[++i]!, on);
    }
  } else if (name === 'shopt' && args.some((a) => /^-[su]*o[su]*$/.test(a))) {
    const on = args.some((a) => /^-[a-z]*s/.test(a));
    for (const a of args) if (!a.startsWith('-')) named(a, on);
  } else if (name === 'setopt' || name === 'unsetopt') {
    for (const a of args) named(a.replace(/^no_?(?=pipe|err)/i, ''), name === 'setopt' !== /^no_?/i.test(a));
  }
  return out;
}

function offsetsOf(text: string, pattern: RegExp): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(pattern)) out.push(m.index);
  return out;
}

/** True when a sorted list holds an offset in [start, end). */
function anyWithin(sorted: readonly number[], start: number, end: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo]! < end;
}

class Walker {
  private errexit: boolean;
  private pipefail: boolean;
  constructor(
    private readonly text: string,
    private readonly at: (byte: number) => number,
    private readonly out: ParsedShell,
    options: ShellOptions,
  ) {
    this.errexit = options.errexit ?? false;
    this.pipefail = options.pipefail ?? false;
    this.statusReads = offsetsOf(text, /\$(?:\?|\{\?\})/g);
    this.substitutions = offsetsOf(text, /\$\(|`|[<>]\(/g);
  }

  /** Where the text reads `$?` and where a substitution may start: asked for every statement, so looked up, not rescanned. */
  private readonly statusReads: number[];
  private readonly substitutions: number[];

  private start(node: GoNode): number {
    return this.at(node.Pos().offs);
  }

  private end(node: GoNode): number {
    return this.at(node.End().offs);
  }

  list(slice: GoNode, ctx: Context): void {
    const stmts = items(slice);
    const n = stmts.length;
    for (let i = 0; i < n; i++) {
      const next = i + 1 < n ? stmts[i + 1] : ctx.after;
      // The last statement of a script is its exit status, which the caller reads.
      const readsStatus = next !== undefined ? this.readsStatus(next) : ctx.lastTested === true;
      let here: Context = readsStatus ? { ...ctx, tested: true } : ctx;
      if (next !== undefined && this.testsOutput(stmts[i], next)) here = { ...here, outputChecked: true };
      this.stmt(stmts[i], { ...here, lastTested: false, after: next });
    }
  }

  /**
   * True when `stmt` only assigns variables and `next` starts by testing one of
   * them for emptiness (`[ -z "$x" ]`, `[[ -n $x ]]`) or giving it a default
   * (`${x:-fallback}`): the script handles a failed producer through its output.
   */
  private testsOutput(stmt: GoNode, next: GoNode): boolean {
    const cmd = stmt.Cmd;
    if (typeOf(cmd) !== 'CallExpr' || items(cmd.Args).length) return false;
    const names: string[] = items(cmd.Assigns).map((a: GoNode) => goString(a.Name?.Value)).filter(Boolean);
    const from = this.start(next);
    const eol = this.text.indexOf('\n', from);
    const head = this.text.slice(from, Math.min(eol === -1 ? this.text.length : eol, this.end(next)));
    if (!/-[zn]\s|\$\{/.test(head)) return false;
    return names.some((name) => head.includes(name) && new RegExp(String.raw`-[zn]\s+"?\$\{?${name}\b|\$\{${name}:?[-=]`).test(head));
  }

  /** True when a statement reads `$?` (by its text: walking the tree for it costs more than the parse). */
  private readsStatus(stmt: GoNode): boolean {
    return anyWithin(this.statusReads, this.start(stmt), this.end(stmt));
  }

  /** True when a node's text may hold a command or process substitution, the only places commands hide in words. */
  private mayRun(node: GoNode): boolean {
    return anyWithin(this.substitutions, this.start(node), this.end(node));
  }

  private stmt(stmt: GoNode, ctx: Context): void {
    const cmd = stmt.Cmd;
    if (stmt.Background || stmt.Coprocess) this.out.background = true;
    const here = stmt.Negated ? { ...ctx, tested: true, exempt: true } : ctx;
    if (isNil(cmd)) {
      for (const r of items(stmt.Redirs)) this.redirect(r, here);
      return;
    }
    const type = typeOf(cmd);
    if (type === 'BinaryCmd') {
      const op = BINARY_OPS[cmd.Op as number];
      if (op === '&&' || op === '||') {
        const ignores = op === '||' && this.discardsStatus(cmd.Y);
        this.stmt(cmd.X, ignores ? { ...here, tested: false, exempt: true, ignored: true } : { ...here, tested: true, exempt: true, ignored: false });
        this.stmt(cmd.Y, here);
        return;
      }
      this.pipeline(stmt, here);
      return;
    }
    this.pipeline(stmt, here);
  }

  /** `|| true`, `|| :` and `|| exit 0` discard the left side's status. */
  private discardsStatus(stmt: GoNode): boolean {
    const cmd = stmt.Cmd;
    if (typeOf(cmd) !== 'CallExpr' || items(stmt.Redirs).length) return false;
    const words = items(cmd.Args).map((w: GoNode) => (items(w.Parts).every((p) => typeOf(p) === 'Lit') ? items(w.Parts).map((p) => goString(p.Value)).join('') : ''));
    return words[0] === 'true' || words[0] === ':' || (words[0] === 'exit' && words[1] === '0' && words.length === 2);
  }

  /** A statement that is one command or a `|` pipeline of them. */
  private pipeline(stmt: GoNode, ctx: Context): void {
    const parts: GoNode[] = [];
    const flatten = (s: GoNode): void => {
      const c = s.Cmd;
      if (typeOf(c) === 'BinaryCmd' && (BINARY_OPS[c.Op as number] === '|' || BINARY_OPS[c.Op as number] === '|&')) {
        flatten(c.X);
        flatten(c.Y);
      } else parts.push(s);
    };
    flatten(stmt);
    const entry: ShellPipeline = {
      commands: [],
      start: this.start(stmt),
      end: this.end(stmt),
      errexit: this.errexit && !ctx.exempt && !ctx.errexitOff,
      pipefail: this.pipefail,
      tested: ctx.tested,
      ignored: ctx.ignored,
      substituted: ctx.substituted,
      outputChecked: ctx.outputChecked === true,
    };
    this.out.pipelines.push(entry);
    // What runs inside a pipeline's commands has no reader of its own status.
    const inner: Context = { ...ctx, tested: false, ignored: false, after: undefined };
    for (const part of parts) entry.commands.push(this.command(part, parts.length === 1 ? ctx : inner));
  }

  private command(stmt: GoNode, ctx: Context): ShellCommand {
    const cmd = stmt.Cmd;
    const inner: Context = { ...ctx, tested: false, ignored: false };
    const command: ShellCommand = { kind: 'compound', words: [], assigns: [], redirects: [], start: this.start(stmt), end: this.end(stmt) };
    const type = typeOf(cmd);
    switch (type) {
      case 'CallExpr': {
        command.kind = 'simple';
        const args = items(cmd.Args);
        // `x=$(a | b)` has the status of its substitution: whoever reads the one reads the other.
        const substCtx: Context = args.length ? { ...inner, substituted: true, errexitOff: this.bashSubstitution() } : { ...ctx, substituted: true };
        for (const a of items(cmd.Assigns)) {
          command.assigns.push(goString(a.Name?.Value));
          this.nested(a, substCtx, args.length > 0);
        }
        for (let i = 0; i < args.length; i++) command.words.push(this.word(args[i], substCtx));
        this.options(command.words);
        this.out.commands.push(command);
        break;
      }
      case 'Block':
      case 'Subshell':
        this.scoped(type === 'Subshell', () => this.list(cmd.Stmts, inner));
        break;
      case 'IfClause':
        for (let clause = cmd; !isNil(clause); clause = clause.Else) {
          this.condition(clause.Cond, ctx);
          this.list(clause.Then, inner);
        }
        break;
      case 'WhileClause':
        this.condition(cmd.Cond, ctx);
        this.list(cmd.Do, inner);
        break;
      case 'ForClause':
        this.nested(cmd.Loop, { ...inner, substituted: true, errexitOff: this.bashSubstitution() });
        this.list(cmd.Do, inner);
        break;
      case 'CaseClause':
        this.nested(cmd.Word, { ...inner, substituted: true, errexitOff: this.bashSubstitution() });
        for (const item of items(cmd.Items)) this.list(item.Stmts, inner);
        break;
      case 'FuncDecl':
        // A body runs when called; the options in effect then are unknown, so it is walked as if called here.
        this.stmt(cmd.Body, { tested: false, exempt: false, ignored: false, substituted: false, errexitOff: false });
        break;
      case 'TimeClause':
      case 'CoprocClause':
        if (!isNil(cmd.Stmt)) this.stmt(cmd.Stmt, ctx);
        break;
      case 'DeclClause':
        // `local x=$(a | b)`: the status is local's, so the substitution's is lost.
        this.nested(cmd, { ...inner, substituted: true, errexitOff: this.bashSubstitution() });
        break;
      default:
        if (!isNil(cmd)) this.nested(cmd, { ...inner, substituted: true, errexitOff: this.bashSubstitution() });
    }
    for (const r of items(stmt.Redirs)) command.redirects.push(this.redirect(r, inner));
    return command;
  }

  /** Bash clears errexit inside command substitutions unless POSIX mode or inherit_errexit; other shells keep it. */
  private bashSubstitution(): boolean {
    return this.out.dialect === 'bash';
  }

  private condition(slice: GoNode, ctx: Context): void {
    const stmts = items(slice);
    const n = stmts.length;
    for (let i = 0; i < n; i++) this.stmt(stmts[i], { ...ctx, tested: i === n - 1 || ctx.tested, exempt: true, ignored: false });
  }

  /** Runs `body` with the options saved and restored: a subshell's `set` does not leak out. */
  private scoped(isolated: boolean, body: () => void): void {
    const saved = [this.errexit, this.pipefail] as const;
    body();
    if (isolated) [this.errexit, this.pipefail] = saved;
  }

  private options(words: readonly ShellWord[]): void {
    if (!words.length || !words[0]!.literal) return;
    const changes = optionChanges(words[0]!.value, words.slice(1).map((w) => w.value));
    if (changes.errexit !== undefined) this.errexit = changes.errexit;
    if (changes.pipefail !== undefined) this.pipefail = changes.pipefail;
  }

  private redirect(r: GoNode, ctx: Context): ShellRedirect {
    const out: ShellRedirect = { op: REDIRECT_OPS[r.Op as number] ?? '?' };
    const fd = isNil(r.N) ? '' : goString(r.N.Value);
    if (fd) out.fd = fd;
    const subst = { ...ctx, tested: false, ignored: false, substituted: true };
    if (!isNil(r.Word)) out.target = this.word(r.Word, subst);
    if (!isNil(r.Hdoc)) {
      const body = this.word(r.Hdoc, subst);
      out.heredoc = { start: body.start, end: body.end };
    }
    return out;
  }

  /** Walks the substitutions inside any node (a word, an assignment, `[[ ]]`, arithmetic). */
  private nested(node: GoNode, ctx: Context, clearsErrexit = true): ShellCommand[] {
    const found: ShellCommand[] = [];
    if (isNil(node) || !this.mayRun(node)) return found;
    walk(node, (n, type) => {
      if (type !== 'CmdSubst' && type !== 'ProcSubst') return true;
      const before = this.out.commands.length;
      this.scoped(true, () => this.list(n.Stmts, { ...ctx, after: clearsErrexit ? undefined : ctx.after, substituted: true, errexitOff: ctx.errexitOff || (clearsErrexit && type === 'CmdSubst' && this.bashSubstitution()) }));
      found.push(...this.out.commands.slice(before));
      return false;
    });
    return found;
  }

  private word(w: GoNode, ctx: Context): ShellWord {
    const word: ShellWord = { value: '', start: this.start(w), end: this.end(w), quoted: false, literal: true, inner: [], procSubst: false };
    for (const part of items(w.Parts)) this.part(part, word, ctx, false);
    return word;
  }

  private part(p: GoNode, word: ShellWord, ctx: Context, inDouble: boolean): void {
    const type = typeOf(p);
    switch (type) {
      case 'Lit': {
        const v = goString(p.Value);
        if (v.includes('\\')) word.quoted = true;
        word.value += inDouble ? v.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c)) : v.replace(/\\(\n|.)/gs, (_m, c: string) => (c === '\n' ? '' : c));
        break;
      }
      case 'SglQuoted':
        word.quoted = true;
        word.value += goString(p.Value);
        break;
      case 'DblQuoted': {
        word.quoted = true;
        for (const inner of items(p.Parts)) this.part(inner, word, ctx, true);
        break;
      }
      case 'CmdSubst':
      case 'ProcSubst':
        word.literal = false;
        word.procSubst ||= type === 'ProcSubst';
        word.value += type === 'ProcSubst' ? `${this.text.slice(this.start(p), this.start(p) + 1)}(…)` : '$(…)';
        word.inner.push(...this.nested(p, ctx));
        break;
      default:
        // Parameters, arithmetic, globs: kept as written; substitutions inside them still run.
        word.literal = false;
        word.value += this.text.slice(this.start(p), this.end(p));
        word.inner.push(...this.nested(p, ctx));
    }
  }
}

function basename(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** Wrappers that run the command after them, with the options that take a value. */
const WRAPPERS: Readonly<Record<string, { withValue: string; operands?: number }>> = {
  command: { withValue: '' },
  builtin: { withValue: '' },
  exec: { withValue: 'a' },
  nohup: { withValue: '' },
  time: { withValue: 'fo' },
  sudo: { withValue: 'ugprCDhT' },
  doas: { withValue: 'uC' },
  env: { withValue: 'uCS' },
  nice: { withValue: 'n' },
  timeout: { withValue: 'sk', operands: 1 },
  xargs: { withValue: 'IiLlnPsdaE' },
  stdbuf: { withValue: 'ioe' },
};

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The command a simple command runs (basename, wrappers such as `sudo` or `env` skipped) and its arguments. */
export function commandOf(command: ShellCommand): { name: string; nameWord: ShellWord; args: ShellWord[] } | undefined {
  const words = command.words;
  let i = 0;
  while (i < words.length) {
    const name = basename(words[i]!.value);
    const wrapper = WRAPPERS[name];
    if (!wrapper || words[i]!.quoted) return { name, nameWord: words[i]!, args: words.slice(i + 1) };
    i++;
    while (i < words.length) {
      const v = words[i]!.value;
      if (v === '--') {
        i++;
        break;
      }
      if (name === 'env' && ASSIGNMENT.test(v)) {
        i++;
      } else if (v.startsWith('-') && v.length > 1) {
        if (!v.startsWith('--') && v.length === 2 && wrapper.withValue.includes(v[1]!)) i++;
        i++;
      } else break;
    }
    i += wrapper.operands ?? 0;
  }
  return undefined;
}

export type ShellKind = 'bash' | 'sh' | 'dash' | 'zsh' | 'ksh' | 'mksh';

const SHELLS = new Set<string>(['bash', 'sh', 'dash', 'zsh', 'ksh', 'mksh']);

/** The interpreter a shebang names (`#!/bin/bash`, `#!/usr/bin/env -S bash -e`), or undefined. */
export function shebangProgram(text: string): { program: string; line: string } | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith('#!', start)) return undefined;
  const end = text.indexOf('\n', start);
  const line = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
  const parts = line.slice(2).trim().split(/\s+/);
  let i = 0;
  let program = (parts[i] ?? '').replace(/^.*\//, '');
  if (program === 'env') {
    i++;
    while (i < parts.length && (parts[i]!.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(parts[i]!))) i++;
    program = (parts[i] ?? '').replace(/^.*\//, '');
  }
  return { program, line };
}

/**
 * The shell a bundled file is written for: its shebang when it names sh, bash,
 * dash, ksh, mksh or zsh; bash for a `.sh`/`.bash` file without one (agents run those with
 * `bash script.sh`). A shebang naming another interpreter wins over the extension.
 */
export function shellOf(relPath: string, text: string): ShellKind | undefined {
  const shebang = shebangProgram(text);
  if (shebang) return SHELLS.has(shebang.program) ? (shebang.program as ShellKind) : undefined;
  return /\.(?:sh|bash)$/i.test(relPath) ? 'bash' : undefined;
}

/** The dialect to parse a script in for the shell that runs it; undefined for one mvdan/sh cannot parse (zsh, fish). */
export function dialectOf(shell: string): ShellDialect | undefined {
  if (shell === 'sh' || shell === 'dash' || shell === 'ash' || shell === 'posix') return 'posix';
  if (shell === 'bash') return 'bash';
  if (shell === 'ksh' || shell === 'mksh' || shell === 'lksh') return 'mksh';
  return undefined;
}

/**
 * Parses a snippet from documentation (a code block, a code span): the whole
 * text when it parses, else each line (with its `\` continuations) that does,
 * so one placeholder such as `<file>` does not hide the commands around it;
 * `wanted` skips the lines a caller has no use for (parsing costs).
 */
export function parseShellSnippet(text: string, wanted: (line: string) => boolean = () => true): ParsedShell {
  const whole = parseShell(text, 'bash');
  if (!whole.error) return whole;
  const out: ParsedShell = { dialect: 'bash', pipelines: [], commands: [], readsPipestatus: whole.readsPipestatus, background: false };
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const from = offset;
    let chunk = lines[i]!;
    while (/\\\r?$/.test(chunk) && i + 1 < lines.length) chunk += `\n${lines[++i]!}`;
    offset += chunk.length + 1;
    if (!chunk.trim() || !wanted(chunk)) continue;
    const part = parseShell(chunk, 'bash');
    if (part.error) continue;
    out.background ||= part.background;
    const shift = <T extends { start: number; end: number }>(x: T): void => {
      x.start += from;
      x.end += from;
    };
    for (const c of part.commands) {
      shift(c);
      c.words.forEach(shift);
      for (const r of c.redirects) {
        if (r.target) shift(r.target);
        if (r.heredoc) shift(r.heredoc);
      }
    }
    part.pipelines.forEach(shift);
    out.pipelines.push(...part.pipelines);
    out.commands.push(...part.commands);
  }
  return out;
}

const parses = new WeakMap<object, Map<string, ParsedShell>>();

/** `parseShell` once per file object and dialect: several rules read the same script. */
export function parseShellFile(file: { readonly text: string }, dialect: ShellDialect, options: ShellOptions = {}): ParsedShell {
  let byKey = parses.get(file);
  if (!byKey) parses.set(file, (byKey = new Map()));
  const key = `${dialect} ${options.errexit ? 'e' : ''}${options.pipefail ? 'p' : ''}`;
  let parsed = byKey.get(key);
  if (!parsed) byKey.set(key, (parsed = sharedWork(() => parseShell(file.text, dialect, options))));
  return parsed;
}
