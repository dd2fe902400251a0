import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazyModule.ts';

/** An import the test settles by hand, counting how often it was started. */
function manualImport<T>() {
  const settlers: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const importModule = vi.fn(
    () => new Promise<T>((resolve, reject) => settlers.push({ resolve, reject })),
  );
  return { importModule, settlers };
}

describe('lazyModule', () => {
  it('loads only when asked, once, and remembers the module', async () => {
    const { importModule, settlers } = manualImport<{ name: string }>();
    const lazy = lazyModule(importModule);
    expect(importModule).not.toHaveBeenCalled();
    expect(lazy.current()).toBeNull();

    const loading = lazy.load();
    settlers[0]!.resolve({ name: 'room' });
    await expect(loading).resolves.toEqual({ name: 'room' });
    expect(lazy.current()).toEqual({ name: 'room' });

    await expect(lazy.load()).resolves.toBe(lazy.current());
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('gives concurrent callers the one load and tells subscribers when it arrives', async () => {
    const { importModule, settlers } = manualImport<string>();
    const lazy = lazyModule(importModule);
    const heard = vi.fn();
    const unsubscribed = vi.fn();
    lazy.subscribe(heard);
    lazy.subscribe(unsubscribed)();

    const first = lazy.load();
    const second = lazy.load();
    expect(second).toBe(first);
    expect(heard).not.toHaveBeenCalled();

    settlers[0]!.resolve('module');
    await expect(Promise.all([first, second])).resolves.toEqual(['module', 'module']);
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(unsubscribed).not.toHaveBeenCalled();
  });

  it('tries again after a failed load, and keeps nothing from the failure', async () => {
    const { importModule, settlers } = manualImport<string>();
    const lazy = lazyModule(importModule);
    const heard = vi.fn();
    lazy.subscribe(heard);

    const failed = lazy.load();
    settlers[0]!.reject(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    expect(lazy.current()).toBeNull();
    expect(heard).not.toHaveBeenCalled();

    const retried = lazy.load();
    expect(importModule).toHaveBeenCalledTimes(2);
    settlers[1]!.resolve('module');
    await expect(retried).resolves.toBe('module');
    expect(lazy.current()).toBe('module');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
