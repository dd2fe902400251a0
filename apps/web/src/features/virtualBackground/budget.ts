/**
 * Whether this device keeps up with the virtual background. Each processed frame's time
 * (segmentation + compositing) is recorded; after a warm-up (the model's first frames are slow
 * while the wasm compiles and caches fill) the median of the recent window is compared with the
 * budget. A median stays robust to single garbage-collection pauses; a device whose median stays
 * above the budget for a whole window cannot keep the frame rate and the background is turned off.
 */

export interface BudgetOptions {
  /** A frame taking longer than this on median is too slow. */
  budgetMs: number;
  /** How much recent history is judged. */
  windowMs: number;
  /** Frames before this much time since the first are not judged. */
  warmupMs: number;
}

/**
 * The goal is 30 fps at 720p (33 ms a frame); turning off is for a device that cannot hold
 * 15 fps, the least a camera picture needs to look like motion, for four seconds on end.
 */
export const FALLBACK_BUDGET: BudgetOptions = {
  budgetMs: 1000 / 15,
  windowMs: 4_000,
  warmupMs: 3_000,
};

export interface FrameSample {
  /** When the frame finished (ms, monotonic). */
  at: number;
  /** How long it took (ms). */
  ms: number;
}

export type BudgetVerdict = 'warming_up' | 'ok' | 'too_slow';

export function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The verdict over samples in time order, at `now`. */
export function judgeFrames(
  samples: readonly FrameSample[],
  startedAt: number,
  now: number,
  options: BudgetOptions = FALLBACK_BUDGET,
): BudgetVerdict {
  if (now - startedAt < options.warmupMs + options.windowMs) return 'warming_up';
  const recent = samples.filter(
    (s) => s.at > now - options.windowMs && s.at - startedAt >= options.warmupMs,
  );
  // A paused camera gives no frames and no blame; a few very slow frames are blamed.
  if (!recent.length) return 'ok';
  return median(recent.map((s) => s.ms)) > options.budgetMs ? 'too_slow' : 'ok';
}

/** Keeps the recent samples and judges them; one per processing run. */
export class FrameBudget {
  #samples: FrameSample[] = [];
  #startedAt: number | null = null;
  readonly #options: BudgetOptions;

  constructor(options: BudgetOptions = FALLBACK_BUDGET) {
    this.#options = options;
  }

  /** Records one frame; returns the verdict after it. */
  record(ms: number, now: number): BudgetVerdict {
    // Warm-up counts from the end of the first frame: that one alone may take seconds (the
    // graph starts on the first frame) and must not count as a window of slow frames.
    this.#startedAt ??= now;
    this.#samples.push({ at: now, ms });
    const oldest = now - this.#options.windowMs;
    while ((this.#samples[0]?.at ?? now) <= oldest) this.#samples.shift();
    return judgeFrames(this.#samples, this.#startedAt, now, this.#options);
  }

  /** The input paused (camera off, device switch): judging starts over with a new warm-up. */
  restart(): void {
    this.#samples = [];
    this.#startedAt = null;
  }

  /** Median frame time of the window, for the bench and diagnostics. */
  get medianMs(): number {
    return median(this.#samples.map((s) => s.ms));
  }
}
