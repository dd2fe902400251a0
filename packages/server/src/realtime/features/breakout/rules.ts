import { BREAKOUT_WARNING_MS, type Role, type RoomMode } from '@podium/protocol';
import { assertNever, can, roomError, type RoomError } from '../../../rooms/index.ts';

/**
 * The pure rules of breakout rooms: who goes where, who may ask for what. People are named by
 * identity key (not participant id), so someone who reconnects, or comes back after a server
 * restart, finds their room again. A `Breakout` is immutable: every change returns a new one,
 * so the media routing can compare who heard whom before and after.
 */

export interface BreakoutRoom {
  readonly id: string;
  readonly name: string;
}

export interface Breakout {
  readonly rooms: readonly BreakoutRoom[];
  /** identity key → breakout room id; anyone absent is in the main room. */
  readonly assigned: ReadonlyMap<string, string>;
  readonly allowChoose: boolean;
  /** Epoch ms the rooms close on their own, null without a timer. */
  readonly endsAt: number | null;
  /** Rooms where someone asked for help and no moderator came yet. */
  readonly help: ReadonlySet<string>;
}

/** Ids are stable and short: the n-th room is `b<n>`. */
export const roomIdOf = (index: number): string => `b${index + 1}`;

/**
 * A balanced random split: every person lands in exactly one room, and room sizes differ by one
 * at most (a shuffle dealt round-robin). `random` returns [0, 1), like Math.random.
 */
export function balancedSplit(
  people: readonly string[],
  roomIds: readonly string[],
  random: () => number,
): Map<string, string> {
  const order = [...people];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const assigned = new Map<string, string>();
  if (roomIds.length === 0) return assigned;
  // Rooms are dealt from a random start so the first room is not always the largest.
  const start = Math.floor(random() * roomIds.length);
  order.forEach((key, i) => assigned.set(key, roomIds[(start + i) % roomIds.length]!));
  return assigned;
}

export interface OpenInput {
  readonly count: number;
  /** The names of the rooms, in order (the caller translates "Room 1"…); default `Room n`. */
  readonly names?: readonly string[];
  /** Who an automatic split places (everyone but hosts and co-hosts); ignored for manual. */
  readonly people: readonly string[];
  readonly assign: 'auto' | 'manual';
  readonly allowChoose: boolean;
  readonly endsAt: number | null;
  readonly random: () => number;
}

export function openBreakout(input: OpenInput): Breakout {
  const rooms = Array.from({ length: input.count }, (_, i) => ({
    id: roomIdOf(i),
    name: input.names?.[i] ?? `Room ${i + 1}`,
  }));
  const ids = rooms.map((r) => r.id);
  return {
    rooms,
    assigned: input.assign === 'auto' ? balancedSplit(input.people, ids, input.random) : new Map(),
    allowChoose: input.allowChoose,
    endsAt: input.endsAt,
    help: new Set(),
  };
}

/** The breakout room of this person, or null for the main room (also when none are open). */
export function roomOf(breakout: Breakout | null, key: string): string | null {
  return breakout?.assigned.get(key) ?? null;
}

export function hasRoom(breakout: Breakout, roomId: string): boolean {
  return breakout.rooms.some((r) => r.id === roomId);
}

/**
 * Moves one person into `roomId` (null: back to the main room). A moderator arriving in a room
 * answers its call for help.
 */
export function move(
  breakout: Breakout,
  key: string,
  roomId: string | null,
  moderator = false,
): Breakout {
  const assigned = new Map(breakout.assigned);
  if (roomId === null) assigned.delete(key);
  else assigned.set(key, roomId);
  let help = breakout.help;
  if (moderator && roomId !== null && help.has(roomId)) {
    help = new Set([...help].filter((id) => id !== roomId));
  }
  return { ...breakout, assigned, help };
}

export function askHelp(breakout: Breakout, roomId: string): Breakout {
  if (breakout.help.has(roomId)) return breakout;
  return { ...breakout, help: new Set([...breakout.help, roomId]) };
}

/** Whether two people hear each other: the same room (both in the main room counts). */
export function together(breakout: Breakout | null, a: string, b: string): boolean {
  return roomOf(breakout, a) === roomOf(breakout, b);
}

/** When to warn that the rooms close (60 s before the end), or null without a timer. */
export function warningAt(breakout: Breakout): number | null {
  return breakout.endsAt === null ? null : Math.max(0, breakout.endsAt - BREAKOUT_WARNING_MS);
}

// ---------------------------------------------------------------------------------------------
// Who may ask what

export type BreakoutCommand = 'open' | 'assign' | 'join' | 'broadcast' | 'help' | 'close';

export interface BreakoutAsker {
  /** null: not in the room. */
  readonly role: Role | null;
  readonly mode: RoomMode;
  /** The asker's current breakout room (null: the main room). */
  readonly inRoom: string | null;
}

const PERMISSION = roomError('permission', 'errors.permission');

/**
 * Why `asker` may not run `command` now (null: allowed). `target` is the room a join or an
 * assignment names (null: the main room). SECURITY: hosts and co-hosts only, except choosing a
 * room when the host allowed it and asking for help from inside a breakout room.
 */
export function refusal(
  breakout: Breakout | null,
  command: BreakoutCommand,
  asker: BreakoutAsker,
  target: string | null = null,
): RoomError | null {
  if (asker.role === null) return roomError('not_joined', 'room.not_in_room');
  // Not in end-to-end encrypted rooms at all: their media keys are the whole room's.
  if (asker.mode === 'endtoend') return roomError('not_allowed', 'breakout.endtoend');
  const moderator = can(asker.role, 'breakout', { mode: asker.mode });
  const ownChoice = command === 'join' || command === 'help';
  if (!moderator && !ownChoice) return PERMISSION;
  if (command === 'open') {
    return breakout ? roomError('conflict', 'breakout.already_open') : null;
  }
  if (!breakout) return roomError('conflict', 'breakout.not_open');
  switch (command) {
    case 'assign':
    case 'join':
      if (target !== null && !hasRoom(breakout, target)) {
        return roomError('target_not_found', 'breakout.no_room');
      }
      if (command === 'join' && !moderator && !breakout.allowChoose) {
        return roomError('not_allowed', 'breakout.choose_not_allowed');
      }
      return null;
    case 'help':
      return asker.inRoom === null ? roomError('not_allowed', 'breakout.not_in_breakout') : null;
    case 'broadcast':
    case 'close':
      return null;
    default:
      return assertNever(command, 'breakout command');
  }
}
