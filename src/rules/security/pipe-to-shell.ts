import path from 'node:path';
import type { Heading } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { commandOf, parseShell, type ParsedShell, type ShellCommand, type ShellWord } from '../../parse/shell.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { parsedScript, shellScripts } from '../scripts/shared.js';
import { show } from '../util.js';
import { scanTargets } from './shared.js';

export interface Options {
  /** Hosts whose official installers a reference may show as a warning (`astral.sh`, `sh.rustup.rs`...). */
  vendors: string[];
}

/** Official installers that vendors document as `curl … | sh`; each is what the tool's own install page says. */
export const VENDOR_INSTALLERS = [
  'astral.sh', 'sh.rustup.rs', 'rustup.rs', 'mise.run', 'bun.sh', 'deno.land', 'get.chezmoi.io', 'moonrepo.dev', 'get.docker.com',
  'install.python-poetry.org', 'get.pnpm.io', 'fnm.vercel.app', 'get.sdkman.io', 'raw.githubusercontent.com/Homebrew/install',
  'raw.githubusercontent.com/nvm-sh/nvm', 'starship.rs', 'ollama.com', 'cli.github.com', 'sh.brew.sh', 'claude.ai/install.sh',
];

const FETCH = String.raw`\b(?:curl|wget|aria2c|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b`;
const SHELL = String.raw`(?:(?:sudo|doas)\s+(?:-\S+\s+)*)?(?:env\s+(?:\S[^\s=]*=\S*\s+)*)?(?:/usr)?(?:/bin/)?(?:ba|z|k|da|fi|tc|c|a)?sh\b|python[0-9.]*\b|perl\b|ruby\b|node\b|php\b|iex\b|Invoke-Expression\b|pwsh\b|powershell\b`;
/** Where to look: the shapes of a download run as code. The shell parser then says whether it really is one. */
const FORMS: readonly RegExp[] = [
  // curl … | sh, wget -O- … | sudo bash (a lone `|`, not `||`)
  new RegExp(String.raw`${FETCH}[^\n|]{0,300}(?:(?<!\|)\|(?!\|)[^\n|]{0,300}){0,3}?(?<!\|)\|(?!\|)\s*(?:${SHELL})`, 'g'),
  // bash <(curl …), source <(curl …), . <(wget …)
  new RegExp(String.raw`(?:\b(?:ba|z|k)?sh|\bsource|(?:^|[\s;&(])\.)\s+(?:-\S+\s+)*<\(\s*${FETCH}`, 'gm'),
  // sh -c "$(curl …)", eval "$(wget …)", iex (iwr …)
  new RegExp(String.raw`\b(?:(?:ba|z|k)?sh\s+(?:-\S+\s+)*-c|eval)\s+["']?(?:\$\(|\x60)\s*${FETCH}`, 'g'),
  new RegExp(String.raw`\b(?:iex|Invoke-Expression)\s*(?:\(\s*)?(?:\(\s*)?(?:New-Object\s+Net\.WebClient\)?\.DownloadString|${FETCH})`, 'gi'),
];

const FETCHERS = new Set(['curl', 'wget', 'aria2c', 'iwr', 'irm', 'Invoke-WebRequest', 'Invoke-RestMethod']);
const INTERPRETER = /^(?:(?:ba|z|k|da|fi|tc|c|a|mk)?sh|python[0-9.]*|perl|ruby|node|php|pwsh|powershell|bun|deno)$/;
const SHELLS = /^(?:ba|z|k|da|fi|tc|c|a|mk)?sh$/;
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

const fetches = (commands: readonly ShellCommand[]): boolean => commands.some((c) => FETCHERS.has(commandOf(c)?.name ?? ''));

/** Spans of the parsed text where a download runs as code, as the shell would run it. */
export function downloadsRun(parsed: ParsedShell): [number, number][] {
  const out: [number, number][] = [];
  for (const pipeline of parsed.pipelines) {
    const cmds = pipeline.commands;
    const first = cmds.findIndex((c) => FETCHERS.has(commandOf(c)?.name ?? ''));
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
    for (const word of cmd.args) {
      if (!fetches(word.inner)) continue;
      // bash <(curl …), source <(curl …), sh -c "$(curl …)", eval "$(curl …)"
      if ((word.procSubst && (shellish || evaluates)) || (!word.procSubst && (evaluates || dashC))) out.push([command.start, command.end]);
    }
  }
  return out;
}

type Verdict = 'runs' | 'inert';

/** The smallest word of a parse that holds `offset`, with the command it belongs to. */
function wordAt(parsed: ParsedShell, offset: number): { word: ShellWord; command: ShellCommand } | undefined {
  let best: { word: ShellWord; command: ShellCommand } | undefined;
  for (const command of parsed.commands) {
    for (const word of command.words) {
      if (word.start <= offset && offset < word.end && (!best || word.end - word.start < best.word.end - best.word.start)) best = { word, command };
    }
  }
  return best;
}

const MAX_CONTINUATIONS = 200;

const MARKDOWN_PREFIX = /^(?:\s*(?:>\s*)+)?\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:[$%#]\s+(?=\S))?/;

/**
 * Whether a candidate found by the patterns runs a download as code, read with
 * the shell parser: on its own line (a `RUN` instruction, a list item, a code
 * block line), the download must be the command there, not text in a string or
 * a comment, and the interpreter must take its program from the download.
 */
function verdictOf(text: string, start: number, end: number, dockerfile: boolean): Verdict {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', end);
  // Take in `\` continuation lines, looking only at each line's last characters (a long file stays linear).
  const continued = (eol: number): boolean => text[eol - 1] === '\\' || (text[eol - 1] === '\r' && text[eol - 2] === '\\');
  let lines = 0;
  while (lineEnd !== -1 && continued(lineEnd) && lineEnd + 1 < text.length) {
    // A command continued over hundreds of lines is not one a reader can check: trust the pattern.
    if (++lines > MAX_CONTINUATIONS) return 'runs';
    lineEnd = text.indexOf('\n', lineEnd + 1);
  }
  if (lineEnd === -1) lineEnd = text.length;
  const raw = text.slice(lineStart, lineEnd);
  const prefix = dockerfile ? (/^\s*RUN\s+/i.exec(raw)?.[0] ?? '') : (MARKDOWN_PREFIX.exec(raw)?.[0] ?? '');
  // A `#` prefix is a Markdown heading or a shell comment: either way nothing runs, unless `$ `/`% ` prompts.
  if (!dockerfile && /#\s+$/.test(prefix)) return 'inert';
  const line = ' '.repeat(prefix.length) + raw.slice(prefix.length);
  const whole = parseShell(line, 'bash');
  if (!whole.error) {
    const at = wordAt(whole, start - lineStart);
    if (!at) return 'inert'; // a comment or a here-document body
    const cmd = commandOf(at.command);
    if (cmd?.nameWord === at.word) return downloadsRun(whole).some(([s, e]) => s <= start - lineStart && start - lineStart < e) ? 'runs' : 'inert';
    // Inside a string (`echo "… curl x | sh"`) nothing runs; an unquoted argument is prose, read on its own below.
    if (at.word.quoted && !at.word.inner.length) return 'inert';
  }
  const alone = parseShell(text.slice(start, lineEnd), 'bash');
  if (alone.error) return 'runs'; // not shell we can read: trust the pattern
  return downloadsRun(alone).length ? 'runs' : 'inert';
}

function describesAttack(file: TextFile, start: number, headings: readonly Heading[] | undefined | (() => readonly Heading[] | undefined)): boolean {
  const { line } = file.lines.pointAt(start);
  const text = [file.lines.lineText(line), line > 1 ? file.lines.lineText(line - 1) : ''];
  let heading: Heading | undefined;
  for (const h of (typeof headings === 'function' ? headings() : headings) ?? []) if ((h.range.start.offset ?? 0) < start) heading = h;
  if (heading) text.push(heading.text);
  return text.some((t) => DESCRIBES_ATTACK.test(t));
}

function vendorOf(snippet: string, vendors: readonly string[]): string | undefined {
  const urls = snippet.match(/\bhttps?:\/\/[^\s"'`)|]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s"'`)|]*)?/gi) ?? [];
  for (const url of urls) {
    const bare = url.replace(/^https?:\/\//i, '').toLowerCase();
    const hit = vendors.find((v) => bare === v.toLowerCase() || bare.startsWith(`${v.toLowerCase()}/`) || bare.endsWith(`.${v.toLowerCase()}`) || bare.includes(`.${v.toLowerCase()}/`));
    if (hit) return hit;
  }
  return undefined;
}

/** The `pipe` message's data for a command. */
function pipe(snippet: string): Pick<ReportInput, 'messageId' | 'data'> {
  return { messageId: 'pipe', data: { command: show(snippet.replace(/\s+/g, ' '), 60) } };
}

/** Candidates of the patterns, overlapping ones merged, in order. */
function candidates(text: string): [number, number][] {
  const found: [number, number][] = [];
  for (const form of FORMS) {
    form.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = form.exec(text))) {
      const lead = /^[\s;&(]*/.exec(m[0])![0].length;
      // A Markdown table row: its pipes are cell borders.
      const lineStart = text.lastIndexOf('\n', m.index) + 1;
      if (/^\s*\|/.test(text.slice(lineStart, m.index + 1))) continue;
      if (!found.some(([s, e]) => m!.index + lead < e && s < m!.index + m![0].length)) found.push([m.index + lead, m.index + m[0].length]);
    }
  }
  return found.sort((a, b) => a[0] - b[0]);
}

export type PipeTarget = 'script' | 'dockerfile' | 'markdown' | 'other';

/** Downloads run as code in one file; in Markdown, vendor installers are warnings and descriptions of attacks are left alone. */
/** `headings` may be a function, called only for a candidate in Markdown, so a file with none is never parsed for them. */
export function findPipes(file: TextFile, target: PipeTarget = 'other', options: { vendors?: readonly string[]; headings?: readonly Heading[] | (() => readonly Heading[] | undefined) } = {}): ReportInput[] {
  const { text, lines } = file;
  const out: ReportInput[] = [];
  for (const [start, end] of candidates(text)) {
    if (verdictOf(text, start, end, target === 'dockerfile') === 'inert') continue;
    const snippet = text.slice(start, end);
    if (target === 'markdown') {
      if (describesAttack(file, start, options.headings)) continue;
      // The URL may come after the candidate's end (`sh -c "$(curl -fsLS get.chezmoi.io)"`): read the rest of the line.
      const point = lines.pointAt(start);
      const vendor = vendorOf(lines.lineText(point.line).slice(point.column - 1), options.vendors ?? VENDOR_INSTALLERS);
      if (vendor) {
        out.push({
          messageId: 'vendorInstaller', data: { show: show(snippet.replace(/\s+/g, ' '), 60), vendor },
          range: lines.range(start, end),
          severity: 'warning',
        });
        continue;
      }
    }
    out.push({ ...pipe(snippet), range: lines.range(start, end) });
  }
  return out;
}

/** Findings in a shell script, from its parse: only what the shell would run. */
function scriptPipes(file: TextFile, parsed: ParsedShell): ReportInput[] {
  return downloadsRun(parsed)
    .sort((a, b) => a[0] - b[0])
    .filter(([s], i, all) => i === 0 || s >= all[i - 1]![1])
    .map(([start, end]) => ({ ...pipe(file.text.slice(start, end)), range: file.lines.range(start, end) }));
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
      vendorInstaller: 'Unexpected vendor installer piped into a shell (`{{show}}`, from {{vendor}}), expected a pinned release or a package manager, or the installer downloaded and checked first',
    },
  },
  ({ skill, options, report }) => {
    const scripts = new Map(shellScripts(skill).map((s) => [s.entry.path, s]));
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
      for (const found of findPipes(target.file, kind, { vendors: options.vendors ?? VENDOR_INSTALLERS, headings })) report(at(found));
    }
  },
);
