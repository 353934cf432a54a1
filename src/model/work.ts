/**
 * A count of the work done on one skill, in characters examined (a scan, a window read around a
 * match, a string handed to a parser) and comparisons made (a "did you mean" search), charged
 * by the steps whose cost used to grow faster than their input (issue #24): scanning for path
 * words and building their tails, reading a line as shell for each candidate on it, searching
 * for hints. A regression to a quadratic step shows in the count, which the property tests
 * (test/fuzz/cost.test.ts) hold to a linear bound of the skill's size, with no clock involved.
 *
 * The count is also a budget: past it the skill's remaining rules do not run and `file/budget`
 * says so, rather than a lint that does not end. One meter per parsed skill: nothing outlives it.
 */
export class WorkMeter {
  units = 0;

  /** `budget`: units the skill may spend (WORK_PER_BYTE per byte of its text, plus WORK_BASE). */
  constructor(readonly budget: number) {}

  charge(units: number): void {
    this.units += units;
    if (this.units > this.budget) throw new WorkBudgetError(this.units, this.budget);
  }
}

/** Units a skill may spend per byte of its text (SKILL.md and the bundled text its rules may read). */
export const WORK_PER_BYTE = 256;
/** Units every skill may spend whatever its size. */
export const WORK_BASE = 4_000_000;

/** Thrown by `WorkMeter.charge` past the budget: the engine reports it as `file/budget`, not as a crash. */
export class WorkBudgetError extends Error {
  constructor(
    readonly units: number,
    readonly budget: number,
  ) {
    super(`Unexpected work of more than ${budget} units on this skill (its budget, ${WORK_PER_BYTE} per byte of its text): the rules left were not run`);
  }
}
