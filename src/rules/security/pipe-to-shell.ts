import path from 'node:path';
import { frontmatterData } from '../../model/queries.js';
import type { Heading, Skill } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { commandOf, parseShell, type ParsedShell, type ShellCommand, type ShellWord } from '../../parse/shell.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { parsedScript, shellScripts } from '../scripts/shared.js';
import { inRanges, show } from '../util.js';
import { addMentions, emptySignals, isReservedHost, productWords, riskyReason, urlsIn, vouchedBy, type InstallerUrl, type VendorSignals } from './installer-source.js';
import { scanTargets } from './shared.js';
import type { WorkMeter } from '../../model/work.js';

export interface Options {
  /** Hosts whose official installers a reference may show as a warning (`astral.sh`, `sh.rustup.rs`...). */
  vendors: string[];
}

/** Official installers that vendors document as `curl … | sh`; each is what the tool's own install page says. */
export const VENDOR_INSTALLERS = [
  'astral.sh', 'sh.rustup.rs', 'rustup.rs', 'mise.run', 'bun.sh', 'deno.land', 'get.chezmoi.io', 'moonrepo.dev', 'get.docker.com',
  'install.python-poetry.org', 'get.pnpm.io', 'fnm.vercel.app', 'get.sdkman.io', 'raw.githubusercontent.com/Homebrew/install',
  'raw.githubusercontent.com/nvm-sh/nvm', 'starship.rs', 'ollama.com', 'cli.github.com', 'sh.brew.sh', 'claude.ai/install.sh',
  // Vendor short links: only the vendor can make one (aka.ms is Microsoft's).
  'aka.ms',
];

const FETCH = String.raw`\b(?:curl|wget|aria2c|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b`;
const SHELL = String.raw`(?:(?:sudo|doas)\s+(?:-\S+\s+)*)?(?:env\s+(?:\S[^\s=]*=\S*\s+)*)?(?:/usr)?(?:/bin/)?(?:ba|z|k|da|fi|tc|c|a)?sh\b|python[0-9.]*\b|perl\b|ruby\b|node\b|php\b|iex\b|Invoke-Expression\b|pwsh\b|powershell\b`;
/**
 * Where to look: the shapes of a download run as code. The shell parser then says whether it really is one.
 * `needs` is a literal every match of the form holds (the forms that hold one are case-sensitive): a text
 * without it is not scanned for that form, which tries its start at every offset (issue 30).
 */
export const FORMS: readonly { re: RegExp; needs?: (text: string) => boolean }[] = [
  // curl … | sh, wget -O- … | sudo bash (a lone `|`, not `||`)
  { re: new RegExp(String.raw`${FETCH}[^\n|]{0,300}(?:(?<!\|)\|(?!\|)[^\n|]{0,300}){0,3}?(?<!\|)\|(?!\|)\s*(?:${SHELL})`, 'gi') },
  // bash <(curl …), source <(curl …), . <(wget …), bash -s < <(curl …)
  { re: new RegExp(String.raw`(?:\b(?:ba|z|k)?sh|\bsource|(?:^|[\s;&(])\.)\s+(?:-\S+\s+)*(?:<\s*)?<\(\s*${FETCH}`, 'gm'), needs: (text) => text.includes('<(') },
  // sh -c "$(curl …)", eval "$(wget …)", iex (iwr …)
  { re: new RegExp(String.raw`\b(?:(?:ba|z|k)?sh\s+(?:-\S+\s+)*-c|eval)\s+["']?(?:\$\(|\x60)\s*${FETCH}`, 'g'), needs: (text) => text.includes('-c') || text.includes('eval') },
  { re: new RegExp(String.raw`\b(?:iex|Invoke-Expression)\s*(?:\(\s*)?(?:\(\s*)?(?:New-Object\s+Net\.WebClient\)?\.DownloadString|${FETCH})`, 'gi') },
];

/** Downloaders, and PowerShell's (whose command names ignore case). */
const FETCHERS = new Set(['curl', 'wget', 'aria2c', 'iwr', 'irm', 'invoke-webrequest', 'invoke-restmethod', 'curl.exe', 'wget.exe']);
const isFetcher = (name: string | undefined): boolean => !!name && FETCHERS.has(name.toLowerCase());
const INTERPRETER = /^(?:(?:ba|z|k|da|fi|tc|c|a|mk)?sh|python[0-9.]*|perl|ruby|node|php|pwsh|powershell|bun|deno|iex|invoke-expression|pwsh\.exe|powershell\.exe)$/i;
const SHELLS = /^(?:ba|z|k|da|fi|tc|c|a|mk)?sh$/;
const POWERSHELL = /^(?:pwsh|powershell)(?:\.exe)?$/i;
/** A download run as code, written in PowerShell: `irm … | iex`, `iex (irm …)`, `iex ((New-Object Net.WebClient).DownloadString(…))`. */
const POWERSHELL_RUNS = /\b(?:irm|iwr|invoke-restmethod|invoke-webrequest|curl|wget)\b[^|;\n]*\|\s*(?:iex|invoke-expression)\b|\b(?:iex|invoke-expression)\s*(?:[([]\s*)*(?:irm|iwr|invoke-restmethod|invoke-webrequest|new-object\s+(?:system\.)?net\.webclient\)?\.downloadstring)\b/i;
/** Options that give the program some other way than stdin: `sh -c '…'`, `python3 -m json.tool`, `node -e`, `pwsh -File`. */
/** `-c` among short options (`-xc`); tested as letters plus a `c` (`/^-[A-Za-z]*c[A-Za-z]*$/` split a run of `c` every way). */
const SHELL_CODE = { test: (v: string): boolean => /^-[A-Za-z]+$/.test(v) && v.includes('c') };
const OTHER_CODE = /^(?:-[A-Za-z]*[cmeEprf]|--(?:command|eval|print|module|file)|-(?:Command|File|EncodedCommand))$/;

/** Attack vocabulary: a line, or the heading over it, that says the pattern is dangerous describes it. */
const DESCRIBES_ATTACK =
  /\b(?:attacks?|attackers?|malicious|malware|exploits?|vectors?|red[ -]flags?|dangerous|suspicious|unsafe|insecure|threats?|backdoors?|payloads?|anti-?patterns?|never (?:run|pipe|use|execute)|do not (?:run|pipe|use|execute)|don't (?:run|pipe|use|execute)|detect(?:s|ed|ion)?|block(?:s|ed)?|forbid(?:den|s)?)\b/i;

/** True when an interpreter command reads the program from stdin (`sh`, `bash -s -- x`, `python3 -`), not from a file or an option. */
function readsCodeFromStdin(name: string, args: readonly ShellWord[]): boolean {
  const shell = SHELLS.test(name);
  const elsewhere = shell ? SHELL_CODE : OTHER_CODE;
  for (const a of args) {
    const v = a.value;
    if (elsewhere.test(v)) return false;
    // `bash -s -- args`: the program still comes from stdin.
    if (v === '-' || (shell && /^-[A-Za-z]+$/.test(v) && v.includes('s'))) return true;
    if (v === '--' || !v.startsWith('-')) return false;
  }
  return true;
}

const fetches = (commands: readonly ShellCommand[]): boolean => commands.some((c) => isFetcher(commandOf(c)?.name));

/** The program a `sh -c '…'` / `powershell -Command "…"` runs, when it is written out (a literal word). */
function codeArgument(name: string, args: readonly ShellWord[]): ShellWord | undefined {
  const powershell = POWERSHELL.test(name);
  const i = args.findIndex((a) => (powershell ? /^-(?:c|command)$/i.test(a.value) : SHELLS.test(name) && SHELL_CODE.test(a.value)));
  const code = i < 0 ? undefined : args[i + 1];
  return code?.literal ? code : undefined;
}

/** True when a program given as text (a `-c` argument) runs a download as code; `depth` bounds nested `sh -c "sh -c …"`. */
function codeRunsDownload(name: string, code: string, depth: number): boolean {
  if (POWERSHELL.test(name)) return POWERSHELL_RUNS.test(code);
  if (depth > 2 || code.length > 10_000) return false;
  const inner = parseShell(code, 'bash');
  return !inner.error && downloadsRun(inner, depth + 1).length > 0;
}

/** Spans of the parsed text where a download runs as code, as the shell would run it. */
export function downloadsRun(parsed: ParsedShell, depth = 0): [number, number][] {
  const out: [number, number][] = [];
  for (const pipeline of parsed.pipelines) {
    const cmds = pipeline.commands;
    const first = cmds.findIndex((c) => isFetcher(commandOf(c)?.name));
    if (first < 0) continue;
    const runner = cmds.findIndex((c, i) => {
      const cmd = i > first ? commandOf(c) : undefined;
      return !!cmd && INTERPRETER.test(cmd.name) && readsCodeFromStdin(cmd.name, cmd.args);
    });
    if (runner > first) out.push([cmds[first]!.start, cmds[runner]!.end]);
  }
  for (const command of parsed.commands) {
    const cmd = commandOf(command);
    if (!cmd) continue;
    const evaluates = cmd.name === 'eval' || cmd.name === 'source' || cmd.name === '.';
    const shellish = INTERPRETER.test(cmd.name);
    const dashC = shellish && cmd.args.some((a) => (SHELLS.test(cmd.name) ? SHELL_CODE : OTHER_CODE).test(a.value));
    let found = false;
    for (const word of cmd.args) {
      if (!fetches(word.inner)) continue;
      // bash <(curl …), source <(curl …), sh -c "$(curl …)", eval "$(curl …)"
      if ((word.procSubst && (shellish || evaluates)) || (!word.procSubst && (evaluates || dashC))) found = true;
    }
    // bash -s < <(curl …): the program comes from stdin, and stdin from the download.
    if (shellish && readsCodeFromStdin(cmd.name, cmd.args) && command.redirects.some((r) => r.op === '<' && r.target?.procSubst && fetches(r.target.inner))) found = true;
    // sh -c 'curl … | sh', powershell -c "irm … | iex": the program is written out as text.
    const code = !found && shellish ? codeArgument(cmd.name, cmd.args) : undefined;
    if (code && codeRunsDownload(cmd.name, code.value, depth)) found = true;
    if (found) out.push([command.start, command.end]);
  }
  return out;
}

type Verdict = 'runs' | 'inert';

/**
 * The words of a parse with a lookup for the smallest one holding an offset. Words nest (a
 * `"$(curl x)"` holds the inner command's words) or are disjoint, so the innermost word holding
 * an offset is the one starting last at or before it, or one of that word's ancestors: sorted once,
 * each lookup is a binary search and a short climb, where a walk over every word made a line of
 * thousands of candidates quadratic (issue #24).
 */
interface WordIndex {
  at(offset: number): { word: ShellWord; command: ShellCommand } | undefined;
}

function wordIndex(parsed: ParsedShell): WordIndex {
  const all: { word: ShellWord; command: ShellCommand; parent: number }[] = [];
  for (const command of parsed.commands) for (const word of command.words) all.push({ word, command, parent: -1 });
  // By start, the longer first: an enclosing word comes before the words it holds.
  all.sort((a, b) => a.word.start - b.word.start || b.word.end - a.word.end);
  const open: number[] = [];
  all.forEach((w, i) => {
    while (open.length && all[open[open.length - 1]!]!.word.end <= w.word.start) open.pop();
    w.parent = open.length ? open[open.length - 1]! : -1;
    open.push(i);
  });
  return {
    at(offset) {
      let lo = 0;
      let hi = all.length - 1;
      let last = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (all[mid]!.word.start <= offset) {
          last = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      for (let i = last; i >= 0; i = all[i]!.parent) if (offset < all[i]!.word.end) return all[i];
      return undefined;
    },
  };
}

const MAX_CONTINUATIONS = 200;

const MARKDOWN_PREFIX = /^(?:\s*(?:>\s*)+)?\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:[$%#]\s+(?=\S))?/;

/** One line of a file (with its `\` continuations) read once as shell, for every candidate on it. */
interface ShellLine {
  start: number;
  end: number;
  /** Set when the line is read as a whole: its parse did not fail. */
  whole?: { words: WordIndex; runs: [number, number][] };
  /** A `#` heading or comment prefix: nothing on the line runs. */
  inert: boolean;
  /** Continued past MAX_CONTINUATIONS lines: trust the pattern. */
  trusted: boolean;
}

function readLine(text: string, lineStart: number, end: number, dockerfile: boolean): ShellLine {
  let lineEnd = text.indexOf('\n', end);
  // Take in `\` continuation lines, looking only at each line's last characters (a long file stays linear).
  const continued = (eol: number): boolean => text[eol - 1] === '\\' || (text[eol - 1] === '\r' && text[eol - 2] === '\\');
  let lines = 0;
  while (lineEnd !== -1 && continued(lineEnd) && lineEnd + 1 < text.length) {
    // A command continued over hundreds of lines is not one a reader can check: trust the pattern.
    if (++lines > MAX_CONTINUATIONS) return { start: lineStart, end: lineEnd, inert: false, trusted: true };
    lineEnd = text.indexOf('\n', lineEnd + 1);
  }
  if (lineEnd === -1) lineEnd = text.length;
  const raw = text.slice(lineStart, lineEnd);
  const prefix = dockerfile ? (/^\s*RUN\s+/i.exec(raw)?.[0] ?? '') : (MARKDOWN_PREFIX.exec(raw)?.[0] ?? '');
  // A `#` prefix is a Markdown heading or a shell comment: either way nothing runs, unless `$ `/`% ` prompts.
  if (!dockerfile && /#\s+$/.test(prefix)) return { start: lineStart, end: lineEnd, inert: true, trusted: false };
  const line = ' '.repeat(prefix.length) + raw.slice(prefix.length);
  const parsed = parseShell(line, 'bash');
  const out: ShellLine = { start: lineStart, end: lineEnd, inert: false, trusted: false };
  // Sorted once, so each candidate's lookup is a binary search (a walk over every run of the line was quadratic).
  if (!parsed.error) out.whole = { words: wordIndex(parsed), runs: downloadsRun(parsed).sort((a, b) => a[0] - b[0]) };
  return out;
}

/**
 * Whether a candidate found by the patterns runs a download as code, read with
 * the shell parser: on its own line (a `RUN` instruction, a list item, a code
 * block line), the download must be the command there, not text in a string or
 * a comment, and the interpreter must take its program from the download.
 * `stop` is where the next candidate on the line starts: read alone, a candidate
 * is read up to there, so the line's candidates cost one read of it between them.
 */
function verdictOf(text: string, line: ShellLine, start: number, stop: number): Verdict {
  if (line.trusted) return 'runs';
  if (line.inert) return 'inert';
  if (line.whole) {
    const at = line.whole.words.at(start - line.start);
    if (!at) return 'inert'; // a comment or a here-document body
    // Within a command that runs a download (`powershell -c "irm … | iex"` holds the candidate in its string).
    if (inRanges(line.whole.runs, start - line.start)) return 'runs';
    if (commandOf(at.command)?.nameWord === at.word) return 'inert';
    // Inside a string (`echo "… curl x | sh"`) nothing runs; an unquoted argument is prose, read on its own below.
    if (at.word.quoted && !at.word.inner.length) return 'inert';
  }
  const alone = parseShell(text.slice(start, Math.min(line.end, stop)), 'bash');
  if (alone.error) return 'runs'; // not shell we can read: trust the pattern
  return downloadsRun(alone).length ? 'runs' : 'inert';
}

/**
 * The line and the line before it, and the last heading before the candidate: words there that
 * describe an attack. Each line and heading is tested once (`seen`): a line of thousands of
 * candidates was read whole for each (quadratic, issue #24).
 */
function describesAttack(file: TextFile, start: number, heading: Heading | undefined, seen: Map<number | Heading, boolean>): boolean {
  const { line } = file.lines.pointAt(start);
  const test = (key: number | Heading, text: () => string): boolean => {
    let hit = seen.get(key);
    if (hit === undefined) seen.set(key, (hit = DESCRIBES_ATTACK.test(text())));
    return hit;
  };
  return test(line, () => file.lines.lineText(line)) || (line > 1 && test(line - 1, () => file.lines.lineText(line - 1))) || (!!heading && test(heading, () => heading.text));
}

/** The `pipe` message's data for a command. */
function pipe(snippet: string): Pick<ReportInput, 'messageId' | 'data'> {
  return { messageId: 'pipe', data: { command: show(snippet.replace(/\s+/g, ' '), 60) } };
}

/**
 * Candidates of the patterns, in order: each form's matches that overlap none kept from the forms
 * before it. Kept ones are sorted and disjoint, and a form's matches come in order, so each form is
 * one walk over both (a check against every kept candidate made a line of them quadratic).
 */
function candidates(text: string): [number, number][] {
  let kept: [number, number][] = [];
  for (const { re: form, needs } of FORMS) {
    if (needs && !needs(text)) continue;
    form.lastIndex = 0;
    const fresh: [number, number][] = [];
    let k = 0;
    // The start of the line holding an offset, for offsets in order.
    let lineStart = 0;
    let nextBreak = text.indexOf('\n');
    let rowChecked = -1;
    let row = -1;
    let m: RegExpExecArray | null;
    while ((m = form.exec(text))) {
      const lead = /^[\s;&(]*/.exec(m[0])![0].length;
      while (nextBreak >= 0 && nextBreak <= m.index) {
        lineStart = nextBreak + 1;
        nextBreak = text.indexOf('\n', lineStart);
      }
      // A Markdown table row: its pipes are cell borders.
      if (rowChecked !== lineStart) {
        rowChecked = lineStart;
        const first = /\S/g;
        first.lastIndex = lineStart;
        const at = first.exec(text)?.index ?? text.length;
        row = text[at] === '|' ? at : -1;
      }
      if (row >= 0 && row <= m.index) continue;
      const s = m.index + lead;
      const e = m.index + m[0].length;
      while (k < kept.length && kept[k]![1] <= s) k++;
      if (k < kept.length && kept[k]![0] < e) continue;
      fresh.push([s, e]);
    }
    kept = mergeSorted(kept, fresh);
  }
  return kept;
}

/** Two sorted lists of spans as one, by start (the first list's first on a tie). */
function mergeSorted(a: [number, number][], b: [number, number][]): [number, number][] {
  if (!b.length) return a;
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]![0] <= b[j]![0]) ? a[i++]! : b[j++]!);
  return out;
}

export type PipeTarget = 'script' | 'dockerfile' | 'markdown' | 'other';

export interface PipeOptions {
  /** Hosts whose installers Markdown may show as a warning; default VENDOR_INSTALLERS. */
  vendors?: readonly string[];
  /** May be a function, called only for a candidate in Markdown, so a file with none is never parsed for them. */
  headings?: readonly Heading[] | (() => readonly Heading[] | undefined);
  /** What the skill says of its products and publisher; a function, read only for a candidate in Markdown. */
  signals?: () => VendorSignals;
  /** The skill's work meter (issue #24): charged for each read of the text. */
  work?: WorkMeter;
}

const WHY: Record<'http' | 'ip' | 'paste', string> = { http: 'over plain http://', ip: 'from a raw IP address', paste: 'from a paste site' };

/** How far past a candidate its source URL is looked for, and its closing `)`. */
const SOURCE_WINDOW = 2000;
const CLOSE_WINDOW = 400;

/** Where a download comes from: the first URL after its downloader, on the candidate's line. */
function sourceOf(text: string, start: number, lineEnd: number): InstallerUrl | undefined {
  const rest = text.slice(start, Math.min(lineEnd, start + SOURCE_WINDOW));
  const fetcher = /\b(?:curl|wget|aria2c|iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring)\b/i.exec(rest);
  return urlsIn(fetcher ? rest.slice(fetcher.index) : rest, 1)[0];
}

/** The candidate's end, taken to the `)` that closes `<(curl …`, `$(curl …` or `iex (irm …` on its line, so the message shows the URL. */
function displayEnd(text: string, start: number, end: number, lineEnd: number): number {
  let depth = 0;
  for (let i = start; i < end; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
  if (depth <= 0) return end;
  for (let i = end; i < Math.min(lineEnd, end + CLOSE_WINDOW); i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text[i + 1] === '"' || text[i + 1] === "'" ? i + 2 : i + 1;
  }
  return end;
}

/**
 * Downloads run as code in one file. A source on a reserved example domain is a placeholder
 * (nothing reported); one over http://, from a raw IP or a paste site is an error anywhere;
 * in Markdown, a vendor's own installer (`vouchedBy`) is a warning and a description of the
 * attack is left alone. Linear (issue #24): each line is read as shell once for all its
 * candidates, and each candidate reads at most a window past itself.
 */
export function findPipes(file: TextFile, target: PipeTarget = 'other', options: PipeOptions = {}): ReportInput[] {
  const { text, lines } = file;
  const out: ReportInput[] = [];
  const work = options.work;
  // Each form's scan reads the text once.
  work?.charge(FORMS.length * text.length);
  const found = candidates(text);
  let line: ShellLine | undefined;
  // The start of the line holding an offset (after the last `\n` before it), for offsets in order.
  let lineStart = 0;
  let nextBreak = text.indexOf('\n');
  // The last heading before each candidate: candidates come in order, so one pointer walks the headings.
  let headings: readonly Heading[] | undefined;
  let h = -1;
  const attackSeen = new Map<number | Heading, boolean>();
  found.forEach(([start, matched], i) => {
    while (nextBreak >= 0 && nextBreak < start) {
      lineStart = nextBreak + 1;
      nextBreak = text.indexOf('\n', lineStart);
    }
    if (!line || line.start !== lineStart || matched > line.end) {
      line = readLine(text, lineStart, matched, target === 'dockerfile');
      work?.charge(line.end - line.start);
    }
    const next = found[i + 1];
    const stop = next && next[0] < line.end ? next[0] : line.end;
    // Read alone, a candidate is read up to `stop` (at most once: the line's candidates share it out).
    work?.charge(stop - start);
    if (verdictOf(text, line, start, stop) === 'inert') return;
    // Its closing `)` and its source are looked for before the next candidate on the line (whose
    // own they would be): a line of candidates is read once between them, not a window each.
    const end = displayEnd(text, start, matched, stop);
    work?.charge(stop - start);
    const snippet = text.slice(start, end);
    const source = sourceOf(text, start, stop);
    if (source && isReservedHost(source.host)) return;
    const risky = source && riskyReason(source);
    if (risky) {
      out.push({ messageId: 'pipeFrom', data: { command: show(snippet.replace(/\s+/g, ' '), 60), why: WHY[risky] }, range: lines.range(start, end) });
      return;
    }
    if (target === 'markdown') {
      headings ??= (typeof options.headings === 'function' ? options.headings() : options.headings) ?? [];
      while (h + 1 < headings.length && (headings[h + 1]!.range.start.offset ?? 0) < start) h++;
      if (describesAttack(file, start, h >= 0 ? headings[h] : undefined, attackSeen)) return;
      const vendor = source && vouchedBy(source, options.signals?.() ?? emptySignals(), options.vendors ?? VENDOR_INSTALLERS);
      if (vendor) {
        out.push({
          messageId: 'vendorInstaller', data: { show: show(snippet.replace(/\s+/g, ' '), 60), vendor },
          range: lines.range(start, end),
          severity: 'warning',
        });
        return;
      }
    }
    out.push({ ...pipe(snippet), range: lines.range(start, end) });
  });
  return out;
}

/** What a skill says of the products it covers and who publishes it, read from its text. */
export function skillSignals(skill: Skill): VendorSignals {
  const signals = emptySignals();
  const data = frontmatterData(skill);
  const metadata = data?.metadata && typeof data.metadata === 'object' ? (data.metadata as Record<string, unknown>) : {};
  const author = typeof metadata.author === 'string' ? metadata.author : '';
  for (const w of productWords(`${skill.name ?? skill.dirName} ${skill.dirName} ${skill.description ?? ''} ${author}`)) signals.words.add(w);
  for (const value of Object.values(metadata)) if (typeof value === 'string') addMentions(signals.homepage, value);
  for (const target of scanTargets(skill)) {
    if (!target.main && !/\.(?:md|markdown)$/i.test(target.relPath)) continue;
    // A download's own line does not vouch for it (nor for another download).
    const own = new Set(candidates(target.file.text).map(([s]) => target.file.lines.pointAt(s).line));
    const kept = target.file.text.split('\n').map((line, i) => (own.has(i + 1) ? '' : line)).join('\n');
    addMentions(signals, kept);
  }
  return signals;
}

/** Findings in a shell script, from its parse: only what the shell would run. */
function scriptPipes(file: TextFile, parsed: ParsedShell): ReportInput[] {
  const out: ReportInput[] = [];
  const spans = downloadsRun(parsed)
    .sort((a, b) => a[0] - b[0])
    .filter(([s], i, all) => i === 0 || s >= all[i - 1]![1]);
  for (const [start, end] of spans) {
    const snippet = file.text.slice(start, end);
    const source = urlsIn(snippet, 1)[0];
    if (source && isReservedHost(source.host)) continue;
    const risky = source && riskyReason(source);
    const range = file.lines.range(start, end);
    out.push(risky ? { messageId: 'pipeFrom', data: { command: show(snippet.replace(/\s+/g, ' '), 60), why: WHY[risky] }, range } : { ...pipe(snippet), range });
  }
  return out;
}

const DOCKERFILE = /^(?:Dockerfile|Containerfile)(?:\..+)?$|\.(?:dockerfile|containerfile)$/i;

export default defineSkillRule<Options>(
  {
    id: 'security/pipe-to-shell',
    description:
      'Reports a download run as code (`curl … | sh`, `bash <(curl …)`, `sh -c "$(curl …)"`) in bundled scripts, Dockerfiles, the SKILL.md and references; a vendor installer shown in Markdown is a warning, a description of the attack is not reported.',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { vendors: { type: 'array', items: { type: 'string', minLength: 3 } } },
      additionalProperties: false,
    },
    defaultOptions: { vendors: VENDOR_INSTALLERS },
    messages: {
      pipe: 'Unexpected download piped into an interpreter (`{{command}}`), expected a pinned, checksummed download reviewed before it runs',
      pipeFrom: 'Unexpected download {{why}} piped into an interpreter (`{{command}}`), expected a pinned, checksummed download over https reviewed before it runs',
      vendorInstaller: 'Unexpected vendor installer piped into a shell (`{{show}}`, from {{vendor}}), expected a pinned release or a package manager, or the installer downloaded and checked first',
    },
  },
  ({ skill, options, report }) => {
    const scripts = new Map(shellScripts(skill).map((s) => [s.entry.path, s]));
    let signals: VendorSignals | undefined;
    const readSignals = (): VendorSignals => (signals ??= skillSignals(skill));
    for (const target of scanTargets(skill)) {
      const at = (found: ReportInput): ReportInput => (target.reportPath ? { ...found, file: target.reportPath } : found);
      const script = target.reportPath ? scripts.get(target.reportPath) : undefined;
      const parsed = script && parsedScript(script, script.shell === 'zsh' ? 'bash' : undefined);
      if (parsed && !parsed.error) {
        for (const found of scriptPipes(target.file, parsed)) report(at(found));
        continue;
      }
      const base = path.basename(target.file.path);
      const relPath = target.reportPath ? path.relative(skill.dir, target.reportPath).split(path.sep).join('/') : undefined;
      const kind: PipeTarget = script ? 'script' : DOCKERFILE.test(base) ? 'dockerfile' : /\.(?:md|markdown)$/i.test(base) ? 'markdown' : 'other';
      const headings = kind !== 'markdown' ? undefined : relPath ? () => skill.bundle.headings(relPath) : skill.headings;
      for (const found of findPipes(target.file, kind, { vendors: options.vendors ?? VENDOR_INSTALLERS, headings, signals: readSignals, ...(skill.work ? { work: skill.work } : {}) })) report(at(found));
    }
  },
);
