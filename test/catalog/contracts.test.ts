import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContract, renderContract, renderSkillContracts } from '../../src/analysis/contracts.js';
import type { ContractSpec } from '../../src/config/config.js';
import { lint } from '../../src/lint/engine.js';
import { gate } from '../../src/rehearse/gate.js';
import { corpus } from '../helpers.js';

const config = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/catalog/supermodo-stage-report.json'), 'utf8')) as { contracts: Record<string, ContractSpec> };
const stageReport = config.contracts['stage-report']!;
const store = path.join(corpus, 'supermodo/scripts/fixtures/reports-store');

function reports(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? reports(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
}

describe('the supermodo stage-report contract on its real report fixtures', () => {
  // Each verdict follows from the fixture's own text: the three broken ones say so.
  const expected: Record<string, { ok: boolean; problem?: RegExp }> = {
    'hunt/20260728-120000.md': { ok: false, problem: /^Missing frontmatter/ },
    'hunt/20260801-090200.md': { ok: true },
    'next/20260801-154000.md': { ok: true },
    'release/20260729-174500.md': { ok: true },
    'runs/20260801-101500-csv-export/01-librarian.md': { ok: true },
    'runs/20260801-101500-csv-export/05-tests.md': { ok: true },
    'tests/20260730-101000.md': { ok: false, problem: /^Unexpected `needs_input` for `status`, expected one of `ok`, `failed`, `needs-input`, `skipped`$/ },
    'tests/20260730-101500.md': { ok: false, problem: /^Unexpected empty `summary`, expected a string \(the field is required\)$/ },
  };

  it('covers every report fixture', () => {
    expect(reports(store).map((f) => path.relative(store, f).split(path.sep).join('/')).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [file, want] of Object.entries(expected)) {
    it(`${file}: ${want.ok ? 'passes' : 'fails'}`, () => {
      const check = checkContract('stage-report', stageReport, fs.readFileSync(path.join(store, file), 'utf8'));
      expect(check.ok, JSON.stringify(check.problems)).toBe(want.ok);
      if (want.problem) {
        expect(check.problems).toHaveLength(1);
        expect(check.problems[0]!.message).toMatch(want.problem);
      }
    });
  }

  it('names the line of a bad field', () => {
    const check = checkContract('stage-report', stageReport, fs.readFileSync(path.join(store, 'tests/20260730-101000.md'), 'utf8'));
    expect(check.problems[0]!.line).toBe(3);
  });
});

describe('checkContract fails closed', () => {
  const c: ContractSpec = { frontmatter: { status: { required: true, values: ['ok', 'failed'] }, n: { type: 'integer' } }, sections: ['Findings'] };
  const run = (text: string) => checkContract('c', c, text);

  it('passes a conforming file', () => expect(run('---\nstatus: ok\nn: 3\n---\n\n## Findings\n\nNone.\n')).toMatchObject({ ok: true, problems: [] }));
  it('rejects an unknown key', () => expect(run('---\nstatus: ok\nextra: 1\n---\n## Findings\n').problems).toEqual([{ message: 'Unexpected key `extra` in the frontmatter, expected one of `status`, `n` (contract `c`)', line: 3 }]));
  it('rejects a missing required field', () => expect(run('---\nn: 1\n---\n## Findings\n').problems[0]!.message).toBe('Unexpected empty `status`, expected a string (the field is required)'));
  it('rejects a wrong type', () => expect(run('---\nstatus: ok\nn: 1.5\n---\n## Findings\n').problems[0]!.message).toBe('Unexpected `1.5` for `n`, expected an integer'));
  it('rejects unparseable YAML', () => expect(run('---\nstatus: [ok\n---\n## Findings\n').problems[0]!.message).toMatch(/^Unexpected invalid YAML/));
  it('rejects a document that is not a mapping', () => expect(run('---\n- ok\n---\n## Findings\n').problems[0]!.message).toMatch(/^Unexpected a list as frontmatter/));
  it('rejects an unclosed block', () => expect(run('---\nstatus: ok\n## Findings\n').ok).toBe(false));
  it("reads a block closed by YAML's document end `...`, after a BOM", () => expect(run('\uFEFF---\nstatus: ok\n...\n\n## Findings\n')).toMatchObject({ ok: true, problems: [] }));
  it('rejects a missing section, with the body lines counted from the file', () => {
    const check = run('---\nstatus: ok\n---\n## Findings\n## Findings\n');
    expect(check.problems).toEqual([{ message: 'Unexpected duplicate section `## Findings` in `c`', line: 5 }]);
    expect(run('---\nstatus: ok\n---\n## Other\n').problems[0]!.message).toBe('Missing required section `## Findings` in `c`');
  });
  it('allows other keys only when the contract says so', () => {
    expect(checkContract('c', { ...c, additionalFields: true }, '---\nstatus: ok\nextra: 1\n---\n## Findings\n').ok).toBe(true);
  });
});

describe('rendering a contract (for the generated region)', () => {
  it('renders the field table', () => {
    const text = renderContract('stage-report', stageReport);
    expect(text).toContain('| Field | Type | Required | Allowed values | Meaning |');
    expect(text).toContain('| `status` | string | yes | `ok`, `failed`, `needs-input`, `skipped` | The run\'s outcome. |');
    expect(text).toContain('Any other frontmatter key fails the check.');
  });
  it('renders the contracts a skill names', () => {
    const text = renderSkillContracts({ artifacts: { 'report.md': { contract: 'stage-report' } } }, config.contracts);
    expect(text.startsWith('**Contract `stage-report`** (`report.md`)')).toBe(true);
    expect(renderSkillContracts({}, config.contracts)).toBe('_This skill names no contract._');
  });
});

describe('the gate and lint with contracts', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-contracts-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: 'skills', contracts: config.contracts }));
  const skillDir = path.join(root, 'skills', 'tests');
  fs.mkdirSync(skillDir, { recursive: true });
  fs.writeFileSync(
    path.join(skillDir, 'SKILL.md'),
    '---\nname: tests\ndescription: Use when the user asks to run the test tiers.\nskillc:\n  artifacts:\n    report.md: { contract: stage-report }\n    notes.md: { contract: nope }\n---\n# Tests\n',
  );
  const run = path.join(root, 'run');
  fs.mkdirSync(run);

  it('passes a good report and fails a bad one, with the contracts from the config', () => {
    fs.writeFileSync(path.join(run, 'report.md'), '---\nskill: tests\nstatus: ok\nsummary: "All green."\n---\n');
    expect(gate({ runDir: run, artifacts: ['report.md'], skill: skillDir }).ok).toBe(true);
    fs.writeFileSync(path.join(run, 'report.md'), '---\nskill: tests\nstatus: needs_input\nsummary: "x"\nextra: 1\n---\n');
    const result = gate({ runDir: run, artifacts: ['report.md'], skill: skillDir });
    expect(result.ok).toBe(false);
    expect(result.verdicts[0]!.problems.map((p) => p.message)).toEqual([
      'Unexpected `needs_input` for `status`, expected one of `ok`, `failed`, `needs-input`, `skipped`',
      'Unexpected key `extra` in the frontmatter, expected one of `skill`, `status`, `summary`, `task`, `questions`, `decisions`, `drift_notes` (contract `stage-report`)',
    ]);
  });

  it('fails an artifact whose contract is unknown', () => {
    fs.writeFileSync(path.join(run, 'notes.md'), '---\nskill: tests\n---\n');
    const result = gate({ runDir: run, artifacts: ['notes.md'], skill: skillDir });
    expect(result.verdicts[0]).toMatchObject({ ok: false, problems: [{ message: 'Unexpected unknown contract `nope` for `notes.md`, expected one of `stage-report`' }] });
  });

  it('takes the contracts from the options when given', () => {
    fs.writeFileSync(path.join(run, 'report.md'), '---\nskill: tests\nstatus: ok\nsummary: "All green."\n---\n');
    expect(gate({ runDir: run, artifacts: ['report.md'], skill: skillDir, contracts: {} }).ok).toBe(false);
  });

  it('lint reports a contract the config does not declare', async () => {
    const result = await lint({ cwd: root, config: { rules: {} } });
    const messages = result.files.flatMap((f) => f.messages).filter((m) => m.ruleId === 'source/skillc-block');
    expect(messages.map((m) => m.message)).toEqual(["Unexpected unknown contract `nope`, expected one of the config's contracts: stage-report"]);
  });
});
