import type { BreakoutView, ServerMessage } from '@podium/protocol';
import {
  canSee,
  identityKey,
  inRoom,
  isModeratorRole,
  peopleCount,
  resolveAudience,
  type Outgoing,
  type Participant,
  type RoomState,
} from '../../../rooms/index.ts';
import type { FeatureRoom, FeatureSlot } from '../types.ts';
import { roomOf, warningAt, type Breakout } from './rules.ts';
import type { SavedBreakout } from './services.ts';

/** The breakout rooms of one room run, and the timers of their countdown. */
export class BreakoutRun {
  breakout: Breakout | null;
  /**
   * Restored after a restart: the media routing and the timer are set up with the room's
   * first command (the slot opens before the room's routing exists).
   */
  pending: boolean;
  #warn: NodeJS.Timeout | undefined;
  #close: NodeJS.Timeout | undefined;

  constructor(breakout: Breakout | null) {
    this.breakout = breakout;
    this.pending = breakout !== null;
  }

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
  open: async (deps, roomId) => {
    const saved = (await deps.breakouts?.loadBreakout(roomId)) ?? null;
    const breakout = restoreBreakout(saved, Date.now());
    // Rooms whose timer ran out while the server was down are closed: forget them.
    if (saved && !breakout) await deps.breakouts?.saveBreakout(roomId, null);
    return new BreakoutRun(breakout);
  },
};

/** The breakout rooms as stored (migrations/0021). */
export function savedOf(b: Breakout | null): SavedBreakout | null {
  if (!b) return null;
  return {
    rooms: b.rooms.map((r) => ({ id: r.id, name: r.name })),
    assigned: Object.fromEntries(b.assigned),
    allowChoose: b.allowChoose,
    endsAt: b.endsAt === null ? null : new Date(b.endsAt),
    help: [...b.help],
  };
}

/** What a restart kept, or null when nothing was open or the timer ran out meanwhile. */
export function restoreBreakout(saved: SavedBreakout | null, now: number): Breakout | null {
  if (!saved) return null;
  const endsAt = saved.endsAt?.getTime() ?? null;
  if (endsAt !== null && endsAt <= now) return null;
  return {
    rooms: saved.rooms,
    assigned: new Map(Object.entries(saved.assigned)),
    allowChoose: saved.allowChoose,
    endsAt,
    help: new Set(saved.help),
  };
}

/** Keeps the breakout rooms for a restart (off the command path, in the room's write order). */
export function persist(room: FeatureRoom, b: Breakout | null = runOf(room).breakout): void {
  const store = room.deps.breakouts;
  if (!store) return;
  const saved = savedOf(b);
  room
    .write(() => store.saveBreakout(room.roomId, saved))
    .catch((error: unknown) => {
      room.log.error({ err: error, what: 'breakout' }, 'room write failed');
    });
}

/** Sets up what a restored breakout needs of the live room: its groups and its timer. */
export function activate(room: FeatureRoom): void {
  const run = runOf(room);
  if (!run.pending) return;
  run.pending = false;
  room.routing.setGroups(groupsOf(run.breakout));
  run.schedule(
    room,
    () => warn(room),
    () => closeAll(room),
  );
}

/** The room run is over: an ended or emptied room forgets its breakout rooms; a shutdown keeps them. */
export function finish(room: FeatureRoom): void {
  const run = runOf(room);
  run.stopTimers();
  if (run.breakout && (room.state.ended !== null || peopleCount(room.state) === 0)) {
    run.breakout = null;
    persist(room, null);
  }
}

/** 60 s before the timer runs out: everyone is told when the rooms close. */
export function warn(room: FeatureRoom): void {
  const b = runOf(room).breakout;
  if (!b || b.endsAt === null) return;
  room.deliver([
    { to: { to: 'everyone' }, message: { type: 'breakout_closing', closes_at: b.endsAt } },
  ]);
}

/** The timer ran out: everyone is back in the main room. */
export function closeAll(room: FeatureRoom): void {
  const run = runOf(room);
  if (!run.breakout) return;
  run.breakout = null;
  run.stopTimers();
  room.routing.setGroups(null);
  announceState(room);
  persist(room);
}

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
