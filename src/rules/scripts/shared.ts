import type { BundledFile, CodeFence, Skill } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { dialectOf, parseShellFile, shebangProgram, shellOf, type ParsedShell, type ShellDialect, type ShellKind } from '../../parse/shell.js';

/** Scripts larger than this are not checked (the bundle reader caps text at the same size). */
export const MAX_SCRIPT_BYTES = 1024 * 1024;

export interface ShellScript {
  entry: BundledFile;
  file: TextFile;
  shell: ShellKind;
}

/** Options a shebang turns on: `#!/bin/bash -e`, `#!/usr/bin/env -S bash -eo pipefail`. */
function shebangOptions(text: string): { errexit: boolean; pipefail: boolean } {
  const args = (shebangProgram(text)?.line ?? '').split(/\s+/).slice(1);
  return { errexit: args.some((a) => /^-[A-Za-z]+$/.test(a) && a.includes('e') && a !== '-S'), pipefail: args.includes('pipefail') };
}

/**
 * A script's parse in the dialect its shell speaks (or `dialect` when given),
 * the shebang's options on; undefined for a shell the parser does not know (zsh).
 */
export function parsedScript(script: ShellScript, dialect?: ShellDialect): ParsedShell | undefined {
  const d = dialect ?? dialectOf(script.shell);
  return d && parseShellFile(script.file, d, shebangOptions(script.file.text));
}

/** Bundled shell scripts: `.sh`/`.bash` files, and extensionless or executable files with a shell shebang. */
export function shellScripts(skill: Skill): ShellScript[] {
  const out: ShellScript[] = [];
  for (const entry of skill.bundled) {
    if (entry.kind !== 'file' || entry.size > MAX_SCRIPT_BYTES) continue;
    const base = entry.relPath.slice(entry.relPath.lastIndexOf('/') + 1);
    if (!/\.(?:sh|bash)$/i.test(base) && base.includes('.') && !entry.executable) continue;
    const file = skill.bundle.text(entry.relPath);
    if (!file) continue;
    const shell = shellOf(entry.relPath, file.text);
    if (shell) out.push({ entry, file, shell });
  }
  return out;
}

const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'zsh', 'console']);
const PROMPT = /^(\s*)([$%] )/;

/** A fenced code block of shell, as a script whose offsets map back into the SKILL.md. */
export interface ShellFence {
  fence: CodeFence;
  /** The block's text; for `console` blocks, output lines and prompts blanked to spaces. */
  script: string;
  /** Maps an offset in `script` to an offset in the SKILL.md. */
  toFile(offset: number): number;
}

/** Console blocks: only lines after a `$ ` or `% ` prompt (and their `\` continuations) are commands. */
function consoleScript(value: string): string {
  const lines = value.split('\n');
  if (!lines.some((l) => PROMPT.test(l))) return value;
  let continued = false;
  return lines
    .map((line) => {
      const m = PROMPT.exec(line);
      if (m) {
        continued = /\\\r?$/.test(line);
        return ' '.repeat(m[0].length) + line.slice(m[0].length);
      }
      if (continued) {
        continued = /\\\r?$/.test(line);
        return line;
      }
      return ' '.repeat(line.length);
    })
    .join('\n');
}

export function shellFences(skill: Skill): ShellFence[] {
  const { lines } = skill.file;
  const out: ShellFence[] = [];
  for (const fence of skill.codeFences) {
    const lang = fence.lang?.toLowerCase();
    if (!lang || !SHELL_LANGS.has(lang)) continue;
    const valueLines = fence.value.split('\n');
    // Indented fences (in lists, block quotes) lose a prefix of each line; find it per line.
    const lineStarts: number[] = [];
    let acc = 0;
    const fileOffsets = valueLines.map((vl, i) => {
      lineStarts.push(acc);
      acc += vl.length + 1;
      const fileLine = fence.valueLine + i;
      const own = vl.replace(/\r$/, '');
      const text = lines.lineText(fileLine);
      return lines.offsetAt(fileLine, 1) + (text.endsWith(own) ? text.length - own.length : 0);
    });
    const toFile = (offset: number): number => {
      let i = valueLines.length - 1;
      while (i > 0 && lineStarts[i]! > offset) i--;
      return fileOffsets[i]! + (offset - lineStarts[i]!);
    };
    out.push({ fence, script: lang === 'console' ? consoleScript(fence.value) : fence.value, toFile });
  }
  return out;
}
