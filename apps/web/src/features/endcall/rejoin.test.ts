import { describe, expect, it } from 'vitest';
import { END_REASONS } from '../room/paths.ts';
import { canRejoin } from './rejoin.ts';

describe('the end-call page offers Re-join', () => {
  it('after leaving, removal, a refusal or being replaced by another tab', () => {
    for (const reason of ['left', 'removed', 'denied', 'replaced'] as const) {
      expect(canRejoin(reason)).toBe(true);
    }
  });

  it('not once the host ended the event or its time is over, nor for a blocked person', () => {
    for (const reason of ['host_ended', 'time_over', 'blocked'] as const) {
      expect(canRejoin(reason)).toBe(false);
    }
  });

  it('answers every reason there is', () => {
    for (const reason of END_REASONS) expect(typeof canRejoin(reason)).toBe('boolean');
  });
});
