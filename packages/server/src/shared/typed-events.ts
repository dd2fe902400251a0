import type { Logger } from 'pino';

type Listener<T> = (payload: T) => void;

/**
 * A small typed event hub for long-lived server objects (media server, rooms). A listener that throws is logged and
 * skipped: an event usually arrives from a socket or a child process, where an exception would
 * otherwise escape into Node's event loop and take the server down.
 */
export class TypedEvents<Events extends object> {
  #listeners = new Map<keyof Events, Set<Listener<never>>>();
  #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => this.off(event, listener);
  }

  once<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const off = this.on(event, (payload) => {
      off();
      listener(payload);
    });
    return off;
  }

  off<K extends keyof Events>(event: K, listener: Listener<Events[K]>): void {
    this.#listeners.get(event)?.delete(listener as Listener<never>);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as Listener<Events[K]>)(payload);
      } catch (error) {
        this.#logger.error({ err: error, event: String(event) }, 'event listener failed');
      }
    }
  }

  removeAll(): void {
    this.#listeners.clear();
  }
}
