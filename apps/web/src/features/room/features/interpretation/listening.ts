import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { FeedView, ParticipantView } from '@podium/protocol';
import type { RoomStore } from '../store.ts';
import type { RoomState } from '../state/roomState.ts';

/**
 * Interpretation on the listener's side. The server sends an interpreter's feeds only to the
 * listeners of their channel (`choose_channel`); this browser remembers what it chose and sets
 * the volumes: on a channel its interpreter plays at full volume over the original, lowered.
 */

/** How loud the original stays under an interpreter (decisions.md: about 20 %). */
export const ORIGINAL_UNDER_INTERPRETER = 0.2;

/** The chosen channel and the participant it was chosen as (a fresh join starts on Original). */
export interface Listening {
  channel: string | null;
  participantId: string | null;
}

const stores = new WeakMap<RoomStore, StoreApi<Listening>>();

/** One per room session (keyed by its room store). */
export function listeningStore(room: RoomStore): StoreApi<Listening> {
  let store = stores.get(room);
  if (!store) {
    store = createStore<Listening>()(() => ({ channel: null, participantId: null }));
    stores.set(room, store);
  }
  return store;
}

/** The channels someone interprets into, as this browser sees the room (sorted). */
export function interpreterChannels(participants: Readonly<Record<string, ParticipantView>>) {
  const channels = new Set<string>();
  for (const p of Object.values(participants)) {
    // Also while they reconnect: a short drop should not move listeners back to Original.
    if (p.interpreter_channel !== null) channels.add(p.interpreter_channel);
  }
  return [...channels].sort();
}

/**
 * What this browser listens to now: the channel it chose, while it is still the participant who
 * chose it and someone still interprets into it; otherwise the original (null).
 */
export function effectiveChannel(listening: Listening, room: RoomState): string | null {
  if (listening.channel === null || listening.participantId !== room.selfId) return null;
  return interpreterChannels(room.participants).includes(listening.channel)
    ? listening.channel
    : null;
}

/**
 * The playback volume of a received feed. On Original, interpreters are silent (the server does
 * not send them either); on a channel, its interpreter at 1 and everything else lowered.
 */
export function feedVolume(feed: FeedView | undefined, channel: string | null): number {
  const feedChannel = feed?.channel ?? null;
  if (feedChannel !== null) return feedChannel === channel ? 1 : 0;
  return channel === null ? 1 : ORIGINAL_UNDER_INTERPRETER;
}

export function useListening(room: RoomStore): Listening {
  return useStore(listeningStore(room));
}
