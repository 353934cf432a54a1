/**
 * A rough shell lexer and command splitter, enough for lint rules that look at
 * command names, arguments and pipelines. It knows quotes, escapes, comments,
 * line continuations, heredocs, `$(...)`, backticks, `${...}`, `[[ ... ]]` and
 * `case` patterns; it is not a full POSIX grammar and never throws.
 */

export interface Word {
  kind: 'word';
  /** The word with quotes removed (substitutions kept as `$(…)`). */
  value: string;
  start: number;
  end: number;
  /** True when any part of the word was quoted or escaped. */
  quoted: boolean;
  /** True for the fd number of a redirection (`2` in `2>/dev/null`). */
  io?: boolean;
}

export interface Op {
  kind: 'op';
  value: string;
  start: number;
  end: number;
}

export type Token = Word | Op;

export interface Command {
  /** Words after leading keywords and assignments, redirections removed. */
  words: Word[];
  /** True for a compound command (`{ ...; }`, a loop, a subshell) feeding a pipe. */
  compound?: boolean;
}

export interface Pipeline {
  commands: Command[];
  start: number;
}

const OPS = [';;&', '<<<', '<<-', '&>>', '||', '|&', '&&', ';;', ';&', '<<', '>>', '<&', '>&', '<>', '>|', '&>', '|', '&', ';', '(', ')', '<', '>'];
const REDIRECTS = new Set(['<<<', '<<-', '&>>', '<<', '>>', '<&', '>&', '<>', '>|', '&>', '<', '>']);
const LEADING_KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', '{', 'time']);
const CLOSERS = new Set(['}', 'done', 'fi', 'esac']);
const MAX_NESTING = 64;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;

class Lexer {
  readonly lists: Token[][] = [];
  private depth = 0;
  constructor(private readonly src: string) {}

  /** Lexes commands from `pos` until `close` (for substitutions) or the end; returns the position after. */
  list(pos: number, close?: ')' | '`'): number {
    // Substitutions nest by recursion; hostile nesting gives up on the rest of the text.
    if (this.depth >= MAX_NESTING) return this.src.length;
    this.depth++;
    try {
      return this.listAt(pos, close);
    } finally {
      this.depth--;
    }
  }

  private listAt(pos: number, close: ')' | '`' | undefined): number {
    const src = this.src;
    const tokens: Token[] = [];
    this.lists.push(tokens);
    const heredocs: { delim: string; strip: boolean }[] = [];
    let heredocNext: boolean | undefined;
    while (pos < src.length) {
      const c = src[pos]!;
      if (c === close) return pos + 1;
      if (c === ' ' || c === '\t' || c === '\r') {
        pos++;
      } else if (c === '\\' && src[pos + 1] === '\n') {
        pos += 2;
      } else if (c === '\n') {
        tokens.push({ kind: 'op', value: '\n', start: pos, end: pos + 1 });
        pos = this.heredocBodies(pos + 1, heredocs.splice(0));
      } else if (c === '#') {
        while (pos < src.length && src[pos] !== '\n') pos++;
      } else {
        const op = (c === '<' || c === '>') && src[pos + 1] === '(' ? undefined : OPS.find((o) => src.startsWith(o, pos));
        if (op) {
          tokens.push({ kind: 'op', value: op, start: pos, end: pos + op.length });
          pos += op.length;
          if (op === '<<' || op === '<<-') heredocNext = op === '<<-';
          continue;
        }
        const word = this.word(pos, close);
        if (word.end === pos) {
          pos++; // a stray character the word reader refused; never loop
          continue;
        }
        if (heredocNext !== undefined) {
          heredocs.push({ delim: word.value, strip: heredocNext });
          heredocNext = undefined;
        }
        if (!word.quoted && /^\d+$/.test(word.value) && (src[word.end] === '<' || src[word.end] === '>')) word.io = true;
        tokens.push(word);
        pos = word.end;
      }
    }
    return pos;
  }

  private heredocBodies(pos: number, pending: { delim: string; strip: boolean }[]): number {
    const src = this.src;
    for (const doc of pending) {
      while (pos < src.length) {
        let end = src.indexOf('\n', pos);
        if (end === -1) end = src.length;
        let line = src.slice(pos, end).replace(/\r$/, '');
        if (doc.strip) line = line.replace(/^\t+/, '');
        pos = end + 1;
        if (line === doc.delim) break;
      }
    }
    return Math.min(pos, src.length);
  }

  private word(start: number, close: ')' | '`' | undefined): Word {
    const src = this.src;
    let pos = start;
    let value = '';
    let quoted = false;
    while (pos < src.length) {
      const c = src[pos]!;
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === close) break;
      if ((c === '<' || c === '>') && src[pos + 1] === '(') {
        pos = this.list(pos + 2, ')');
        value += `${c}(…)`;
        continue;
      }
      if ('|&;()<>'.includes(c)) break;
      if (c === '\\') {
        if (src[pos + 1] !== '\n') {
          value += src[pos + 1] ?? '';
          quoted = true;
        }
        pos += 2;
      } else if (c === "'") {
        const end = src.indexOf("'", pos + 1);
        const stop = end === -1 ? src.length : end;
        value += src.slice(pos + 1, stop);
        pos = stop + 1;
        quoted = true;
      } else if (c === '$' && src[pos + 1] === "'") {
        let i = pos + 2;
        while (i < src.length && src[i] !== "'") i += src[i] === '\\' ? 2 : 1;
        value += src.slice(pos + 2, i);
        pos = i + 1;
        quoted = true;
      } else if (c === '"') {
        pos = this.doubleQuoted(pos + 1, (s) => (value += s));
        quoted = true;
      } else if (c === '`') {
        pos = this.list(pos + 1, '`');
        value += '`…`';
      } else if (c === '$' && src[pos + 1] === '(') {
        pos = this.substitution(pos);
        value += '$(…)';
      } else if (c === '$' && src[pos + 1] === '{') {
        const end = this.braces(pos + 1);
        value += src.slice(pos, end);
        pos = end;
      } else {
        value += c;
        pos++;
      }
    }
    return { kind: 'word', value, start, end: Math.min(pos, src.length), quoted };
  }

  private doubleQuoted(pos: number, append: (s: string) => void): number {
    const src = this.src;
    while (pos < src.length) {
      const c = src[pos]!;
      if (c === '"') return pos + 1;
      if (c === '\\') {
        const next = src[pos + 1] ?? '';
        append('$`"\\\n'.includes(next) ? (next === '\n' ? '' : next) : `\\${next}`);
        pos += 2;
      } else if (c === '`') {
        pos = this.list(pos + 1, '`');
        append('`…`');
      } else if (c === '$' && src[pos + 1] === '(') {
        pos = this.substitution(pos);
        append('$(…)');
      } else if (c === '$' && src[pos + 1] === '{') {
        const end = this.braces(pos + 1);
        append(src.slice(pos, end));
        pos = end;
      } else {
        append(c);
        pos++;
      }
    }
    return pos;
  }

  /** `$(...)` is lexed as nested commands; `$((...))` is arithmetic and skipped. */
  private substitution(pos: number): number {
    if (this.src[pos + 2] !== '(') return this.list(pos + 2, ')');
    let depth = 0;
    for (let i = pos + 1; i < this.src.length; i++) {
      const c = this.src[i];
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i + 1;
    }
    return this.src.length;
  }

  private braces(pos: number): number {
    let depth = 0;
    for (let i = pos; i < this.src.length; i++) {
      const c = this.src[i];
      if (c === '\\') i++;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return i + 1;
    }
    return this.src.length;
  }
}

/** Token lists of a script: the top level first, then each substitution's commands. */
export function lexShell(src: string): Token[][] {
  const lexer = new Lexer(src);
  let pos = 0;
  // A stray `)` or backtick at the top level ends `list`; resume after it.
  while (pos < src.length) pos = Math.max(lexer.list(pos), pos + 1);
  return lexer.lists;
}

/** Splits one token list into pipelines of simple commands. */
export function pipelinesOf(tokens: readonly Token[]): Pipeline[] {
  const out: Pipeline[] = [];
  let pipe: Command[] = [];
  let pipeStart = -1;
  let words: Word[] = [];
  let redirectTarget = false;
  let inTest = false;
  let compoundEnded = false;
  const cases: ('head' | 'pattern' | 'body')[] = [];
  const endCommand = (): void => {
    if (words.length) pipe.push({ words });
    words = [];
  };
  const endPipeline = (): void => {
    endCommand();
    if (pipe.length) out.push({ commands: pipe, start: pipeStart });
    pipe = [];
    pipeStart = -1;
  };
  for (const tok of tokens) {
    const state = cases[cases.length - 1];
    const afterCompound: boolean = compoundEnded;
    compoundEnded = false;
    if (state === 'pattern') {
      if (tok.kind === 'word' && tok.value === 'esac' && !tok.quoted) cases.pop();
      else if (tok.kind === 'op' && tok.value === ')') cases[cases.length - 1] = 'body';
      continue;
    }
    if (inTest) {
      if (tok.kind === 'word' && tok.value === ']]') inTest = false;
      continue;
    }
    if (tok.kind === 'word') {
      if (redirectTarget) {
        redirectTarget = false;
        compoundEnded = afterCompound; // `done < file | sort`
        continue;
      }
      if (tok.io) continue;
      if (!words.length && !tok.quoted) {
        if (LEADING_KEYWORDS.has(tok.value)) continue;
        if (CLOSERS.has(tok.value)) {
          if (tok.value === 'esac' && state === 'body') cases.pop();
          compoundEnded = true;
          continue;
        }
        if (ASSIGNMENT.test(tok.value)) continue;
        if (tok.value === '[[') inTest = true;
        if (tok.value === 'case') cases.push('head');
      }
      if (state === 'head' && tok.value === 'in' && !tok.quoted) {
        endPipeline();
        cases[cases.length - 1] = 'pattern';
        continue;
      }
      if (pipeStart < 0) pipeStart = tok.start;
      words.push(tok);
      continue;
    }
    // A redirection without a target (`<target>` placeholders in docs) targets nothing.
    redirectTarget = false;
    if (tok.value === '|' || tok.value === '|&') {
      if (afterCompound && !words.length && !pipe.length) {
        pipe.push({ words: [], compound: true });
        if (pipeStart < 0) pipeStart = tok.start;
      }
      endCommand();
    } else if (REDIRECTS.has(tok.value)) {
      redirectTarget = true;
      compoundEnded = afterCompound;
    } else {
      endPipeline();
      if (tok.value === ')') compoundEnded = true;
      if ((tok.value === ';;' || tok.value === ';&' || tok.value === ';;&') && state === 'body') cases[cases.length - 1] = 'pattern';
    }
  }
  endPipeline();
  return out;
}

/** Every pipeline of a script, substitutions included, in source order. */
export function shellPipelines(src: string): Pipeline[] {
  return lexShell(src)
    .flatMap((tokens) => pipelinesOf(tokens))
    .sort((a, b) => a.start - b.start);
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
  env: { withValue: 'uCS' },
  nice: { withValue: 'n' },
  timeout: { withValue: 'sk', operands: 1 },
  xargs: { withValue: 'IiLlnPsdaE' },
  stdbuf: { withValue: 'ioe' },
};

/** The command's name (basename, wrappers such as `sudo` or `env` skipped) and its arguments. */
export function commandOf(command: Command): { name: string; nameWord: Word; args: Word[] } | undefined {
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
