import type { FeedView, ParticipantView } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';
import type { RoomState } from '../../state/roomState.ts';
import { readSlice, type RoomStoreState } from '../../store.ts';

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

/** The interpretation feature's slice of the room store: a local choice, no server event. */
export const listeningSlice: FeatureSlice<Listening> = {
  key: 'interpretation',
  initial: { channel: null, participantId: null },
};

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

/** What this browser listens to, from the room store's state (a selector). */
export function listenedChannel(state: Pick<RoomStoreState, 'room' | 'features'>): string | null {
  return effectiveChannel(readSlice(state, listeningSlice), state.room);
}

/**
 * Whether the chosen channel lost its last interpreter, so this browser should go back to
 * Original (on the server too when `server` says it was chosen as this participant).
 */
export function lostChannel(state: Pick<RoomStoreState, 'room' | 'features'>): {
  lost: boolean;
  server: boolean;
} {
  const listening = readSlice(state, listeningSlice);
  const lost = listening.channel !== null && listenedChannel(state) === null;
  return { lost, server: lost && listening.participantId === state.room.selfId };
}
