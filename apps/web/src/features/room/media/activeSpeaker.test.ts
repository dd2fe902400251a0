import { describe, expect, it } from 'vitest';
import { ActiveSpeakerDetector } from './activeSpeaker.ts';

const levels = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('active speaker', () => {
  it('nobody speaks until someone is above the threshold', () => {
    const d = new ActiveSpeakerDetector({ threshold: 0.1, switchMs: 500 });
    expect(d.update(levels({ a: 0.05, b: 0.09 }), 0)).toBeNull();
    expect(d.update(levels({ a: 0.3, b: 0.09 }), 100)).toBe('a');
  });

  it('a new voice takes the stage only after leading for switchMs', () => {
    const d = new ActiveSpeakerDetector({ threshold: 0.1, switchMs: 500 });
    d.update(levels({ a: 0.5 }), 0);
    expect(d.update(levels({ a: 0.2, b: 0.6 }), 100)).toBe('a');
    expect(d.update(levels({ a: 0.2, b: 0.6 }), 400)).toBe('a');
    expect(d.update(levels({ a: 0.2, b: 0.6 }), 600)).toBe('b');
  });

  it('a short burst does not move the stage, and silence keeps the last speaker', () => {
    const d = new ActiveSpeakerDetector({ threshold: 0.1, switchMs: 500 });
    d.update(levels({ a: 0.5 }), 0);
    d.update(levels({ a: 0.1, b: 0.9 }), 100); // cough
    expect(d.update(levels({ a: 0.4, b: 0 }), 200)).toBe('a');
    expect(d.update(levels({ a: 0.4, b: 0.9 }), 650)).toBe('a'); // the lead starts again
    expect(d.update(levels({ a: 0, b: 0 }), 5_000)).toBe('a');
  });

  it('forgets someone who left', () => {
    const d = new ActiveSpeakerDetector({ threshold: 0.1, switchMs: 500 });
    d.update(levels({ a: 0.5 }), 0);
    d.forget('a');
    expect(d.current).toBeNull();
    expect(d.update(levels({ b: 0.2 }), 10)).toBe('b');
  });
});
