import { describe, expect, it } from 'vitest';
import { FALLBACK_BUDGET, FrameBudget, judgeFrames, median } from './budget.ts';

const OPTIONS = { budgetMs: 66, windowMs: 4_000, warmupMs: 3_000 };

/** Feeds frames of `ms` each at `fps` for `seconds`, from `from`; returns the last verdict. */
function run(budget: FrameBudget, ms: number, fps: number, seconds: number, from = 0) {
  let verdict = budget.record(ms, from + ms);
  for (let t = 1000 / fps; t <= seconds * 1000; t += 1000 / fps) {
    verdict = budget.record(ms, from + t + ms);
  }
  return verdict;
}

describe('whether the device keeps up with the virtual background', () => {
  it('a device that holds the frame rate keeps the background', () => {
    expect(run(new FrameBudget(OPTIONS), 20, 30, 20)).toBe('ok');
    // Just under the budget is still fine.
    expect(run(new FrameBudget(OPTIONS), 60, 15, 20)).toBe('ok');
  });

  it('a device that stays above the budget turns it off, but only after warm-up and a window', () => {
    const budget = new FrameBudget(OPTIONS);
    expect(run(budget, 120, 8, 5)).toBe('warming_up');
    expect(run(budget, 120, 8, 3, 5_000)).toBe('too_slow');
  });

  it('slow first frames (the model compiling) are not held against it', () => {
    const budget = new FrameBudget(OPTIONS);
    run(budget, 500, 2, 2.5);
    expect(run(budget, 15, 30, 10, 2_500)).toBe('ok');
  });

  it('a first frame that takes seconds (the graph starting) is not a slow window', () => {
    const budget = new FrameBudget(OPTIONS);
    expect(budget.record(8_000, 8_000)).toBe('warming_up');
    expect(run(budget, 20, 30, 10, 8_000)).toBe('ok');
  });

  it('single pauses (garbage collection) do not turn it off: the median decides', () => {
    const budget = new FrameBudget(OPTIONS);
    let verdict = run(budget, 20, 30, 8);
    for (let i = 0; i < 5; i++) verdict = budget.record(400, 8_000 + i * 500);
    expect(verdict).toBe('ok');
  });

  it('a camera that paused is judged afresh after a restart', () => {
    const budget = new FrameBudget(OPTIONS);
    run(budget, 120, 8, 8);
    budget.restart();
    expect(budget.record(120, 20_000)).toBe('warming_up');
  });

  it('a window without frames is no verdict against the device', () => {
    expect(judgeFrames([{ at: 100, ms: 500 }], 0, 20_000, OPTIONS)).toBe('ok');
  });

  it('the shipped budget is 15 fps', () => {
    expect(FALLBACK_BUDGET.budgetMs).toBeCloseTo(66.7, 1);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});
