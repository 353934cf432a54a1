import type { Reporter } from './context.js';
import { relativeUri } from './context.js';
import { docsUrl } from '../../rules/rule.js';
import { packageVersion } from '../../core/package.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** SARIF 2.1.0 for code scanning; artifact URIs are relative to %SRCROOT% (the working directory). */
export const sarif: Reporter = (result, { cwd, rules = [], version = packageVersion() }) => {
  const ruleIndex = new Map(rules.map((r, i) => [r.meta.id, i]));
  // Rule ids no descriptor names (a plugin's, an unknown one): indexed as they are met, one look-up a finding.
  const extra: string[] = [];
  for (const f of result.files) {
    for (const d of [...f.messages, ...(f.suppressed ?? [])]) {
      if (ruleIndex.has(d.ruleId)) continue;
      ruleIndex.set(d.ruleId, rules.length + extra.length);
      extra.push(d.ruleId);
    }
  }
  const descriptors = [
    ...rules.map((r) => ({
      id: r.meta.id,
      shortDescription: { text: r.meta.description },
      helpUri: r.meta.url ?? docsUrl(r.meta.id),
      defaultConfiguration: { level: LEVEL[r.meta.severity] },
      properties: { fixable: r.meta.fixable },
    })),
    ...extra.map((id) => ({ id, shortDescription: { text: id }, helpUri: docsUrl(id) })),
  ];
  // Suppressed findings stay in the log, marked (issue #24): code scanning shows them as suppressed
  // rather than never seeing them, so a suppression added in a pull request is visible in review.
  const results = result.files.flatMap((f) =>
    [...f.messages, ...(f.suppressed ?? [])].map((d) => ({
      ruleId: d.ruleId,
      ruleIndex: ruleIndex.get(d.ruleId),
      level: LEVEL[d.severity],
      // build --check: the file's diff after the message, as code scanning shows the text whole.
      message: { text: f.diff === undefined ? d.message : `${d.message}\n\n${f.diff}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: relativeUri(f.path, cwd), uriBaseId: '%SRCROOT%' },
            region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
          },
        },
      ],
      ...(d.suppressions ? { suppressions: d.suppressions.map((s) => ({ kind: s.kind, status: 'accepted', ...(s.justification ? { justification: s.justification } : {}) })) } : {}),
    })),
  );
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'skillc', version, informationUri: 'https://github.com/skillc-dev/skillc', rules: descriptors } },
        artifacts: result.files.map((f) => ({ location: { uri: relativeUri(f.path, cwd), uriBaseId: '%SRCROOT%' } })),
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
