import { describe, expect, it } from 'vitest';
import { ViewerCounter } from './viewers.ts';

describe('viewer counter', () => {
  it('counts each viewer once while seen within the window, per room', () => {
    const counter = new ViewerCounter(15_000);
    counter.seen('room-a', 'v1', 1_000);
    counter.seen('room-a', 'v1', 2_000);
    counter.seen('room-a', 'v2', 3_000);
    counter.seen('room-b', 'v1', 3_000);
    expect(counter.count('room-a', 3_000)).toBe(2);
    expect(counter.count('room-b', 3_000)).toBe(1);
    // v1 was last seen at 2 s: gone after 17 s; v2 stays until 18 s.
    expect(counter.count('room-a', 17_001)).toBe(1);
    expect(counter.count('room-a', 18_001)).toBe(0);
    expect(counter.count('room-c', 0)).toBe(0);
    counter.forget('room-b');
    expect(counter.count('room-b', 3_000)).toBe(0);
  });
});
