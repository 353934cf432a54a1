import type { Reporter } from './context.js';
import { relativeUri } from './context.js';
import { docsUrl } from '../../rules/rule.js';
import { packageVersion } from '../../core/package.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** SARIF 2.1.0 for code scanning; artifact URIs are relative to %SRCROOT% (the working directory). */
export const sarif: Reporter = (result, { cwd, rules = [], version = packageVersion() }) => {
  const ruleIndex = new Map(rules.map((r, i) => [r.meta.id, i]));
  const extra: string[] = [];
  for (const f of result.files) for (const d of f.messages) if (!ruleIndex.has(d.ruleId) && !extra.includes(d.ruleId)) extra.push(d.ruleId);
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
  extra.forEach((id, i) => ruleIndex.set(id, rules.length + i));
  const results = result.files.flatMap((f) =>
    f.messages.map((d) => ({
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
