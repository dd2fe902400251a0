import { describe, expect, it } from 'vitest';
import { levelFromRms, rms, smoothLevel } from './levelMeter.ts';

describe('mic level', () => {
  it('RMS of silence, a full-scale square wave and a sine', () => {
    expect(rms([])).toBe(0);
    expect(rms(new Float32Array(128))).toBe(0);
    expect(rms([1, -1, 1, -1])).toBe(1);
    const sine = Float32Array.from({ length: 1000 }, (_, i) => Math.sin((2 * Math.PI * i) / 100));
    expect(rms(sine)).toBeCloseTo(Math.SQRT1_2, 3);
  });

  it('maps decibels linearly between the floor and full scale', () => {
    expect(levelFromRms(0)).toBe(0);
    expect(levelFromRms(1)).toBe(1);
    expect(levelFromRms(2)).toBe(1);
    expect(levelFromRms(0.001)).toBe(0); // -60 dBFS
    expect(levelFromRms(0.0001)).toBe(0);
    expect(levelFromRms(10 ** (-30 / 20))).toBeCloseTo(0.5, 5);
    expect(levelFromRms(Number.NaN)).toBe(0);
  });

  it('rises at once and falls gradually', () => {
    expect(smoothLevel(0.2, 0.8)).toBe(0.8);
    expect(smoothLevel(0.8, 0)).toBeCloseTo(0.68, 5);
    expect(smoothLevel(0.8, 0.75)).toBe(0.75);
  });
});
