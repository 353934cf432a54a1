import path from 'node:path';
import v8 from 'node:v8';
import { LIMITS } from '../parse/limits.js';
import { parseSkill } from '../parse/skill.js';
import { readableBytes } from '../rules/file/budget.js';
import type { Skill } from '../model/skill.js';
import { lintSkill, lintSkillFolder, type Linter } from './lint-skill.js';

/**
 * What one lint run (one thread of it) may spend: bytes of skill text read, and memory. Every
 * file is bounded and every rule linear in its input, but many skills each under the limits add
 * up: past the budget a run lints no more skills, and each one left is a `file/budget` diagnostic
 * rather than a run that takes hours or dies out of memory (issue #24). One per run: no state
 * outlives it.
 */
export class RunBudget {
  private spent = 0;

  constructor(
    private readonly maxBytes: number = LIMITS.maxRunBytes,
    private readonly heapShare: number = LIMITS.maxHeapShare,
  ) {}

  /** Why the next skill is not linted, or undefined while the budget lasts. */
  refusal(): string | undefined {
    if (this.spent > this.maxBytes) return `Unexpected skill left unlinted: this lint run read ${this.spent} bytes of skill text, more than its budget of ${this.maxBytes} (lint fewer skills per run, or set --max-bytes)`;
    const heap = v8.getHeapStatistics();
    if (heap.used_heap_size > this.heapShare * heap.heap_size_limit) {
      return `Unexpected skill left unlinted: this lint run uses ${Math.round(heap.used_heap_size / 2 ** 20)} MiB of its ${Math.round(heap.heap_size_limit / 2 ** 20)} MiB heap (lint fewer skills per run)`;
    }
    return undefined;
  }

  /** Counts what a linted skill may have read: its SKILL.md and the bundled text its rules may read (up to the skill's budget). */
  charge(skill: Skill): void {
    this.spent += skill.file.text.length + Math.min(readableBytes(skill.bundled), LIMITS.maxSkillTextBytes);
  }
}

/**
 * `lintSkillFolder` within a run's budget: the skill read, fixed and checked while the budget
 * lasts, else a skill that was not read, whose only finding is `file/budget`'s.
 */
export function lintWithinBudget(dir: string, linter: Linter, budget: RunBudget, options: Parameters<typeof lintSkillFolder>[2]): ReturnType<typeof lintSkillFolder> {
  const refusal = budget.refusal();
  if (refusal) {
    const skill = parseSkill({ dir: path.resolve(dir), text: '', bundled: [], readProblem: { kind: 'budget', message: refusal } });
    return { skill, outcome: lintSkill(skill, linter), outputs: new Map() };
  }
  const linted = lintSkillFolder(dir, linter, options);
  budget.charge(linted.skill);
  return linted;
}
