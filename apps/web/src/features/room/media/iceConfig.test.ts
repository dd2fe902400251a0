import { describe, expect, it } from 'vitest';
import { createIceConfigCache } from './iceConfig.ts';

const T0 = Date.parse('2026-11-21T10:00:00Z');

function turnAnswer(expiresAt: number, username: string) {
  return {
    ice_servers: [
      { urls: ['stun:stun.example.org'] },
      { urls: ['turn:turn.example.org'], username, credential: 'c' },
    ],
    expires_at: new Date(expiresAt).toISOString(),
  };
}

function harness(answers: Array<() => Promise<unknown>>) {
  let clock = T0;
  let calls = 0;
  const cache = createIceConfigCache({
    now: () => clock,
    timeoutMs: 50,
    fetchConfig: () => {
      const next = answers[Math.min(calls, answers.length - 1)]!;
      calls++;
      return next();
    },
  });
  return {
    cache,
    calls: () => calls,
    at: (ms: number) => {
      clock = T0 + ms;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ICE servers from POST /config', () => {
  it('are kept until halfway to expiry, then refreshed; expired ones are never used', async () => {
    const h = harness([
      () => Promise.resolve(turnAnswer(T0 + 3_600_000, 'first')),
      () => Promise.resolve(turnAnswer(T0 + 7_200_000, 'second')),
    ]);
    const first = await h.cache.load();
    expect(first).toEqual([
      { urls: ['stun:stun.example.org'] },
      { urls: ['turn:turn.example.org'], username: 'first', credential: 'c' },
    ]);
    h.at(1_000_000);
    expect(await h.cache.load()).toBe(first);
    expect(h.cache.current()).toBe(first);
    expect(h.calls()).toBe(1);

    // Past half of the lifetime: what is known is still used while a refresh runs.
    h.at(1_900_000);
    expect(h.cache.current()[1]?.username).toBe('first');
    await flush();
    expect(h.calls()).toBe(2);
    expect(h.cache.current()[1]?.username).toBe('second');
  });

  it('fall back to none when the server fails, and the call is not held up', async () => {
    const h = harness([
      () => Promise.reject(new Error('503')),
      () => new Promise(() => undefined), // never answers
      () => Promise.resolve({ ice_servers: [{ urls: ['stun:x'] }] }),
    ]);
    expect(await h.cache.load()).toEqual([]);
    // No retry storm: within 30 s of a failure nothing is asked again.
    expect(h.cache.current()).toEqual([]);
    expect(h.calls()).toBe(1);
    h.at(31_000);
    expect(await h.cache.load()).toEqual([]); // the hanging request times out
    expect(h.calls()).toBe(2);
  });

  it('refuse a malformed answer instead of handing it to RTCPeerConnection', async () => {
    const h = harness([
      () => Promise.resolve({ ice_servers: [{ urls: ['http://not-ice'] }] }),
      () => Promise.resolve({ ice_servers: [{ urls: ['stun:ok'] }] }),
    ]);
    expect(await h.cache.load()).toEqual([]);
    h.at(31_000);
    expect(await h.cache.load()).toEqual([{ urls: ['stun:ok'] }]);
  });

  it('stop using credentials once they expire even if no refresh succeeded', async () => {
    const h = harness([
      () => Promise.resolve(turnAnswer(T0 + 600_000, 'short')),
      () => Promise.reject(new Error('offline')),
    ]);
    expect(await h.cache.load()).toHaveLength(2);
    h.at(600_000);
    expect(h.cache.current()).toEqual([]);
  });
});
