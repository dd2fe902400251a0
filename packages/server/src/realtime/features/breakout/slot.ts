import type { BreakoutView, ServerMessage } from '@podium/protocol';
import {
  canSee,
  identityKey,
  inRoom,
  isModeratorRole,
  resolveAudience,
  type Outgoing,
  type Participant,
  type RoomState,
} from '../../../rooms/index.ts';
import type { FeatureRoom, FeatureSlot } from '../types.ts';
import { roomOf, warningAt, type Breakout } from './rules.ts';

/** The breakout rooms of one room run, and the timers of their countdown. */
export class BreakoutRun {
  breakout: Breakout | null = null;
  #warn: NodeJS.Timeout | undefined;
  #close: NodeJS.Timeout | undefined;

  /** (Re)arms the warning and the closing for `breakout`'s timer; none without one. */
  schedule(room: FeatureRoom, onWarn: () => void, onClose: () => void): void {
    this.stopTimers();
    const b = this.breakout;
    if (!b || b.endsAt === null) return;
    const now = Date.now();
    const warn = warningAt(b)!;
    // setTimeout takes at most 2^31-1 ms; the longest timer (24 h) is far below.
    this.#warn = setTimeout(() => room.turn(onWarn).catch(ignore), Math.max(0, warn - now));
    this.#close = setTimeout(() => room.turn(onClose).catch(ignore), Math.max(0, b.endsAt - now));
    this.#warn.unref();
    this.#close.unref();
  }

  stopTimers(): void {
    clearTimeout(this.#warn);
    clearTimeout(this.#close);
    this.#warn = undefined;
    this.#close = undefined;
  }
}

// A closed room rejects late turns; nothing is left to do then.
const ignore = (): void => undefined;

export const breakoutRun: FeatureSlot<BreakoutRun> = {
  name: 'breakout',
  open: () => new BreakoutRun(),
};

export const runOf = (room: FeatureRoom): BreakoutRun => room.local(breakoutRun);

/** The group (breakout room id, null: main room) of a participant, for the media routing. */
export function groupsOf(b: Breakout | null): ((p: Participant) => string | null) | null {
  if (!b) return null;
  return (p) => roomOf(b, identityKey(p.identity));
}

/**
 * The breakout rooms as `viewer` may see them: hosts and co-hosts see every member, others the
 * members they may see in the room anyway (conference audiences do not see each other).
 */
export function viewFor(
  state: RoomState,
  b: Breakout | null,
  viewer: Participant,
): BreakoutView | null {
  if (!b) return null;
  const members = new Map<string, string[]>(b.rooms.map((r) => [r.id, []]));
  const all = isModeratorRole(viewer.role) && inRoom(viewer);
  for (const [key, roomId] of b.assigned) {
    const id = state.byIdentity.get(key);
    const p = id === undefined ? undefined : state.participants.get(id);
    if (!p || !inRoom(p)) continue;
    if (all || canSee(state, viewer, p)) members.get(roomId)?.push(p.id);
  }
  return {
    rooms: b.rooms.map((r) => ({
      id: r.id,
      name: r.name,
      members: members.get(r.id) ?? [],
      needs_help: b.help.has(r.id),
    })),
    allow_choose: b.allowChoose,
    ends_at: b.endsAt,
  };
}

/** `breakout_state` for everyone connected, each with their own view. */
export function stateEvents(state: RoomState, b: Breakout | null): Outgoing[] {
  const events: Outgoing[] = [];
  for (const id of resolveAudience(state, { to: 'everyone' })) {
    const viewer = state.participants.get(id);
    if (!viewer) continue;
    const message: ServerMessage = { type: 'breakout_state', breakout: viewFor(state, b, viewer) };
    events.push({ to: { to: 'participant', id }, message });
  }
  return events;
}

export function announceState(room: FeatureRoom): void {
  room.deliver(stateEvents(room.state, runOf(room).breakout));
}
