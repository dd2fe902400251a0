import { describe, expect, it } from 'vitest';
import { VideoPause } from './videoPause.ts';

/** A VideoPause on a hand-driven clock, recording what it asked of the media server. */
function setup() {
  const asked: [string, boolean][] = [];
  const failing = new Set<string>();
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const pause = new VideoPause({
    receive: async (feedId, on) => {
      asked.push([feedId, on]);
    },
    undecryptable: (feedId) => failing.has(feedId),
    retryMs: 30_000,
    settleMs: 3_000,
    setTimer: (fn, ms) => {
      const timer = { at: now + ms, fn, id: nextId++ };
      timers.push(timer);
      return timer.id;
    },
    clearTimer: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  });
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = until;
  };
  return { pause, asked, failing, advance, timers: () => timers.length };
}

describe('pausing the video of feeds that cannot be decrypted', () => {
  it('pauses a failing feed, again when a new receiver of it fails (a rebuilt subscription)', () => {
    const { pause, asked, failing } = setup();
    failing.add('f1');
    pause.report('f1', false);
    expect(asked).toEqual([['f1', false]]);
    expect([...pause.paused]).toEqual(['f1']);
    pause.report('f1', false);
    expect(asked).toEqual([
      ['f1', false],
      ['f1', false],
    ]);
  });

  it('tries again when the keys change; a feed that now decrypts stays on', () => {
    const { pause, asked, failing, advance } = setup();
    failing.add('f1');
    pause.report('f1', false);
    pause.keysChanged();
    expect(asked).toEqual([
      ['f1', false],
      ['f1', true],
    ]);
    failing.delete('f1');
    pause.report('f1', true);
    advance(60_000);
    expect(asked).toHaveLength(2);
    expect(pause.paused.size).toBe(0);
  });

  it('pauses again when a try still fails, and retries on its own every 30 s', () => {
    const { pause, asked, failing, advance } = setup();
    failing.add('f1');
    pause.report('f1', false);
    pause.keysChanged();
    // The transform says nothing more while the feed keeps failing.
    advance(3_000);
    expect(asked).toEqual([
      ['f1', false],
      ['f1', true],
      ['f1', false],
    ]);
    advance(30_000);
    expect(asked.slice(3)).toEqual([['f1', true]]);
    advance(3_000);
    expect(asked.slice(4)).toEqual([['f1', false]]);
  });

  it('forgets a feed that went away, and keeps no timer when nothing is paused', () => {
    const { pause, asked, failing, timers } = setup();
    failing.add('f1');
    pause.report('f1', false);
    expect(timers()).toBe(1);
    pause.forget('f1');
    expect(timers()).toBe(0);
    pause.keysChanged();
    expect(asked).toEqual([['f1', false]]);
  });
});
