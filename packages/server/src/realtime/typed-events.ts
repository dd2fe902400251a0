import type { Logger } from 'pino';

type Listener<T> = (payload: T) => void;

/**
 * A small typed event hub for long-lived realtime objects. A listener that throws is logged and
 * skipped, so a bug in one listener cannot escape into the event loop and end the process.
 */
export class TypedEvents<Events extends object> {
  #listeners = new Map<keyof Events, Set<Listener<never>>>();
  #log: Logger;

  constructor(log: Logger) {
    this.#log = log;
  }

  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => {
      this.#listeners.get(event)?.delete(listener as Listener<never>);
    };
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as Listener<Events[K]>)(payload);
      } catch (error) {
        this.#log.error({ err: error, event: String(event) }, 'realtime event listener failed');
      }
    }
  }

  removeAll(): void {
    this.#listeners.clear();
  }
}
