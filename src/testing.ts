/**
 * `skillc/testing`: testing rules (docs/plugins.md, docs/api.md). The RuleTester lints each
 * case's skill tree with the one rule; `loadPlugin` loads a plugin as `skillc lint` does;
 * `parseDocExamples` and `checkDocExample` test a rule's docs page.
 */
export { RuleTester, testRule, type ExpectedDiagnostic, type InvalidCase, type RuleCase, type RuleCases, type TestApi, type TreeSpec } from './testing/rule-tester.js';
export { checkDocExample, parseDocExamples, type DocExample, type DocExampleProblem, type ExampleHeader } from './testing/doc-examples.js';
export { loadPlugin, type LoadedPlugin } from './lint/plugins.js';
