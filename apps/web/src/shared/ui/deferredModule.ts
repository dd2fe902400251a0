import { useEffect, useSyncExternalStore } from 'react';
import { lazyModule } from '../lazyModule.ts';

/** Runs `run` when the browser is idle (or soon, where it has no idle callbacks). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * A module a page does not need to show, only to respond (a menu's dropdown, a drawer, a
 * popover): it stays out of the first load (issue 11) and loads once the page is idle, or at
 * once when `load()` is called (the person reached for the control first). Every user of the
 * hook shares the one load. A failed load (offline) is tried again on the next `load()`.
 */
export function deferredModule<T>(
  importModule: () => Promise<T>,
): () => { module: T | null; load: () => Promise<T> } {
  const lazy = lazyModule(importModule);
  const load = () => lazy.load();
  return function useDeferredModule() {
    const current = useSyncExternalStore(lazy.subscribe, lazy.current);
    useEffect(() => {
      if (lazy.current()) return;
      return whenIdle(() => void load().catch(() => undefined));
    }, []);
    return { module: current, load };
  };
}
