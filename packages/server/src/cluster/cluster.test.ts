import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';
import { localCluster } from './local.ts';
import type { BusMessage, Cluster } from './ports.ts';
import { redisCluster } from './redis.ts';

const log = pino({ level: 'silent' });

// The same contract, in-process and through a real Redis on loopback: what a limiter decides
// must not depend on where it counts.
describe.each(['local', 'redis'] as const)('cluster ports (%s)', (kind) => {
  let redis: TestRedis | undefined;
  let a: Cluster;
  let b: Cluster;

  beforeAll(async () => {
    if (kind === 'local') {
      a = localCluster();
      b = a;
      return;
    }
    redis = await startTestRedis();
    a = await redisCluster(redis.url, log);
    b = await redisCluster(redis.url, log);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('fixed windows: attempts from both nodes add up; a blocked key records nothing', async () => {
    const spec = { max: 3, windowMs: 60_000 };
    const onA = a.counters.attempts('t1', spec);
    const onB = b.counters.attempts('t1', spec);
    expect(await onA.consume('k')).toBe(0);
    expect(await onB.consume('k')).toBe(0);
    expect(await onA.consume('k', 'other')).toBe(0);
    expect(await onB.count('k')).toBe(3);
    const wait = await onB.consume('k', 'other');
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    // Refused as a whole: 'other' was not counted by the refused call.
    expect(await onA.count('other')).toBe(1);
    expect(await onA.retryAfter('k')).toBe(wait);
    await onA.refund('k');
    expect(await onB.retryAfter('k')).toBe(0);
    await onB.reset('k');
    expect(await onA.count('k')).toBe(0);
    // Another limiter's keys are its own.
    expect(await a.counters.attempts('t2', spec).count('other')).toBe(0);
  });

  it('sliding windows: hit checks and records at once; fail always records', async () => {
    const spec = { max: 2, windowMs: 30_000 };
    const onA = a.counters.failures('f1', spec);
    const onB = b.counters.failures('f1', spec);
    expect(await onA.hit('k')).toBe(0);
    await onB.fail('k');
    expect(await onA.retryAfter('k')).toBeGreaterThan(25);
    expect(await onB.hit('k')).toBeGreaterThan(25);
    await onA.reset('k');
    expect(await onB.retryAfter('k')).toBe(0);
  });

  it('parallel hits over two nodes never pass more than max', async () => {
    const spec = { max: 5, windowMs: 60_000 };
    const onA = a.counters.failures('race', spec);
    const onB = b.counters.failures('race', spec);
    const waits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB).hit('k')),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  it('marks: one claim wins until it expires', async () => {
    const onA = a.counters.marks('m');
    const onB = b.counters.marks('m');
    expect(await onA.claim('k', 200)).toBe(true);
    expect(await onB.claim('k', 200)).toBe(false);
    expect(await onB.remainingMs('k')).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 250));
    expect(await onB.remainingMs('k')).toBe(0);
    expect(await onB.claim('k', 200)).toBe(true);
  });

  it('bus: a message reaches the subscribers of every node, the publisher included', async () => {
    const heardA: BusMessage[] = [];
    const heardB: BusMessage[] = [];
    const offA = await a.bus.subscribe('test', (m) => heardA.push(m));
    const offB = await b.bus.subscribe('test', (m) => heardB.push(m));
    a.bus.publish('test', { n: 1 });
    b.bus.publish('test', { n: 2 });
    const deadline = Date.now() + 5_000;
    while ((heardA.length < 2 || heardB.length < 2) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(heardA).toContainEqual({ n: 1 });
    expect(heardA).toContainEqual({ n: 2 });
    expect(heardB).toContainEqual({ n: 1 });
    expect(heardB).toContainEqual({ n: 2 });
    offA();
    offB();
    a.bus.publish('test', { n: 3 });
    await new Promise((r) => setTimeout(r, 100));
    expect([...heardA, ...heardB]).not.toContainEqual({ n: 3 });
  });
});
