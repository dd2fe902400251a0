import { describe, expect, it } from 'vitest';
import { CHOICE_KEY, type KeyValueStore } from './choice.ts';
import { BackgroundStore } from './store.ts';

function memoryStorage(): KeyValueStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the background choice of this browser', () => {
  it('is remembered for the next page (the pre-join choice applies in the call)', () => {
    const storage = memoryStorage();
    const store = new BackgroundStore(storage);
    store.choose({ kind: 'image', image: 'studio' });
    expect(store.getState()).toMatchObject({
      choice: { kind: 'image', image: 'studio' },
      loading: true,
    });
    expect(new BackgroundStore(storage).getState().choice).toEqual({
      kind: 'image',
      image: 'studio',
    });
  });

  it('loads only when turned on from off; switching backgrounds keeps processing', () => {
    const store = new BackgroundStore(memoryStorage());
    store.choose({ kind: 'blur' });
    store.started();
    store.choose({ kind: 'image', image: 'ocean' });
    expect(store.getState().loading).toBe(false);
  });

  it('a device too slow for it turns it off, remembered, with the reason', () => {
    const storage = memoryStorage();
    const store = new BackgroundStore(storage);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().choice.kind));
    store.choose({ kind: 'blur' });
    store.turnOff('too_slow');
    expect(store.getState()).toMatchObject({ choice: { kind: 'none' }, notice: 'too_slow' });
    expect(storage.items.get(CHOICE_KEY)).toBe('{"kind":"none"}');
    expect(seen).toEqual(['blur', 'none']);
    store.dismissNotice();
    expect(store.getState().notice).toBeNull();
  });

  it('their own image is kept and chosen; without one it cannot be chosen', () => {
    const store = new BackgroundStore(memoryStorage());
    store.choose({ kind: 'custom' });
    expect(store.getState().choice).toEqual({ kind: 'none' });
    store.setCustomImage('data:image/jpeg;base64,AAAA');
    expect(store.getState()).toMatchObject({
      choice: { kind: 'custom' },
      customImage: 'data:image/jpeg;base64,AAAA',
    });
  });

  it('works without storage, and says when a choice cannot be remembered', () => {
    const store = new BackgroundStore(null);
    store.choose({ kind: 'blur' });
    expect(store.getState().choice).toEqual({ kind: 'blur' });
    const refusing = new BackgroundStore({
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    });
    refusing.choose({ kind: 'blur' });
    expect(refusing.getState()).toMatchObject({ choice: { kind: 'blur' }, notice: 'not_saved' });
  });
});
