import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { show } from '../util.js';
import { scanTargets } from './shared.js';

const FETCH = String.raw`\b(?:curl|wget|aria2c|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b`;
const SHELL = String.raw`(?:(?:sudo|doas)\s+(?:-\S+\s+)*)?(?:env\s+(?:\S+=\S*\s+)*)?(?:/usr)?(?:/bin/)?(?:ba|z|k|da|fi|tc|c|a)?sh\b|python[0-9.]*\b|perl\b|ruby\b|node\b|php\b|iex\b|Invoke-Expression\b|pwsh\b|powershell\b`;
const FORMS: readonly RegExp[] = [
  // curl … | sh, wget -O- … | sudo bash (a lone `|`, not `||`)
  new RegExp(String.raw`${FETCH}[^\n|]{0,300}(?:(?<!\|)\|(?!\|)[^\n|]{0,300}){0,3}?(?<!\|)\|(?!\|)\s*(?:${SHELL})`, 'g'),
  // bash <(curl …), source <(curl …), . <(wget …)
  new RegExp(String.raw`(?:\b(?:ba|z|k)?sh|\bsource|(?:^|[\s;&(])\.)\s+(?:-\S+\s+)*<\(\s*${FETCH}`, 'gm'),
  // sh -c "$(curl …)", eval "$(wget …)", iex (iwr …)
  new RegExp(String.raw`\b(?:(?:ba|z|k)?sh\s+(?:-\S+\s+)*-c|eval)\s+["']?(?:\$\(|\x60)\s*${FETCH}`, 'g'),
  new RegExp(String.raw`\b(?:iex|Invoke-Expression)\s*\(?\s*(?:\(\s*)?(?:New-Object\s+Net\.WebClient\)?\.DownloadString|${FETCH})`, 'gi'),
];

export function findPipes(file: TextFile): ReportInput[] {
  const { text, lines } = file;
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
  found.sort((a, b) => a[0] - b[0]);
  return found.map(([start, end]) => ({
    message: `Unexpected download piped into an interpreter (\`${show(text.slice(start, end).replace(/\s+/g, ' '), 60)}\`), expected a pinned, checksummed download reviewed before it runs`,
    range: lines.range(start, end),
  }));
}

export default defineSkillRule(
  {
    id: 'security/pipe-to-shell',
    description: 'Reports a download piped into a shell or interpreter (`curl … | sh`, `wget -O- … | bash`, `bash <(curl …)`) in the SKILL.md and bundled text files.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    for (const target of scanTargets(skill)) {
      for (const found of findPipes(target.file)) report(target.reportPath ? { ...found, file: target.reportPath } : found);
    }
  },
);
