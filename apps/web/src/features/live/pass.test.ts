import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LivePlayback, LivePlaybackRequest } from '@podium/protocol';
import { PlaybackPass } from './pass.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the playback pass', () => {
  it('buys a token with the ticket, renews it at half its life with the token, stops on close', async () => {
    vi.useFakeTimers();
    const asked: LivePlaybackRequest[] = [];
    let n = 0;
    const api = {
      playback: (input: LivePlaybackRequest): Promise<LivePlayback> => {
        asked.push(input);
        n += 1;
        return Promise.resolve({
          token: `t${n}`,
          expires_at: new Date(Date.now() + 600_000).toISOString(),
          playlist: '/live/concert/hls/index.m3u8',
        });
      },
    };
    const pass = new PlaybackPass(api);
    await pass.start('ticket-1');
    expect(pass.token).toBe('t1');
    expect(pass.playlist).toBe('/live/concert/hls/index.m3u8');
    await vi.advanceTimersByTimeAsync(299_000);
    expect(asked).toEqual([{ ticket: 'ticket-1' }]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asked[1]).toEqual({ token: 't1' });
    expect(pass.token).toBe('t2');
    pass.close();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(asked).toHaveLength(2);
  });

  it('retries a failed renewal while the token still has time', async () => {
    vi.useFakeTimers();
    let fail = false;
    const calls: LivePlaybackRequest[] = [];
    const pass = new PlaybackPass({
      playback: (input) => {
        calls.push(input);
        if (fail) return Promise.reject(new Error('offline'));
        return Promise.resolve({
          token: `t${calls.length}`,
          expires_at: new Date(Date.now() + 600_000).toISOString(),
          playlist: '/live/a/hls/index.m3u8',
        });
      },
    });
    await pass.start('ticket');
    fail = true;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(calls).toHaveLength(2);
    expect(pass.token).toBe('t1');
    fail = false;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(3);
    expect(pass.token).toBe('t3');
    pass.close();
  });
});
