import type { ParticipantView } from '@podium/protocol';
import type { GiftGiven } from './giftEvents.ts';
import type { RoomState } from '../../state/roomState.ts';

/**
 * Who can receive a gift from this browser: people in the room other than oneself, with an
 * account (the server refuses guests and oneself; offering them would only lead to an error).
 * In the order they arrived, like the tiles.
 */
export function giftRecipients(
  room: Pick<RoomState, 'participants' | 'order' | 'selfId'>,
): ParticipantView[] {
  const out: ParticipantView[] = [];
  for (const id of room.order) {
    const p = room.participants[id];
    if (!p || p.id === room.selfId || p.guest) continue;
    out.push(p);
  }
  return out;
}

/** One intended transfer: this gift to this person, under one idempotency key. */
export interface GiftAttempt {
  to: string;
  giftId: string;
  key: string;
}

/**
 * The attempt for a click: a retry of the same choice after a failure keeps the key (so a
 * request whose answer was lost is applied at most once); any other choice gets a new key.
 */
export function attemptFor(
  last: GiftAttempt | null,
  lastFailed: boolean,
  choice: { to: string; giftId: string },
  newKey: () => string,
): GiftAttempt {
  if (last && lastFailed && last.to === choice.to && last.giftId === choice.giftId) return last;
  return { ...choice, key: newKey() };
}

/** The gifts in `next` that `prev` did not have, oldest first. */
export function newGifts(
  prev: readonly GiftGiven[],
  next: readonly GiftGiven[],
): readonly GiftGiven[] {
  if (prev === next) return [];
  const known = new Set(prev.map((g) => g.transfer_id));
  return next.filter((g) => !known.has(g.transfer_id));
}
