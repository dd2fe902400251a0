/**
 * A module loaded on demand, once: concurrent callers share the one load, the loaded module is
 * remembered so later callers get it without waiting a turn, subscribers hear when it arrives,
 * and a failed load (offline) is forgotten so the next `load()` tries again. Framework-free: the
 * React hook (ui/deferredModule.ts) and the join page's room code (join/roomModule.ts) are both
 * built on it.
 */
export interface LazyModule<T> {
  /** Loads the module, or joins the load under way; resolves at once once it is here. */
  load(): Promise<T>;
  /** The module if it has loaded, else null. */
  current(): T | null;
  /** Calls `listener` once the module has loaded; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(importModule: () => Promise<T>): LazyModule<T> {
  let module: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importModule().then(
        (loaded) => {
          module = loaded;
          for (const listener of [...listeners]) listener();
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => module,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
