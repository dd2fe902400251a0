import { describe, expect, it } from 'vitest';
import type { BreakoutView } from '@podium/protocol';
import { INITIAL_ROOM } from '../../state/roomState.ts';
import { NO_BREAKOUT, breakoutSlice, countdown, roomNumber, roomOfParticipant } from './state.ts';

const reduce = breakoutSlice.reduce!;
const view: BreakoutView = {
  rooms: [
    { id: 'b1', name: 'Room 1', members: ['p1', 'p2'], needs_help: false },
    { id: 'b2', name: 'Room 2', members: ['p3'], needs_help: true },
  ],
  allow_choose: false,
  ends_at: 120_000,
};

describe('breakout slice', () => {
  it('follows breakout_state, the closing warning, and forgets the warning when rooms close', () => {
    let s = reduce(NO_BREAKOUT, { type: 'breakout_state', breakout: view }, INITIAL_ROOM);
    expect(s.breakout).toBe(view);
    s = reduce(s, { type: 'breakout_closing', closes_at: 120_000 }, INITIAL_ROOM);
    expect(s.closesAt).toBe(120_000);
    s = reduce(s, { type: 'breakout_state', breakout: null }, INITIAL_ROOM);
    expect(s).toMatchObject({ breakout: null, closesAt: null });
  });

  it('numbers each broadcast and call for help so each shows once', () => {
    const message = { type: 'breakout_message', from: 'p0', from_name: 'Hà', text: 'Hi' } as const;
    let s = reduce(NO_BREAKOUT, message, INITIAL_ROOM);
    s = reduce(s, message, INITIAL_ROOM);
    expect(s.message).toMatchObject({ seq: 2, text: 'Hi' });
    const help = {
      type: 'breakout_help',
      participant_id: 'p3',
      name: 'Chi',
      room_id: 'b2',
      room_name: 'Room 2',
    } as const;
    expect(reduce(s, help, INITIAL_ROOM).help).toMatchObject({ seq: 1, room_id: 'b2' });
  });

  it('finds a person’s room, numbers rooms and counts down', () => {
    expect(roomOfParticipant(view, 'p3')?.id).toBe('b2');
    expect(roomOfParticipant(view, 'p9')).toBeNull();
    expect(roomOfParticipant(null, 'p1')).toBeNull();
    expect(roomNumber(view, 'b2')).toBe(2);
    expect(countdown(125_000, 0)).toBe('2:05');
    expect(countdown(0, 10_000)).toBe('0:00');
    expect(countdown(3_725_000, 0)).toBe('1:02:05');
  });
});
