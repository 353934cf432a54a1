import { describe, expect, it } from 'vitest';
import { commandOf, dialectOf, parseShell, parseShellSnippet, shellOf, type ParsedShell } from '../../src/parse/shell.js';

const names = (parsed: ParsedShell) => parsed.commands.map((c) => c.words.map((w) => w.value).join(' '));
const pipelineOf = (parsed: ParsedShell, text: string, first: string) => parsed.pipelines.find((p) => text.slice(p.start).startsWith(first))!;

describe('parseShell', () => {
  it('reads every kind of command mvdan/sh gives (the GopherJS layout this module relies on)', () => {
    const text = [
      'A=1 env B=2 cmd "x $y" \'z\' $\'q\' ${v:-d} $((1+2)) >out 2>&1',
      'if a; then b; elif c; then d; else e; fi',
      'while w; do x; done; until u; do v; done',
      'for f in $(ls); do g "$f"; done',
      'case $k in a) h;; *) i;; esac',
      'fn() { j | k; }',
      '( l ) && { m; } || ! n',
      'local o=$(p)',
      '[[ -n $(q) ]] && echo "r$(s)" <(t) `u`',
      'cat <<EOF',
      '$(hd)',
      'EOF',
      'time w2 | w3 &',
    ].join('\n');
    const parsed = parseShell(text, 'bash');
    expect(parsed.error).toBeUndefined();
    expect(names(parsed)).toEqual([
      'env B=2 cmd x $y z q ${v:-d} $((1+2))', 'a', 'b', 'c', 'd', 'e', 'w', 'x', 'u', 'v', 'ls', 'g $f', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'p', 'q',
      'echo r$(…) <(…) $(…)', 's', 't', 'u', 'cat', 'hd', 'w2', 'w3',
    ]);
    expect(parsed.commands[0]!.assigns).toEqual(['A']);
    expect(parsed.commands[0]!.redirects.map((r) => [r.op, r.target?.value])).toEqual([['>', 'out'], ['>&', '1']]);
    expect(parsed.commands[0]!.words[3]).toMatchObject({ value: 'x $y', quoted: true, literal: false });
    expect(parsed.background).toBe(true);
    const echo = parsed.commands.find((c) => c.words[0]?.value === 'echo')!;
    expect(echo.words[2]!.procSubst).toBe(true);
    expect(echo.words[1]!.inner.map((c) => c.words[0]!.value)).toEqual(['s']);
  });

  it('gives offsets in characters, after non-ASCII text and emoji', () => {
    const text = 'echo "é✅😀" && grep -x f # ü\n';
    const parsed = parseShell(text, 'bash');
    const grep = parsed.commands[1]!;
    expect(text.slice(grep.start, grep.end)).toBe('grep -x f');
    expect(text.slice(grep.words[1]!.start, grep.words[1]!.end)).toBe('-x');
    expect(parsed.commands[0]!.words[1]!.value).toBe('é✅😀');
    const bad = parseShell('echo "😀" &&', 'bash');
    expect(bad.error).toEqual({ message: '&& must be followed by a statement', offset: 10 });
  });

  it('reports errors per dialect, and never throws on hostile nesting', () => {
    expect(parseShell('a=(1 2)', 'posix').error).toEqual({ message: 'arrays are a bash/mksh feature', offset: 2 });
    expect(parseShell('a=(1 2)', 'bash').error).toBeUndefined();
    expect(parseShell('x=${y^^}', 'mksh').error?.message).toMatch(/bash/);
    expect(parseShell('set -A a 1 2; print -r x', 'mksh').error).toBeUndefined();
    expect(parseShell('for i in 1; do', 'bash').error?.message).toMatch(/"do" must be followed by a statement list/);
    const deep = parseShell(`${'$('.repeat(3000)}x${')'.repeat(3000)}`, 'bash');
    expect(deep.error?.message).toMatch(/nested too deeply/);
    expect(deep.commands).toEqual([]);
    // Deep, but within what the parser takes: the tree walks give up cleanly too.
    const nested = parseShell(`echo $PIPESTATUS ${'$('.repeat(450)}x${')'.repeat(450)}`, 'bash');
    expect(nested.commands.length === 0 ? nested.error?.message : 'walked').toMatch(/walked|nested too deeply/);
  });

  it('knows where a pipeline\'s status is read, and the options in effect', () => {
    const text = [
      '#!/bin/bash',
      'a1 | b1',
      'set -e',
      'a2 | b2',
      'a3 | b3 || true',
      'if a4 | b4; then :; fi',
      'x=$(a5 | b5)',
      '[ -z "$x" ] && exit 1',
      'echo "$(a6 | b6)"',
      'set -o pipefail',
      'a7 | b7',
      'set +e',
      'a8 | b8',
      'echo $?',
      '( set +o pipefail; a9 | b9 )',
      'a10 | b10',
    ].join('\n');
    const parsed = parseShell(text, 'bash');
    const at = (name: string) => pipelineOf(parsed, text, name);
    expect(at('a1')).toMatchObject({ errexit: false, tested: false, pipefail: false });
    expect(at('a2')).toMatchObject({ errexit: true, tested: false, ignored: false });
    expect(at('a3')).toMatchObject({ errexit: false, ignored: true });
    expect(at('a4')).toMatchObject({ errexit: false, tested: true });
    expect(at('a5')).toMatchObject({ errexit: true, substituted: true, outputChecked: true });
    expect(at('a6')).toMatchObject({ errexit: false, substituted: true, tested: false });
    expect(at('a7')).toMatchObject({ errexit: true, pipefail: true });
    expect(at('a8')).toMatchObject({ errexit: false, tested: true, pipefail: true });
    expect(at('a9')).toMatchObject({ pipefail: false });
    expect(at('a10')).toMatchObject({ pipefail: true, tested: true }); // the script's last command
    expect(parseShell('x | y', 'bash', { errexit: true }).pipelines[0]!.errexit).toBe(true);
  });

  it('reads PIPESTATUS anywhere, assignments included', () => {
    expect(parseShell('a | b\ns=${PIPESTATUS[0]}\n', 'bash').readsPipestatus).toBe(true);
    expect(parseShell('a | b # PIPESTATUS\n', 'bash').readsPipestatus).toBe(false);
  });
});

describe('commandOf, dialects, snippets', () => {
  it('looks through wrappers', () => {
    const parsed = parseShell('sudo -u root env A=1 timeout 5 nice -n 2 /usr/bin/grep -x f', 'bash');
    const cmd = commandOf(parsed.commands[0]!)!;
    expect(cmd.name).toBe('grep');
    expect(cmd.args.map((a) => a.value)).toEqual(['-x', 'f']);
  });

  it('maps shells to dialects and files to shells', () => {
    expect(['sh', 'dash', 'bash', 'ksh', 'mksh', 'zsh', 'fish'].map(dialectOf)).toEqual(['posix', 'posix', 'bash', 'mksh', 'mksh', undefined, undefined]);
    expect(shellOf('x.sh', 'echo')).toBe('bash');
    expect(shellOf('x', '#!/usr/bin/env -S ksh -e\n')).toBe('ksh');
    expect(shellOf('x.sh', '#!/usr/bin/env python3\n')).toBeUndefined();
  });

  it('reads a documentation snippet line by line when a placeholder breaks the whole', () => {
    const text = 'cat <file>\ngrep -x a \\\n  b\nls';
    const parsed = parseShellSnippet(text);
    expect(names(parsed)).toEqual(['grep -x a b', 'ls']);
    const grep = parsed.commands[0]!;
    expect(text.slice(grep.start, grep.end)).toBe('grep -x a \\\n  b');
  });
});
