type Listener<T> = (payload: T) => void;

/**
 * A typed synchronous emitter for the room's framework-free objects. A listener that throws is
 * reported and does not keep the event from the others.
 */
export class Emitter<Events extends object> {
  #listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    const set = this.#listeners.get(name) ?? new Set();
    set.add(listener as Listener<never>);
    this.#listeners.set(name, set);
    return () => {
      set.delete(listener as Listener<never>);
    };
  }

  emit<K extends keyof Events>(name: K, payload: Events[K]): void {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      try {
        (listener as Listener<Events[K]>)(payload);
      } catch (error) {
        globalThis.reportError?.(error);
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}
