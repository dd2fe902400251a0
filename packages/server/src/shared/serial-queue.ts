/**
 * Runs tasks one after another in the order they were queued. A room applies its commands
 * through one of these, so two requests never interleave across an `await`. A failing task
 * rejects its own promise only; the queue keeps going.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.#pending;
  }

  run<T>(task: () => T | Promise<T>): Promise<T> {
    this.#pending += 1;
    const result = this.#tail.then(task).finally(() => {
      this.#pending -= 1;
    });
    // The chain itself never rejects, so one failure cannot poison later tasks.
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}
