import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { requestId } from './request-id.ts';
import { requestLogger } from './request-logger.ts';

function recorder(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger: logger as unknown as FastifyBaseLogger, lines };
}

describe("a request's logger", () => {
  it('writes its lines under the request id, object or message first, at enabled levels only', () => {
    const { logger, lines } = recorder('info');
    const log = requestLogger(logger, { reqId: 'r-1' }, {});
    log.debug({ status: 200 }, 'request');
    log.info({ status: 404 }, 'request');
    log.warn('slow');
    log.error({ err: new Error('boom') }, 'unhandled error');
    expect(lines.map(({ reqId, msg, status }) => ({ reqId, msg, status }))).toEqual([
      { reqId: 'r-1', msg: 'request', status: 404 },
      { reqId: 'r-1', msg: 'slow', status: undefined },
      { reqId: 'r-1', msg: 'unhandled error', status: undefined },
    ]);
    expect(lines[2]?.err).toMatchObject({ message: 'boom' });
  });

  it("tells the parent's level, takes a level of its own, and makes children that keep the id", () => {
    const { logger, lines } = recorder('warn');
    const log = requestLogger(logger, { reqId: 'r-2' }, {});
    expect(log.level).toBe('warn');
    log.level = 'debug';
    expect(log.level).toBe('debug');
    expect(logger.level).toBe('warn');
    log.debug('now written');
    log.child({ part: 'inner' }).info('from a child');
    expect(lines.map(({ reqId, part, msg }) => ({ reqId, part, msg }))).toEqual([
      { reqId: 'r-2', part: undefined, msg: 'now written' },
      { reqId: 'r-2', part: 'inner', msg: 'from a child' },
    ]);
  });

  it("is pino's own child when a route sets a level", () => {
    const { logger, lines } = recorder('info');
    const log = requestLogger(logger, { reqId: 'r-3' }, { level: 'debug' });
    log.debug('route level');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-3', msg: 'route level' })]);
  });
});

describe('request ids', () => {
  const request = (headers: Record<string, string> = {}) => ({ headers }) as IncomingMessage;

  it("keep a caller's plain id, and are otherwise new and unique", () => {
    expect(requestId(request({ 'x-request-id': 'from-nginx_42' }))).toBe('from-nginx_42');
    const made = Array.from({ length: 1000 }, () => requestId(request()));
    expect(new Set(made).size).toBe(1000);
    for (const id of made) expect(id).toMatch(/^[\w-]{1,64}$/);
    // Not a caller's id when it is not a plain token.
    expect(requestId(request({ 'x-request-id': 'a b' }))).not.toBe('a b');
  });
});
