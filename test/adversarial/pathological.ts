/**
 * Single lines and blocks well under every per-file limit that made a rule (or the parse) cost
 * quadratic time, exponential time or gigabytes before issue #24, each a skill tree (relative
 * path -> text). Shared by the CLI test beside this file; bench/hostile.mjs --growth measures the
 * same shapes at growing sizes. `expect` names a finding the run must still produce.
 */
export interface Pathological {
  name: string;
  /** What it cost before the fix, on the 2-core VM. */
  before: string;
  files: Record<string, string>;
  /** A rule id the output must hold (the run finished and still reports). */
  expect: string;
  /** Hosts to lint for (default: claude). */
  hosts?: string;
}

const fm = (extra = ''): string => `---\nname: s\ndescription: Use when testing pathological input.\n${extra}---\n\n`;
/** A link to a missing file, so every run has a finding to report whatever the shape. */
const BROKEN = '\n\nSee [gone](gone.md).\n';
const entropyToken = (i: number): string => `sk-${(i * 2654435761 % 4294967296).toString(36)}Q9zX${(i * 40503 % 65536).toString(36)}Lm7Kp2Vw8Rt5Yh3Nd6Fg`;

export const PATHOLOGICAL: Pathological[] = [
  { name: 'a run of 400,000 dots', before: 'over 90 s (a 100 KB run took 13 s)', files: { 's/SKILL.md': `${fm()}# T\n\nx ${'.'.repeat(400_000)}a${BROKEN}` }, expect: 'links/broken' },
  { name: 'a run of 400,000 slashes', before: 'over 90 s', files: { 's/SKILL.md': `${fm()}# T\n\nx ${'/'.repeat(400_000)}a${BROKEN}` }, expect: 'links/broken' },
  { name: 'a run of 400,000 colons', before: 'over 90 s', files: { 's/SKILL.md': `${fm()}# T\n\nx ${':'.repeat(400_000)}a${BROKEN}` }, expect: 'links/broken' },
  { name: 'a path of 100,000 segments', before: '31 s and 2.6 GB', files: { 's/SKILL.md': `${fm()}# T\n\nRead ${'a/'.repeat(100_000)}x.md${BROKEN}` }, expect: 'links/broken' },
  { name: 'one URL repeated into one 1 MB word', before: 'over 90 s at 1 MB', files: { 's/SKILL.md': `${fm()}# T\n\n${'https://example.com/a/b'.repeat(45_000)}${BROKEN}` }, expect: 'links/broken' },
  {
    name: '9,000 paragraphs of anchor links in a reference with 9,000 headings',
    before: 'a heading set and an id scan per link (quadratic)',
    files: {
      's/SKILL.md': `${fm()}# T\n\nSee [r](references/r.md).${BROKEN}`,
      's/references/r.md': `${Array.from({ length: 9000 }, (_, i) => `## Heading ${i}`).join('\n\n')}\n\n${Array.from({ length: 9000 }, (_, i) => `[a](#missing-${i})`).join('\n\n')}\n`,
    },
    expect: 'links/anchor',
  },
  { name: '64 KB of downloads piped to a shell on one line', before: 'over 60 s at 32 KB', files: { 's/SKILL.md': `${fm()}# T\n\nRun ${'curl -s https://dl.x.io/a | sh; '.repeat(2000)}${BROKEN}` }, expect: 'security/pipe-to-shell' },
  { name: 'an unclosed line of downloads', before: 'over 60 s at 128 KB', files: { 's/SKILL.md': `${fm()}# T\n\nRun ${'( curl -s https://dl.x.io/a | sh '.repeat(4000)}${BROKEN}` }, expect: 'security/pipe-to-shell' },
  { name: 'env assignments with several = after a pipe', before: 'exponential backtracking (each assignment split at each `=`)', files: { 's/SKILL.md': `${fm()}# T\n\ncurl https://dl.x.io/a | env ${'a=a=a=a '.repeat(30)}!${BROKEN}` }, expect: 'links/broken' },
  {
    name: 'an allowed-tools glob of many stars against a long dynamic command',
    before: 'polynomial backtracking (`^a.*a.*…$`)',
    files: { 's/SKILL.md': `${fm(`allowed-tools: Bash(${'a*'.repeat(30)}b)\n`)}# T\n\n!\`${'a'.repeat(5000)}\`${BROKEN}` },
    expect: 'security/dynamic-command-tools',
  },
  {
    name: 'a python script importing from 200,000 dots',
    before: 'quadratic backtracking over the dots',
    files: { 's/SKILL.md': `${fm()}# T\n\nRun \`python scripts/x.py\`.${BROKEN}`, 's/scripts/x.py': `from ${'.'.repeat(200_000)}x\n` },
    expect: 'links/broken',
  },
  {
    name: 'a description of 90,000 unclosed comments',
    before: 'a scan to the end from every `<!--`',
    files: { 's/SKILL.md': `---\nname: s\ndescription: |\n  Use when testing.\n${Array.from({ length: 30 }, () => `  ${'<!--'.repeat(3000)}`).join('\n\n')}\n---\n\n# T${BROKEN}` },
    expect: 'links/broken',
  },
  { name: '20,000 credential-shaped tokens on one line', before: 'each read its whole line', files: { 's/SKILL.md': `${fm()}# T\n\n${Array.from({ length: 20_000 }, (_, i) => entropyToken(i)).join(' ')}${BROKEN}` }, expect: 'security/secret' },
  { name: '4 MB of blank lines', before: 'out of memory (1 MB took 1.9 GB)', files: { 's/SKILL.md': `${fm()}# T\n${'\n'.repeat(4_000_000)}x\n` }, expect: 'file/parse' },
  { name: '2,000,000 ampersands', before: '2 GB at 4 MB', files: { 's/SKILL.md': `${fm()}# T\n\n${Array.from({ length: 1000 }, () => '&'.repeat(2000)).join('\n\nx\n\n')}\n` }, expect: 'file/parse' },
  {
    name: '30,000 missing files named beside 2,000 bundled ones',
    before: 'a walk of the bundle and a did-you-mean search per missing file',
    files: {
      's/SKILL.md': `${fm()}# T\n\n${Array.from({ length: 3000 }, (_, l) => Array.from({ length: 10 }, (_, i) => `Read references/m${l * 10 + i}.md.`).join(' ')).join('\n')}${BROKEN}`,
      ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`s/references/f${i}.md`, `# F${i}\n`])),
    },
    expect: 'links/missing-file',
  },
  {
    name: '30,000 findings on lines holding 30,000 suppressions',
    before: 'each finding walked every directive (over 120 s at 3 MB, 13 s at 1 MB)',
    files: {
      's/SKILL.md': `${fm()}# T\n\n${Array.from({ length: 30 }, (_, l) => Array.from({ length: 1000 }, (_, i) => `Read references/q${l}x${i}.md <!-- skillc-disable-line links/missing-file -->`).join(' ')).join('\n\n')}${BROKEN}`,
      's/references/f.md': '# F\n',
    },
    expect: 'links/broken',
  },
  {
    name: '45,000 host-block closes inside 45,000 open generated regions',
    before: 'each close searched the open stack for its kind (5 s at 1 MB, growing with the square)',
    files: { 's/SKILL.md': `${fm()}# T\n\n${Array.from({ length: 45 }, () => '<!-- generated: x --> '.repeat(1000)).join('\n\n')}\n\n${Array.from({ length: 45 }, () => '<!-- /host --> '.repeat(1000)).join('\n\n')}${BROKEN}` },
    expect: 'source/host-block',
  },
];
