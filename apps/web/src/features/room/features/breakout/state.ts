import type { BreakoutRoomView, BreakoutView, ServerMessageOf } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';
import { readSlice, type RoomStoreState } from '../../store.ts';

/**
 * The breakout rooms as the server last told this browser (`breakout_state`, after every change
 * and every welcome), the countdown's warning, and the last broadcast and call for help (each
 * numbered so it is shown once).
 */
export interface BreakoutSliceState {
  readonly breakout: BreakoutView | null;
  /** The rooms close at this epoch ms (the 60 s warning came). */
  readonly closesAt: number | null;
  readonly message: (ServerMessageOf<'breakout_message'> & { seq: number }) | null;
  readonly help: (ServerMessageOf<'breakout_help'> & { seq: number }) | null;
}

export const NO_BREAKOUT: BreakoutSliceState = {
  breakout: null,
  closesAt: null,
  message: null,
  help: null,
};

export const breakoutSlice: FeatureSlice<BreakoutSliceState> = {
  key: 'breakout',
  initial: NO_BREAKOUT,
  reduce: (slice, input) => {
    switch (input.type) {
      case 'breakout_state':
        return {
          ...slice,
          breakout: input.breakout,
          closesAt: input.breakout ? slice.closesAt : null,
        };
      case 'breakout_closing':
        return { ...slice, closesAt: input.closes_at };
      case 'breakout_message':
        return { ...slice, message: { ...input, seq: (slice.message?.seq ?? 0) + 1 } };
      case 'breakout_help':
        return { ...slice, help: { ...input, seq: (slice.help?.seq ?? 0) + 1 } };
      case 'ended':
        return slice.breakout ? { ...slice, breakout: null, closesAt: null } : slice;
      default:
        return slice;
    }
  },
};

export const breakoutOf = (state: Pick<RoomStoreState, 'features'>): BreakoutSliceState =>
  readSlice(state, breakoutSlice);

/** The breakout room `participantId` is in, or null (the main room, or none open). */
export function roomOfParticipant(
  breakout: BreakoutView | null,
  participantId: string | null,
): BreakoutRoomView | null {
  if (!breakout || participantId === null) return null;
  return breakout.rooms.find((r) => r.members.includes(participantId)) ?? null;
}

/** The room's number (1-based) for its translated name, from its place in the list. */
export function roomNumber(breakout: BreakoutView, roomId: string): number {
  return breakout.rooms.findIndex((r) => r.id === roomId) + 1;
}

/** "m:ss" left until `at` (never negative). */
export function countdown(at: number, now: number): string {
  const total = Math.max(0, Math.ceil((at - now) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
