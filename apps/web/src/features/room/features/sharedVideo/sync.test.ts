import { describe, expect, it } from 'vitest';
import { clockOffset, control, expectedPosition, syncStep, SYNC_TOLERANCE_S } from './sync.ts';

describe('shared video sync', () => {
  // The server's clock runs 5 s ahead of this browser's.
  const offset = clockOffset(105_000, 100_000);

  it('works out the position from the server state and the clock offset', () => {
    expect(offset).toBe(5_000);
    const playing = { playing: true, position: 10, at: 104_000 };
    // Local 100 000 is server 105 000: one second after `at`.
    expect(expectedPosition(playing, 100_000, offset)).toBeCloseTo(11);
    expect(expectedPosition(playing, 102_500, offset)).toBeCloseTo(13.5);
    // Paused: the position stands still; never past the end.
    expect(expectedPosition({ ...playing, playing: false }, 102_500, offset)).toBe(10);
    expect(expectedPosition(playing, 200_000, offset, 30)).toBe(30);
    // A state stamped later than the local estimate of the server's clock does not run back.
    expect(expectedPosition(playing, 90_000, offset)).toBe(10);
  });

  it('seeks only when the drift passes the tolerance, and follows play and pause', () => {
    expect(syncStep(20, true, { time: 20 + SYNC_TOLERANCE_S / 2, paused: false })).toEqual({});
    expect(syncStep(20, true, { time: 19.4, paused: false })).toEqual({ seek: 20 });
    expect(syncStep(20, true, { time: 20.6, paused: false })).toEqual({ seek: 20 });
    expect(syncStep(20, true, { time: 20, paused: true })).toEqual({ play: true });
    expect(syncStep(20, false, { time: 25, paused: false })).toEqual({ seek: 20, pause: true });
    // An embed that has not reported its time yet is put in place.
    expect(syncStep(3, false, { time: null, paused: true })).toEqual({ seek: 3 });
  });

  it('turns the controller’s play, pause and seeks into the state from now on', () => {
    const paused = { playing: false, position: 4, at: 104_000 };
    expect(control(paused, { type: 'play' }, 100_000, offset)).toEqual({
      playing: true,
      position: 4,
    });
    const playing = { playing: true, position: 4, at: 104_000 };
    expect(control(playing, { type: 'pause' }, 101_000, offset).position).toBeCloseTo(6);
    expect(control(playing, { type: 'seek_by', seconds: 10 }, 101_000, offset)).toEqual({
      playing: true,
      position: 16,
    });
    expect(control(playing, { type: 'seek_by', seconds: -10 }, 101_000, offset).position).toBe(0);
    expect(control(playing, { type: 'seek_by', seconds: 60 }, 101_000, offset, 30).position).toBe(
      30,
    );
  });
});
