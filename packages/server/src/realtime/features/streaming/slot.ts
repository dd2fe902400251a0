import type { FeatureRoom, FeatureSlot } from '../types.ts';
import { StreamRoom } from './stream-room.ts';

/** The longest wait between two retries of a dropped destination. */
const RETRY_CAP_MS = 60_000;

/**
 * The live stream of one room run. The slot holds a holder that the first request fills: the
 * stream needs the room (to announce), which a slot's `open` does not get.
 */
export const streamSlot: FeatureSlot<{ stream: StreamRoom | null }> = {
  name: 'streaming',
  open: () => ({ stream: null }),
};

export function streamRoomOf(room: FeatureRoom): StreamRoom {
  const holder = room.local(streamSlot);
  const config = room.deps.streaming?.config;
  holder.stream ??= new StreamRoom(room, {
    max: config?.retryMax ?? 5,
    baseMs: config?.retryBaseMs ?? 2000,
    capMs: RETRY_CAP_MS,
  });
  return holder.stream;
}

/** The stream of this run if one was ever started (no object made just to look). */
export const existingStreamOf = (room: FeatureRoom): StreamRoom | null =>
  room.local(streamSlot).stream;
