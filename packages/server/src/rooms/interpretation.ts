import { Refusal, type Draft } from './draft.ts';
import { canSee, inRoom, type Participant, type RoomState } from './state.ts';
import { roomError, type RoomError } from './types.ts';

/**
 * Interpretation channels. An interpreter (granted by the host with `set_interpreter`) publishes
 * into one language channel; each listener hears "Original" (no interpreter at all) or one
 * channel. The listener's choice is room state (`Participant.listening`, chosen with
 * `choose_channel`); it changes nothing anyone else sees, so no event tells others of it. The
 * room host's media routing carries out the `media.listen` effect (feeds gained and lost).
 */

/** The channels someone interprets into right now, as this viewer may see them (sorted). */
export function interpreterChannels(state: RoomState, viewer: Participant): string[] {
  const channels = new Set<string>();
  for (const p of state.participants.values()) {
    if (p.interpreterChannel !== null && inRoom(p) && canSee(state, viewer, p)) {
      channels.add(p.interpreterChannel);
    }
  }
  return [...channels].sort();
}

/**
 * Whether `participantId` may listen to `channel` (null: "Original", always a choice). Any role
 * may choose, interpreters included (relay interpretation); only people in the room proper, and
 * only a channel with an interpreter they can see.
 */
export function checkChannelChoice(
  state: RoomState,
  participantId: string,
  channel: string | null,
): RoomError | null {
  const p = state.participants.get(participantId);
  if (!p || !inRoom(p)) return roomError('not_joined', 'room.not_in_room');
  if (channel === null) return null;
  if (!interpreterChannels(state, p).includes(channel)) {
    return roomError('not_allowed', 'room.no_interpreter');
  }
  return null;
}

/**
 * Whether `viewer`, listening to `listening` (null: Original), receives `owner`'s feeds as far as
 * interpretation goes (`canSee` still applies). An interpreter's feeds reach only the listeners
 * of their channel (and themselves): someone on Original never receives an interpreter at all.
 */
export function hearsFeedsOf(
  viewer: Participant,
  owner: Participant,
  listening: string | null = viewer.listening,
): boolean {
  if (owner.interpreterChannel === null || owner.id === viewer.id) return true;
  return listening === owner.interpreterChannel;
}

/** `choose_channel`: the listener hears `channel` from now on (null: Original). */
export function chooseChannel(d: Draft, actor: Participant, channel: string | null): void {
  // Nothing changed yet in this decision: the base state is the room as it is.
  const refused = checkChannelChoice(d.base, actor.id, channel);
  if (refused) throw new Refusal(refused);
  d.update(actor, { listening: channel });
  d.effect({ kind: 'media.listen', participantId: actor.id });
}
