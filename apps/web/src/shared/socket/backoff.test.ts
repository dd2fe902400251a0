import { describe, expect, it } from 'vitest';
import { backoffDelay, socketUrl } from './backoff.ts';

describe('reconnect backoff', () => {
  const options = { initialMs: 100, maxMs: 1_000, factor: 2, jitter: 0.5 };

  it('doubles from the first delay up to the ceiling', () => {
    const mid = () => 0.5; // no spread
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffDelay(n, options, mid))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('spreads each delay by the jitter fraction', () => {
    expect(backoffDelay(1, options, () => 0)).toBe(100);
    expect(backoffDelay(1, options, () => 1)).toBe(300);
  });
});

describe('socket address', () => {
  it('follows the page: wss behind https, ws otherwise, same host and port', () => {
    expect(socketUrl({ protocol: 'https:', host: 'podium.example' })).toBe(
      'wss://podium.example/socket/member/v1',
    );
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/socket/member/v1',
    );
  });
});
