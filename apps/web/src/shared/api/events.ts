type Listener<T> = (payload: T) => void;

/** A tiny synchronous event bus; listeners that throw do not stop the others. */
export interface EventBus<T> {
  on(name: string, listener: Listener<T>): () => void;
  emit(name: string, payload: T): void;
}

export function createEventBus<T>(): EventBus<T> {
  const listeners = new Map<string, Set<Listener<T>>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          // One faulty listener must not hide the event from the rest; still report it.
          globalThis.reportError?.(error);
        }
      }
    },
  };
}
