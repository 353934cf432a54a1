import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { checkDocExample, parseDocExamples } from '../../src/testing/doc-examples.js';

// The rule docs are executable (src/testing/doc-examples.ts says how a page marks its examples):
// every Not ok example gets a report from its page's rule, every Ok example none.
const docsRoot = path.resolve(import.meta.dirname, '../../docs/rules');

describe('docs/rules examples', () => {
  for (const rule of BUILTIN_RULES) {
    const file = path.join(docsRoot, `${rule.meta.id}.md`);
    if (!fs.existsSync(file)) continue; // rule-docs.test.ts reports a missing page
    const { examples, problems } = parseDocExamples(fs.readFileSync(file, 'utf8'));
    describe(rule.meta.id, () => {
      it('marks every example with a valid header, and has a Not ok and an Ok example', () => {
        expect(problems.map((p) => `${rule.meta.id}.md:${p.line}: ${p.message}`)).toEqual([]);
        expect(examples.some((e) => e.kind === 'not-ok'), 'a Not ok example').toBe(true);
        expect(examples.some((e) => e.kind === 'ok'), 'an Ok example').toBe(true);
      });
      for (const example of examples) {
        const title = `${example.kind === 'ok' ? 'Ok' : 'Not ok'} example at line ${example.line}`;
        if (!example.case) it.skip(`${title} (${example.header.skip})`, () => {});
        else it(title, async () => expect(await checkDocExample(rule, example)).toBeUndefined());
      }
    });
  }
});
