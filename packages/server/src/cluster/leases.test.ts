import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';
import { LocalLeases, type RoomLeases } from './leases.ts';
import { RedisLeases } from './redis-leases.ts';

const log = pino({ level: 'silent' });
// Short leases so expiry and renewal are seen in a test; the ratio is the production one.
const TIMES = { leaseMs: 600, renewMs: 200 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
}

describe('room leases in one process (REDIS_URL unset)', () => {
  it('this node owns every room it claims, and says so', async () => {
    const leases = new LocalLeases('solo');
    leases.advertise('http://127.0.0.1:1');
    expect(await leases.owner('r1')).toBeNull();
    const lease = await leases.claim('r1');
    expect(lease).not.toBeNull();
    expect(await leases.claim('r1')).toBe(lease);
    expect(await leases.owner('r1')).toEqual({ nodeId: 'solo', url: 'http://127.0.0.1:1' });
    await lease?.release();
    expect(await leases.owner('r1')).toBeNull();
    expect(lease?.lost.aborted).toBe(false);
  });
});

describe('room leases through Redis (two nodes)', () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  let a: RoomLeases;
  let b: RoomLeases;
  let raw: Redis;

  const connect = async (): Promise<Redis> => {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    redis = await startTestRedis();
    a = new RedisLeases(await connect(), 'node-a', log, TIMES);
    b = new RedisLeases(await connect(), 'node-b', log, TIMES);
    raw = await connect();
    a.advertise('http://127.0.0.1:1001');
    b.advertise('http://127.0.0.1:1002');
    await until(() => false, 100);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });

  it('two nodes racing for one room: exactly one wins, and both name it owner', async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim('race')),
    );
    const winners = new Set(
      claims.flatMap((lease, i) => (lease ? [i % 2 ? 'node-a' : 'node-b'] : [])),
    );
    expect(winners.size).toBe(1);
    const winner = [...winners][0]!;
    const url = winner === 'node-a' ? 'http://127.0.0.1:1001' : 'http://127.0.0.1:1002';
    expect(await a.owner('race')).toEqual({ nodeId: winner, url });
    expect(await b.owner('race')).toEqual({ nodeId: winner, url });
    expect(await raw.get('podium:room-owner:race')).toMatch(new RegExp(`^${winner}:`));
  });

  it('renewals keep a lease well past its length; release hands it over at once', async () => {
    const lease = await a.claim('kept');
    expect(lease).not.toBeNull();
    await sleep(TIMES.leaseMs * 2.5);
    expect(lease?.lost.aborted).toBe(false);
    expect(await b.claim('kept')).toBeNull();
    await lease?.release();
    expect(lease?.lost.aborted).toBe(true);
    expect(await a.owner('kept')).toBeNull();
    expect(await b.claim('kept')).not.toBeNull();
    expect((await a.owner('kept'))?.nodeId).toBe('node-b');
  });

  it('a lease taken by another node after it expired is lost: its renewal does not win it back', async () => {
    const lease = await a.claim('lost');
    expect(lease).not.toBeNull();
    // Node a paused past its lease (as in a long GC or a partition): the key expired and b took it.
    await raw.del('podium:room-owner:lost');
    const taken = await b.claim('lost');
    expect(taken).not.toBeNull();
    await until(() => lease?.lost.aborted === true);
    expect(lease?.lost.aborted).toBe(true);
    expect(taken?.lost.aborted).toBe(false);
    expect((await a.owner('lost'))?.nodeId).toBe('node-b');
    // Releasing the lost lease must not delete b's.
    await lease?.release();
    expect((await b.owner('lost'))?.nodeId).toBe('node-b');
  });

  it('a dead node (no renewals) loses its rooms within the lease length; its address goes too', async () => {
    const dead = new RedisLeases(await connect(), 'node-dead', log, TIMES);
    dead.advertise('http://127.0.0.1:1003');
    expect(await dead.claim('orphan')).not.toBeNull();
    expect(await b.owner('orphan')).toEqual({ nodeId: 'node-dead', url: 'http://127.0.0.1:1003' });
    // Stop renewing without releasing: what a SIGKILL leaves behind.
    (clients.at(-1) as Redis).disconnect();
    const started = Date.now();
    let won = await b.claim('orphan');
    while (!won && Date.now() - started < 3_000) {
      await sleep(50);
      won = await b.claim('orphan');
    }
    expect(won).not.toBeNull();
    expect(Date.now() - started).toBeLessThanOrEqual(TIMES.leaseMs + 300);
    expect(await raw.get('podium:node:node-dead')).toBeNull();
  });
});
