import { describe, expect, it } from 'vitest';
import { Sim } from '../../../rooms/test-support.ts';
import {
  checkControl,
  checkStart,
  destinationView,
  isLive,
  onOutputFailed,
  publishUrl,
  retryDelayMs,
  type Destination,
  type RetryPolicy,
} from './rules.ts';

const policy: RetryPolicy = { max: 3, baseMs: 1000, capMs: 5000 };

const dest = (over: Partial<Destination> = {}): Destination => ({
  id: 'd1',
  name: 'YouTube',
  url: 'rtmp://live.example/app',
  key: 'SECRET-KEY-1',
  serverId: null,
  state: 'starting',
  error: null,
  attempt: 0,
  outputId: 'stream-d1-0',
  ...over,
});

/** A room with a host, a co-host, a presenter and an attendee, in `mode`. */
function room(mode: 'conference' | 'endtoend' | 'meeting' = 'conference') {
  const sim = new Sim({ mode });
  sim.join('host', { ticket: 'host' });
  sim.join('co');
  sim.join('pres');
  sim.join('att');
  sim.req('host', { type: 'set_role', participant_id: 'co', role: 'co-host', granted: true });
  sim.req('host', { type: 'set_role', participant_id: 'pres', role: 'presenter', granted: true });
  return sim.state;
}

describe('streaming rules: who may', () => {
  it('lets hosts and co-hosts stream', () => {
    const state = room();
    expect(checkControl(state, 'host')).toBeNull();
    expect(checkControl(state, 'co')).toBeNull();
  });

  it('refuses presenters and attendees with the spec permission message', () => {
    const state = room();
    for (const who of ['pres', 'att']) {
      expect(checkControl(state, who)).toMatchObject({
        code: 'permission',
        key: 'errors.permission',
        message: 'You do not have permission to perform this function',
      });
    }
  });

  it('refuses end-to-end rooms clearly to hosts', () => {
    const state = room('endtoend');
    expect(checkControl(state, 'host')).toMatchObject({
      code: 'not_allowed',
      key: 'stream.endtoend',
      message: 'End-to-end encrypted rooms cannot be streamed',
    });
    expect(checkControl(state, 'att')?.key).toBe('errors.permission');
  });

  it('refuses someone not in the room', () => {
    expect(checkControl(room(), 'nobody')?.key).toBe('room.not_in_room');
  });
});

describe('streaming rules: starting twice', () => {
  const target = { url: 'rtmp://live.example/app/', key: 'SECRET-KEY-1', serverId: null };

  it('refuses a destination that is already streaming, starting or retrying', () => {
    for (const state of ['starting', 'streaming', 'retrying', 'stopping'] as const) {
      expect(checkStart([dest({ state })], [target])?.key, state).toBe('stream.already_streaming');
    }
    expect(
      checkStart([dest({ serverId: 's1', key: 'x' })], [{ ...target, serverId: 's1' }]),
    ).toMatchObject({ code: 'conflict', key: 'stream.already_streaming' });
  });

  it('refuses the same destination twice in one request', () => {
    expect(checkStart([], [target, { ...target }])?.key).toBe('stream.already_streaming');
  });

  it('lets a failed destination start again, and another key on the same server', () => {
    expect(checkStart([dest({ state: 'failed' })], [target])).toBeNull();
    expect(checkStart([dest({ state: 'streaming' })], [{ ...target, key: 'OTHER' }])).toBeNull();
  });

  it('caps the destinations of one room', () => {
    const many = Array.from({ length: 5 }, (_, i) => dest({ id: `d${i}`, key: `k${i}` }));
    expect(checkStart(many, [{ ...target, key: 'new' }])?.key).toBe('stream.too_many_destinations');
  });
});

describe('streaming rules: failures and retries', () => {
  it("a refused key or unreachable server at the start → failed, 'check your stream key'", () => {
    expect(onOutputFailed(dest(), 'rtmp_refused', policy)).toEqual({
      kind: 'failed',
      error: 'stream.check_key',
    });
    expect(onOutputFailed(dest(), 'rtmp_dropped', policy)).toEqual({
      kind: 'failed',
      error: 'stream.check_key',
    });
  });

  it('a dropped connection is retried with exponential backoff, then given up', () => {
    const up = dest({ state: 'streaming' });
    expect(onOutputFailed(up, 'rtmp_dropped', policy)).toEqual({
      kind: 'retry',
      attempt: 1,
      delayMs: 1000,
    });
    const second = dest({ state: 'retrying', attempt: 1 });
    expect(onOutputFailed(second, 'rtmp_refused', policy)).toEqual({
      kind: 'retry',
      attempt: 2,
      delayMs: 2000,
    });
    const last = dest({ state: 'retrying', attempt: 3 });
    expect(onOutputFailed(last, 'rtmp_dropped', policy)).toEqual({
      kind: 'failed',
      error: 'stream.connection_lost',
    });
    expect(onOutputFailed(last, 'rtmp_refused', policy)).toEqual({
      kind: 'failed',
      error: 'stream.check_key',
    });
  });

  it('a connection that came back up starts its tries over when it drops again', () => {
    expect(
      onOutputFailed(dest({ state: 'streaming', attempt: 3 }), 'rtmp_dropped', policy),
    ).toMatchObject({ kind: 'retry', attempt: 1 });
  });

  it('doubles the delay up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('an egress crash is retried; encoder failures and a full disk fail with the general message', () => {
    expect(onOutputFailed(dest({ state: 'streaming' }), 'egress_crashed', policy).kind).toBe(
      'retry',
    );
    expect(onOutputFailed(dest({ state: 'streaming' }), 'encoder_failed', policy)).toEqual({
      kind: 'failed',
      error: 'stream.failed',
    });
  });
});

describe('streaming rules: what people see', () => {
  it('is LIVE while one destination streams', () => {
    expect(isLive([dest({ state: 'failed' }), dest({ state: 'streaming' })])).toBe(true);
    expect(isLive([dest({ state: 'retrying' })])).toBe(false);
  });

  it('never shows the key; the URL only to hosts and co-hosts', () => {
    const d = dest({ serverId: 's1' });
    const moderator = destinationView(d, true);
    const audience = destinationView(d, false);
    expect(moderator.url).toBe('rtmp://live.example/app');
    expect(audience).toMatchObject({ url: null, server_id: null, name: 'YouTube' });
    expect(JSON.stringify([moderator, audience])).not.toContain('SECRET-KEY-1');
  });

  it('joins the server URL and the key into the publish URL', () => {
    expect(publishUrl({ url: 'rtmp://h/live/', key: 'k1' })).toBe('rtmp://h/live/k1');
  });
});
