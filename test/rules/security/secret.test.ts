import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import rule from '../../../src/rules/security/secret.js';
import { ANY_SHAPE, SHAPES } from '../../../src/rules/security/secret-shapes.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}\n`;

/** Deterministic random-looking characters, so no credential-shaped literal sits in this file. */
function noise(n: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', seed = 7): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    s += alphabet[Math.floor(x / 65536) % alphabet.length];
  }
  return s;
}
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const aws = 'AK' + 'IA' + noise(16, UPPER);
const awsNoDigit = 'AS' + 'IA' + noise(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 31);
const github = 'gh' + 'p_' + noise(36);
const openai = 'sk-' + 'proj-' + noise(48, undefined, 11);
const anthropic = 'sk-' + 'ant-api03-' + noise(90, undefined, 13);
const slack = 'xo' + 'xb-' + noise(12, '0123456789', 3) + '-' + noise(24, undefined, 5);
const google = 'AI' + 'za' + noise(35, undefined, 17);
const stripe = 'sk' + '_live_' + noise(24, undefined, 19);
const pem = `-----BEGIN RSA ${'PRIVATE'} KEY-----\n${noise(64, undefined, 23)}\n${noise(64, undefined, 29)}\n-----END RSA PRIVATE KEY-----\n`;
const expected = (kind: string) => `Unexpected ${kind}, expected a reference to a secret kept outside the skill (e.g. an environment variable)`;

testRule(
  rule,
  {
    valid: [
      { name: 'no secrets', files: { 'SKILL.md': skill('Read `$GITHUB_TOKEN` from the environment.') } },
      { name: "AWS's documentation key", files: { 'SKILL.md': skill('aws_access_key_id = AKIAIOSFODNN7EXAMPLE') } },
      { name: 'elided and bracketed placeholders', files: { 'SKILL.md': skill('export OPENAI_API_KEY=sk-...xxxx\nexport ANTHROPIC_API_KEY=<your-key>\nexport OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxx') } },
      { name: 'repeated characters', files: { 'SKILL.md': skill(`token: gh${'p_'}${'0'.repeat(36)}`) } },
      { name: 'words after sk- without digits', files: { 'SKILL.md': skill('Use sk-learn-compatible-estimators-only here.') } },
      { name: 'a value its sentence calls an example', files: { 'SKILL.md': skill(`Keys look like \`${google}\`; set yours in \`GOOGLE_API_KEY\`.\n\nFor example, ${github} is a classic token.`) } },
      { name: 'a value on the line after an "Example key format:" lead-in, in a fence', files: { 'SKILL.md': skill(`Example key format:\n\n\`\`\`\n${aws}\n\`\`\``) } },
      { name: 'a value cut short with an ellipsis', files: { 'SKILL.md': skill(`Example: AIzaSy...\n\nThe key is ${google}... (truncated).`) } },
      {
        name: 'counting sequences',
        files: { 'SKILL.md': skill(`GOOGLE_API_KEY=AI${'za'}SyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q\nAWS_ACCESS_KEY_ID=AK${'IA'}ABCDEFGHIJKLMNOP\nGITHUB_TOKEN=gh${'p_'}abcdefghijklmnopqrstuvwxyz0123456789`) },
      },
      { name: 'private key block with an elided body', files: { 'SKILL.md': skill('```\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n```') } },
    ],
    invalid: [
      {
        name: 'a token in a fragment the skill includes from outside its folder, reported in the fragment',
        files: { 'a/SKILL.md': skill('<!-- include: ../_shared/setup.md -->'), '_shared/setup.md': `# Setup\n\nexport GITHUB_TOKEN=${github}\n` },
        errors: [{ file: '_shared/setup.md', line: 3, column: 21, message: expected('GitHub token') }],
      },
      {
        name: 'AWS key in the body',
        files: { 'SKILL.md': skill(`# T\n\nUse key ${aws} for uploads.`) },
        errors: [{ line: 7, column: 9, endColumn: 29, message: expected('AWS access key ID') }],
      },
      {
        name: 'an AWS key ID with no digit is real (base32; about 1 in 28 has none)',
        files: { 'SKILL.md': skill(`AWS_ACCESS_KEY_ID=${awsNoDigit}`) },
        errors: [{ line: 5, column: 19, message: expected('AWS access key ID') }],
      },
      {
        name: 'an example elsewhere on the line or in a heading above does not excuse a real key',
        files: { 'SKILL.md': skill(`## Example\n\nUse ${google} for uploads. For example, upload the report.`) },
        errors: [{ line: 7, column: 5, message: expected('Google API key') }],
      },
      {
        name: 'GitHub token in a bundled reference',
        files: { 'SKILL.md': skill('# T'), 'references/setup.md': `# Setup\n\ngit clone https://x:${github}@github.com/o/r\n` },
        errors: [{ file: 'references/setup.md', line: 3, column: 21, endColumn: 61, message: expected('GitHub token') }],
      },
      {
        name: 'OpenAI and Anthropic keys',
        files: { 'SKILL.md': skill(`OPENAI_API_KEY=${openai}\nANTHROPIC_API_KEY=${anthropic}`) },
        errors: [
          { line: 5, column: 16, message: expected('OpenAI API key') },
          { line: 6, column: 19, message: expected('Anthropic API key') },
        ],
      },
      {
        name: 'Slack, Google and Stripe keys in a script',
        files: { 'SKILL.md': skill('# T'), 'scripts/env.sh': `SLACK=${slack}\nGOOGLE=${google}\nSTRIPE=${stripe}\n` },
        errors: [
          { file: 'scripts/env.sh', line: 1, column: 7, message: expected('Slack token') },
          { file: 'scripts/env.sh', line: 2, column: 8, endColumn: 47, message: expected('Google API key') },
          { file: 'scripts/env.sh', line: 3, column: 8, message: expected('Stripe live key') },
        ],
      },
      {
        name: 'private key block',
        files: { 'SKILL.md': skill('# T'), 'assets/deploy.pem': pem },
        errors: [{ file: 'assets/deploy.pem', line: 1, column: 1, endColumn: 32, message: expected('private key block') }],
      },
    ],
  },
  { describe, it },
);

describe('security/secret shape pre-filter', () => {
  it('every match of a shape starts with its prefix, and a text with a match holds ANY_SHAPE', () => {
    const piece = fc.constantFrom(
      'AKIA', 'A3TB', 'ASIA', 'ACCA', 'ghp_', 'gho_', 'github_pat_', 'sk-', 'sk-ant-', 'sk-ant-api03-', 'sk-proj-', 'xoxb-', 'AIza', 'sk_live_', 'rk_live_',
      'ABCDEFGHJKLMNPQR', 'Z2Y3X4W5V6U7T2S3', 'abcdefghij', '0123456789', 'Qx7Lm2Pz9Kw4Rt6Y', '_', '-', ' ', '\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), (text) => {
        let any = false;
        for (const shape of SHAPES) {
          for (const m of text.matchAll(new RegExp(shape.pattern.source, shape.pattern.flags))) {
            any = true;
            expect(shape.prefix.test(m[0])).toBe(true);
          }
        }
        if (any) expect(ANY_SHAPE.test(text)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
