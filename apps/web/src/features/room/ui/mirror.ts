import { useSyncExternalStore } from 'react';

/**
 * "Mirror my video" (spec §1 in-call features): whether one's own camera shows mirrored, as in
 * a mirror. Only the self-view changes; others always get the true image. Remembered locally.
 */
const KEY = 'podium.room.mirror';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let mirror = storage()?.getItem(KEY) !== 'off';

export function setMirror(on: boolean): void {
  mirror = on;
  try {
    storage()?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered; still applies to this page.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMirror(): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(subscribe, () => mirror);
  return [value, setMirror];
}
