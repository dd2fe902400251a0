import { useSyncExternalStore } from 'react';

/**
 * "Play a sound when a hand goes up" (hosts and co-hosts): off unless chosen, remembered in this
 * browser only, like "Mirror my video".
 */
const KEY = 'podium.room.handSound';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let handSound = storage()?.getItem(KEY) === 'on';

export function handSoundOn(): boolean {
  return handSound;
}

export function setHandSound(on: boolean): void {
  handSound = on;
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

export function useHandSound(): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(subscribe, () => handSound);
  return [value, setHandSound];
}

/** A short two-note chime (Web Audio: no sound file to load). */
export function playHandChime(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  try {
    const audio = new Context();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.5);
    for (const [i, frequency] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + i * 0.15);
      tone.stop(audio.currentTime + 0.5);
    }
    window.setTimeout(() => void audio.close(), 800);
  } catch {
    // No audio output allowed yet: the toast is enough.
  }
}
