// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropPreopenedSocket, preopenSocket, takePreopenedSocket } from './preopen.ts';

/** Just what the module reads of a socket: its state, close, and an error listener. */
class Socket {
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(): void {}
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
}

const URL_A = 'ws://podium.test/socket/member/v1';
let made: Socket[];
const open = (url: string) => {
  const socket = new Socket(url);
  made.push(socket);
  return socket as unknown as WebSocket;
};

beforeEach(() => {
  vi.useFakeTimers();
  made = [];
});
afterEach(() => {
  dropPreopenedSocket();
  vi.useRealTimers();
});

describe('a socket opened at the click on Join', () => {
  it('is handed to the room once, connecting or open; a reconnection opens its own', () => {
    preopenSocket(URL_A, open);
    made[0]!.readyState = 1;
    expect(takePreopenedSocket(URL_A)).toBe(made[0]);
    expect(takePreopenedSocket(URL_A)).toBeNull();
    expect(made[0]!.closed).toBe(false);
  });

  it('is closed, not handed over, when it closed already, is for another address, or nobody took it in 5 s', () => {
    preopenSocket(URL_A, open);
    made[0]!.close();
    expect(takePreopenedSocket(URL_A)).toBeNull();

    preopenSocket(URL_A, open);
    expect(takePreopenedSocket('ws://elsewhere.test/socket/member/v1')).toBeNull();
    expect(made[1]!.closed).toBe(true);

    preopenSocket(URL_A, open);
    vi.advanceTimersByTime(5_000);
    expect(made[2]!.closed).toBe(true);
    expect(takePreopenedSocket(URL_A)).toBeNull();
  });

  it('is closed when verify-call did not admit, and a second click replaces the first socket', () => {
    preopenSocket(URL_A, open);
    preopenSocket(URL_A, open);
    expect(made[0]!.closed).toBe(true);
    dropPreopenedSocket();
    expect(made[1]!.closed).toBe(true);
    expect(takePreopenedSocket(URL_A)).toBeNull();
  });
});
