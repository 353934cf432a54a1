import { allSteps } from '../../parse/includes.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { includeWalks, relToSkill } from './shared.js';

export default defineSkillRule(
  {
    id: 'source/include-missing',
    description: 'Reports an include directive whose file is missing, absolute, outside the sources root (symlinks resolved) or nested beyond the include limits, in SKILL.md, in a bundled Markdown file the build expands, or in a file they include.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      nested: '{{message}} (in `{{skill}}` line {{line}})',
    },
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    // A fragment included twice is walked twice: its problem is still one problem to the author.
    const seen = new Set<string>();
    // SKILL.md's includes, then those of each bundled Markdown file the build expands (reported there).
    for (const { file, steps } of includeWalks(skill, config.sources)) {
      for (const top of steps) {
        for (const step of allSteps([top])) {
          // Cycles are source/include-cycle's.
          if (!step.problem || step.problem.kind === 'cycle') continue;
          if (step === top) {
            report({ message: step.problem.message, range: top.include.range, ...(file ? { file } : {}) });
            continue;
          }
          const key = `${step.from}\0${step.include.range.start.offset}`;
          if (seen.has(key)) continue;
          seen.add(key);
          // Problems of the files an include brings in are reported where the author can see them.
          report({ messageId: 'nested', data: { message: step.problem.message, skill: relToSkill(skill, step.from), line: step.include.range.start.line }, range: top.include.range, ...(file ? { file } : {}) });
        }
      }
    }
  },
);
