import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { RULE_METADATA } from '../../src/rules/metadata.js';

// `skillc rules` and `skillc explain` read the generated metadata instead of loading the rules:
// it must say what the rule modules say, rule for rule, in their order (`npm run generate` writes it;
// test/docs/generated.test.ts also checks the file is what the generator writes).
describe('rules: the generated metadata index', () => {
  it('matches the metadata of every rule module (npm run generate rewrites it)', () => {
    const fromModules = BUILTIN_RULES.map((r) => ({
      id: r.meta.id,
      severity: r.meta.severity,
      recommended: r.meta.recommended !== false,
      fixable: r.meta.fixable,
      scope: r.scope,
      description: r.meta.description,
      ...(r.meta.messages ? { messages: r.meta.messages } : {}),
    }));
    expect(RULE_METADATA).toEqual(fromModules);
  });

  it('skillc explain lists the message ids of a rule with meta.messages, and none for a rule without', async () => {
    let out = '';
    const io = { cwd: process.cwd(), stdout: (t: string) => void (out += t), stderr: () => undefined };
    expect(await main(['explain', 'skills/call-depth'], io)).toBe(0);
    expect(out).toMatch(/\n## Messages\n\n- `tooDeep`: Unexpected call chain `\{\{chain\}\}` of depth \{\{depth\}\}, expected at most \{\{max\}\}\n$/);
    out = '';
    expect(await main(['explain', 'file/parse'], io)).toBe(0);
    expect(out).not.toContain('## Messages');
  });
});
