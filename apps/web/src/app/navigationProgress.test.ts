import { describe, expect, it } from 'vitest';
import { progressStep } from './navigationProgress.ts';

const idle = (key: string) => ({ navigating: false, locationKey: key });
const loading = (key: string) => ({ navigating: true, locationKey: key });

describe('progressStep', () => {
  it('starts when a navigation starts and completes when it ends', () => {
    expect(progressStep(idle('a'), loading('a'))).toBe('start');
    expect(progressStep(loading('a'), loading('a'))).toBeNull();
    expect(progressStep(loading('a'), idle('b'))).toBe('complete');
  });

  it('pulses for an instant navigation', () => {
    expect(progressStep(idle('a'), idle('b'))).toBe('pulse');
  });

  it('ignores state changes that are not navigations', () => {
    expect(progressStep(idle('a'), idle('a'))).toBeNull();
  });
});
