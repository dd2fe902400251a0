/**
 * Runs tasks one after another in the order they were queued. A room applies its commands
 * through one of these, so two requests never interleave across an `await`. A failing task
 * rejects its own promise only; the queue keeps going.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;
  /** Counts a task out once it settled (one function per queue, not one closure per task). */
  readonly #settled = (): void => {
    this.#pending -= 1;
  };

  /** Tasks queued or running. */
  get size(): number {
    return this.#pending;
  }

  run<T>(task: () => T | Promise<T>): Promise<T> {
    this.#pending += 1;
    const result = this.#tail.then(task);
    // The chain itself never rejects, so one failure cannot poison later tasks. Registered
    // before the caller's own reactions, so whoever awaits the result sees the task counted
    // out; two promises a task, where `finally` and `catch` made four (every socket request and
    // every room command passes here).
    this.#tail = result.then(this.#settled, this.#settled);
    return result;
  }

  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}
