import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ApiLike } from '../src/test-support/api.ts';
import { startNodeProcess, killNodeProcess } from './support/node-process.ts';
import { STORE_KINDS, type StoreKind } from './support/stores.ts';
import { signUpAndLogin } from './events-support.ts';
import { createEvent, greet, joinRoom, sleep, type SignalClient } from './signal-support.ts';

/**
 * Issue 10 item 2: after a SIGKILL and a restart, a locked room came back unlocked with the
 * waiting room off. A real server process is killed mid-call and started again on the same
 * database (file-backed PGlite, or PostgreSQL); a new guest is still refused by the lock, or held
 * in the waiting room.
 */
async function storeEnv(
  kind: StoreKind,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-restart-'));
  const drop = () => fs.rm(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') return { env: { DATA_DIR: dataDir }, drop };
  const adminUrl = inject('pgUrl');
  const name = `podium_restart_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${name}`) },
    drop,
  };
}

async function guestCredentials(server: ApiLike, alias: string, name: string): Promise<string> {
  const verify = await server.api('/api/quickom/qrcode/verify-call', {
    body: { alias, display_name: name },
  });
  expect(verify.status, JSON.stringify(verify.body)).toBe(200);
  const auth = await server.api('/member/v1/auth', { body: { ticket: verify.body.ticket } });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  return auth.body.credentials as string;
}

async function hostCredentials(server: ApiLike, alias: string, token: string): Promise<string> {
  const auth = await server.api('/member/v1/auth', { body: { alias }, token });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  return auth.body.credentials as string;
}

describe.each(STORE_KINDS)('room state across a SIGKILL on %s', (kind) => {
  const sockets: SignalClient[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('a locked room with the waiting room on comes back locked and holding people', async () => {
    const store = await storeEnv(kind);
    cleanups.push(store.drop);
    let child = await startNodeProcess(store.env);
    cleanups.push(() => killNodeProcess(child));

    const owner = await signUpAndLogin(child.server, 'restart');
    const locked = await createEvent(child.server, owner.token);
    const waiting = await createEvent(child.server, owner.token);
    const host = await joinRoom(
      child.server,
      await hostCredentials(child.server, locked.name, owner.token),
    );
    sockets.push(host.client);
    await host.client.ok({ type: 'lock' });
    const host2 = await joinRoom(
      child.server,
      await hostCredentials(child.server, waiting.name, owner.token),
    );
    sockets.push(host2.client);
    // A guest already let in, still in the call when the server dies.
    const early = await joinRoom(
      child.server,
      await guestCredentials(child.server, waiting.name, 'Early'),
    );
    sockets.push(early.client);
    await host2.client.ok({ type: 'waiting_room', enabled: true });
    // The reply comes before the write lands; a moment later it is on disk.
    await sleep(500);

    await killNodeProcess(child);
    child = await startNodeProcess(store.env);

    // The host comes back (their ticket passes the lock) and sees the room as they left it.
    const back = await joinRoom(
      child.server,
      await hostCredentials(child.server, locked.name, owner.token),
    );
    sockets.push(back.client);
    expect(back.welcome.room).toMatchObject({ locked: true });
    const refused = await greet(
      child.server,
      await guestCredentials(child.server, locked.name, 'Late'),
    );
    sockets.push(refused);
    expect(
      await refused.request({ type: 'join', has_mic: false, has_camera: false }),
    ).toMatchObject({
      type: 'error',
      code: 'room_locked',
      message: 'Room is locked',
    });

    // The waiting room holds a new guest even before the host is back.
    const held = await greet(
      child.server,
      await guestCredentials(child.server, waiting.name, 'New'),
    );
    sockets.push(held);
    await held.ok({ type: 'join', has_mic: false, has_camera: false });
    expect(await held.nextOf('join_state')).toMatchObject({ state: 'in_waiting_room' });
    const back2 = await joinRoom(
      child.server,
      await hostCredentials(child.server, waiting.name, owner.token),
    );
    sockets.push(back2.client);
    expect(back2.welcome.room).toMatchObject({ waiting_room: true });
  }, 120_000);
});
