import { describe, expect, it } from 'vitest';
import { CLIENT_LOG_MAX_BYTES, clientLogRequest, type ClientLogRequest } from '@podium/protocol';
import { buildReport, installErrorReporter } from './reporter.ts';

function setup(send: (r: ClientLogRequest) => Promise<unknown>, max = 5) {
  const target = new EventTarget();
  let clock = 0;
  const stop = installErrorReporter({
    send,
    target: target as unknown as Window,
    now: () => clock,
    page: () => '/room/abc',
    maxPerWindow: max,
    windowMs: 60_000,
  });
  const throwError = (error: unknown) =>
    target.dispatchEvent(
      new ErrorEvent('error', {
        error,
        message: String(error),
        filename: 'app.js',
        lineno: 3,
        colno: 7,
      }),
    );
  const reject = (reason: unknown) => {
    const event = new Event('unhandledrejection') as Event & { reason: unknown };
    event.reason = reason;
    target.dispatchEvent(event);
  };
  return { stop, throwError, reject, advance: (ms: number) => (clock += ms) };
}

describe('error reporter', () => {
  it('reports uncaught errors and unhandled rejections in the logger format', () => {
    const sent: ClientLogRequest[] = [];
    const h = setup(async (r) => sent.push(r));
    h.throwError(new TypeError('x is undefined'));
    h.reject('socket closed');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      level: 'error',
      message: 'x is undefined',
      context: { kind: 'error', page: '/room/abc', name: 'TypeError', source: 'app.js', line: 3 },
    });
    expect(typeof sent[0]?.context?.stack).toBe('string');
    expect(sent[1]).toMatchObject({
      message: 'socket closed',
      context: { kind: 'unhandledrejection' },
    });
    for (const r of sent) expect(clientLogRequest.safeParse(r).success).toBe(true);
  });

  it('is throttled: repeats dropped, at most N a minute, then again', () => {
    const sent: ClientLogRequest[] = [];
    const h = setup(async (r) => sent.push(r), 3);
    for (let i = 0; i < 50; i++) h.throwError(new Error('loop'));
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 50; i++) h.throwError(new Error(`e${i}`));
    expect(sent).toHaveLength(3);
    h.advance(60_000);
    h.throwError(new Error('loop'));
    expect(sent).toHaveLength(4);
  });

  it('never loops on its own failure', async () => {
    let calls = 0;
    const h = setup(() => {
      calls++;
      // The transport fails, and on the way throws an uncaught error of its own.
      h.throwError(new Error(`inside send ${calls}`));
      return Promise.reject(new Error('offline'));
    }, 100);
    h.throwError(new Error('first'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(1);
    const throwing = setup(() => {
      throw new Error('sync failure');
    });
    expect(() => throwing.throwError(new Error('x'))).not.toThrow();
  });

  it('stops listening when stopped', () => {
    const sent: ClientLogRequest[] = [];
    const h = setup(async (r) => sent.push(r));
    h.stop();
    h.throwError(new Error('after stop'));
    expect(sent).toHaveLength(0);
  });

  it('keeps every report under the server limit, whatever the error holds', () => {
    const huge = new Error('m'.repeat(5000));
    huge.stack = '"\u0001é'.repeat(20_000);
    const report = buildReport('error', huge, { page: '/x'.repeat(2000) });
    expect(new TextEncoder().encode(JSON.stringify(report)).length).toBeLessThan(
      CLIENT_LOG_MAX_BYTES,
    );
    expect(clientLogRequest.safeParse(report).success).toBe(true);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(buildReport('unhandledrejection', cyclic, { page: '/' }).message).toBe(
      '[object Object]',
    );
    expect(buildReport('unhandledrejection', undefined, { page: '/' }).message).toBe('undefined');
  });
});
