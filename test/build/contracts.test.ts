import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { tempProject } from './helpers.js';

describe('build: the contracts region renders the shared contracts a skill names', () => {
  it('renders the field table of the contract behind an artifact', async () => {
    const cwd = tempProject({
      'skillc.config.json': JSON.stringify({
        hosts: ['agentskills'],
        contracts: {
          'stage-report': {
            description: 'A stage report handed to the orchestrator.',
            frontmatter: {
              skill: { type: 'string', required: true, description: 'The stage that wrote it.' },
              status: { type: 'string', required: true, values: ['ok', 'failed', 'needs-input', 'skipped'] },
            },
            sections: ['Summary'],
          },
        },
      }),
      'skills-src/stage/SKILL.md': [
        '---',
        'name: stage',
        'description: Use when a pipeline stage must report back.',
        'skillc:',
        '  artifacts:',
        '    report.md: { contract: stage-report }',
        '---',
        '',
        '# Stage',
        '',
        '<!-- generated: contracts -->',
        '<!-- /generated -->',
        '',
      ].join('\n'),
    });
    const result = await build({ cwd });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const out = fs.readFileSync(path.join(cwd, 'generated/agentskills/stage/SKILL.md'), 'utf8');
    expect(out).toContain('stage-report');
    expect(out).toMatch(/\|\s*`?status`?\s*\|/);
    expect(out).toContain('needs-input');
    expect(out).not.toContain('<!-- generated');
  });
});
