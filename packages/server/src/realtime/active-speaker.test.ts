import { describe, expect, it } from 'vitest';
import { SpeakerTracker } from './active-speaker.ts';

describe('SpeakerTracker', () => {
  it('follows whoever starts talking; silence keeps the last speaker', () => {
    const t = new SpeakerTracker();
    expect(t.current).toBeNull();
    expect(t.talking('a', true)).toBe(true);
    expect(t.current).toBe('a');
    expect(t.talking('a', true)).toBe(false);
    expect(t.talking('a', false)).toBe(false);
    expect(t.current).toBe('a');
    expect(t.talking('b', true)).toBe(true);
    expect(t.current).toBe('b');
  });

  it('hands over to the most recent one still talking when the speaker stops', () => {
    const t = new SpeakerTracker();
    t.talking('a', true);
    t.talking('b', true);
    t.talking('c', true);
    expect(t.talking('b', false)).toBe(false);
    expect(t.current).toBe('c');
    expect(t.talking('c', false)).toBe(true);
    expect(t.current).toBe('a');
  });

  it('empties the stage when the speaker is gone and nobody else talks', () => {
    const t = new SpeakerTracker();
    t.talking('a', true);
    t.talking('b', true);
    t.talking('a', false);
    t.talking('b', false);
    expect(t.gone('a')).toBe(false); // b spoke last and keeps the stage
    expect(t.current).toBe('b');
    expect(t.gone('b')).toBe(true);
    expect(t.current).toBeNull();
    expect(t.gone('b')).toBe(false);

    t.talking('x', true);
    t.talking('y', true);
    expect(t.gone('y')).toBe(true);
    expect(t.current).toBe('x');
  });

  it('a stopped report from someone never heard starting changes nothing', () => {
    const t = new SpeakerTracker();
    expect(t.talking('ghost', false)).toBe(false);
    expect(t.current).toBeNull();
  });
});
