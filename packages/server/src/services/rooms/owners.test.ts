import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, openTestStore } from '../../../test/support/stores.ts';
import { RedisLeases } from '../../cluster/redis-leases.ts';
import { Sim } from '../../rooms/test-support.ts';
import type { Store } from '../../store/db.ts';
import { startTestRedis, type TestRedis } from '../../test-support/redis-server.ts';
import { AccountStore } from '../accounts/account-store.ts';
import { insertAlias } from '../events/repository.ts';
import { RoomDirectory } from './directory.ts';
import { loadAdmitted, loadRoomState } from './repository.ts';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fencing (issue 16 item 1): two nodes may briefly both believe they run a room (one paused past
 * its lease), but only the holder of the room's latest epoch changes its stored state.
 */
describe.each(STORE_KINDS)('room ownership fencing on %s', (kind) => {
  let store: Store;
  let redis: TestRedis;
  const clients: Redis[] = [];
  let roomId: string;

  beforeAll(async () => {
    [store, redis] = await Promise.all([openTestStore(kind), startTestRedis()]);
    const ownerId = crypto.randomUUID();
    await new AccountStore(store.db).insert({
      id: ownerId,
      email: `${ownerId}@example.test`,
      referralCode: ownerId.slice(0, 8).toUpperCase(),
    });
    roomId = crypto.randomUUID();
    await insertAlias(store.db, {
      id: roomId,
      ownerId,
      type: 'conference',
      name: `fence-${roomId.slice(0, 8)}`,
      title: 'Fenced',
      startTime: new Date(),
      endTime: new Date(Date.now() + 3_600_000),
      mode: 'meeting',
      speakerKey: 'k',
    });
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await store?.close();
    await redis?.stop();
  });

  const leasesOf = async (nodeId: string): Promise<RedisLeases> => {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    clients.push(client);
    const leases = new RedisLeases(client, nodeId, log, { leaseMs: 600, renewMs: 200 });
    leases.advertise(`http://${nodeId}.test`);
    return leases;
  };

  it('a node that lost its lease cannot write the room: its write is refused, the new owner’s stands', async () => {
    const directory = new RoomDirectory(store.db);
    const a = await leasesOf('node-a');
    const b = await leasesOf('node-b');
    const sim = new Sim({ mode: 'meeting' });
    sim.join('owner', { ticket: 'host' });

    // Node a takes the room first (epoch 1); b is refused while a holds the lease.
    const leaseA = await a.claim(roomId);
    expect(leaseA).not.toBeNull();
    expect(await b.claim(roomId)).toBeNull();
    const epochA = await directory.takeRoom(roomId, a.nodeId);
    let lostA = 0;
    const stateA = await directory.openState(roomId, log, {
      epoch: epochA,
      lost: () => (lostA += 1),
    });
    sim.req('owner', { type: 'lock' });
    stateA.changed(sim.state);
    await sleep(100);
    expect(await loadRoomState(store.db, roomId)).toMatchObject({ locked: true });

    // Node a stalls past its lease; node b takes the room and the next epoch.
    await clients[0]!.del(`podium:room-owner:${roomId}`);
    const leaseB = await b.claim(roomId);
    expect(leaseB).not.toBeNull();
    const epochB = await directory.takeRoom(roomId, b.nodeId);
    expect(epochB).toBe(epochA + 1);
    const stateB = await directory.openState(roomId, log, { epoch: epochB, lost: () => {} });
    expect(stateB.saved).toMatchObject({ locked: true });
    sim.req('owner', { type: 'waiting_room', enabled: true });
    stateB.changed(sim.state);

    // Node a wakes up and writes what it believes: refused, and told it lost the room.
    sim.req('owner', { type: 'unlock' });
    stateA.changed(sim.state);
    await stateA.finished('idle');
    expect(lostA).toBe(1);
    await stateB.finished('shutdown');
    expect(await loadRoomState(store.db, roomId)).toMatchObject({
      locked: true,
      waitingRoom: true,
    });
    // Its lease is gone too (the renewal found b's value), and releasing it leaves b's alone.
    const deadline = Date.now() + 2_000;
    while (!leaseA?.lost.aborted && Date.now() < deadline) await sleep(20);
    expect(leaseA?.lost.aborted).toBe(true);
    await leaseA?.release();
    expect((await a.owner(roomId))?.nodeId).toBe('node-b');

    // The owner's own end of the run still deletes the state.
    const stateB2 = await directory.openState(roomId, log, { epoch: epochB, lost: () => {} });
    await stateB2.finished('idle');
    expect(await loadRoomState(store.db, roomId)).toBeNull();
    await a.close();
    await b.close();
  });

  it('who was in the run is kept for the next owner, without whoever the host removed', async () => {
    const directory = new RoomDirectory(store.db);
    const first = await directory.openState(roomId, log, {
      epoch: await directory.takeRoom(roomId, 'node-a'),
      lost: () => {},
    });
    for (const who of ['g:one', 'a:two', 'g:three', 'g:one']) first.welcomed(who);
    first.removed('g:three');
    await first.finished('shutdown');
    const next = await directory.openState(roomId, log, {
      epoch: await directory.takeRoom(roomId, 'node-b'),
      lost: () => {},
    });
    expect([...next.admitted].sort()).toEqual(['a:two', 'g:one']);
    // The run's end forgets them, with the rest of the room state.
    await next.finished('idle');
    expect(await loadAdmitted(store.db, roomId)).toEqual([]);
    // One process (no fence): nothing is recorded.
    const solo = await directory.openState(roomId, log);
    solo.welcomed('g:solo');
    await solo.finished('shutdown');
    expect(await loadAdmitted(store.db, roomId)).toEqual([]);
  });
});
