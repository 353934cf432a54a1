import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { scanTargets } from './shared.js';

interface Shape {
  kind: string;
  pattern: RegExp;
  /** Characters of the match that are a fixed prefix, not secret material. */
  prefix: RegExp;
}

/** Credential shapes with a recognisable prefix; generic "password=" heuristics are out of scope. */
const SHAPES: readonly Shape[] = [
  { kind: 'AWS access key ID', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, prefix: /^(?:AKIA|ASIA)/ },
  { kind: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g, prefix: /^(?:gh[pousr]_|github_pat_)/ },
  { kind: 'Anthropic API key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, prefix: /^sk-ant-(?:[a-z]+\d\d-)?/ },
  { kind: 'OpenAI API key', pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, prefix: /^sk-(?:proj-|svcacct-|admin-)?/ },
  { kind: 'Slack token', pattern: /\bxox[baprs]-[A-Za-z0-9-]{10,}/g, prefix: /^xox[baprs]-/ },
  { kind: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, prefix: /^AIza/ },
  { kind: 'Stripe live key', pattern: /\b[rs]k_live_[0-9A-Za-z]{16,}/g, prefix: /^[rs]k_live_/ },
];

const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PLACEHOLDER_WORDS = /example|sample|dummy|fake|placeholder|redacted|your|xxxx|changeme|replace|test|0000|1234|abcd/i;

/** Documentation stand-ins: marker words, long runs of one character, or no digit/letter mix. */
export function isPlaceholder(token: string, prefix: RegExp): boolean {
  const body = token.replace(prefix, '');
  if (PLACEHOLDER_WORDS.test(body) || /(.)\1{5,}/.test(body)) return true;
  return !/[0-9]/.test(body) || !/[A-Za-z]/.test(body);
}

/** A private key block is real when it holds base64 material, not `...` or prose. */
function placeholderKey(text: string, headerEnd: number): boolean {
  const endMarker = text.indexOf('-----END', headerEnd);
  const region = text.slice(headerEnd, endMarker === -1 ? headerEnd + 4096 : endMarker);
  return !/[A-Za-z0-9+/]{40,}/.test(region) || /\.\.\.|…|<|xxxx|example|redacted/i.test(region);
}

export function findSecrets(file: TextFile): ReportInput[] {
  const { text, lines } = file;
  const found: { start: number; end: number; kind: string }[] = [];
  for (const shape of SHAPES) {
    shape.pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = shape.pattern.exec(text))) {
      if (!isPlaceholder(m[0], shape.prefix)) found.push({ start: m.index, end: m.index + m[0].length, kind: shape.kind });
    }
  }
  PRIVATE_KEY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PRIVATE_KEY.exec(text))) {
    const end = m.index + m[0].length;
    if (!placeholderKey(text, end)) found.push({ start: m.index, end, kind: 'private key block' });
  }
  found.sort((a, b) => a.start - b.start);
  return found.map((f) => ({
    // The message names the kind only: echoing the secret would copy it into logs and CI output.
    message: `Unexpected ${f.kind}, expected a reference to a secret kept outside the skill (e.g. an environment variable)`,
    range: lines.range(f.start, f.end),
  }));
}

export default defineSkillRule(
  {
    id: 'security/secret',
    description: 'Reports credentials (cloud, GitHub, OpenAI, Anthropic, Slack, Google and Stripe keys, private key blocks) in the SKILL.md and bundled text files.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    for (const target of scanTargets(skill)) {
      for (const found of findSecrets(target.file)) report(target.reportPath ? { ...found, file: target.reportPath } : found);
    }
  },
);
