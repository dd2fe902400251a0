import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import type { SignalClient } from './signal-support.ts';
import { createEvent, greet, joinTicket, socketCredentials } from './signal-support.ts';

describe.each(STORE_KINDS)('account channel on %s', (kind) => {
  let server: TestServer;
  let alice: SignedIn;
  let bob: SignedIn;
  const clients: SignalClient[] = [];

  async function accountCredentials(who: SignedIn): Promise<string> {
    const res = await server.api('/member/v1/auth', { body: {}, token: who.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      scope: 'account',
      account_id: who.id,
      socket_path: apiPaths.signal.socket,
      protocol_version: PROTOCOL_VERSION,
    });
    return res.body.credentials as string;
  }

  async function openChannel(who: SignedIn): Promise<SignalClient> {
    const client = await greet(server, await accountCredentials(who));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await signUpAndLogin(server, 'alice', 'Alice Phạm');
    bob = await signUpAndLogin(server, 'bob', 'Bob Võ');
  });

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  it('two sockets of one account both get a pushed notification; another account gets nothing', async () => {
    const channel = server.podium.services.accountChannel;
    const first = await openChannel(alice);
    const second = await openChannel(alice);
    const other = await openChannel(bob);
    expect(channel.isOnline(alice.id)).toBe(true);

    const made = await server.podium.services.notifications.notify(alice.id, {
      kind: 'gift_received',
      data: { sender_name: 'Bob Võ', gift_name: 'Rose', amount: 5, unit: 'coin' },
    });
    for (const client of [first, second]) {
      const pushed = await client.nextOf('notification');
      expect(pushed.notification).toEqual(made);
      expect(pushed.unread).toBe(1);
    }

    // Reading it elsewhere updates every tab's count.
    const read = await server.api('/api/v1/message/update-read-status', {
      body: { ids: [made.id] },
      token: alice.token,
    });
    expect(read.body).toEqual({ updated: 1, unread: 0 });
    for (const client of [first, second]) {
      expect((await client.nextOf('notification_count')).unread).toBe(0);
    }

    // Bob's socket heard only its own hello reply.
    expect(await other.request({ type: 'heartbeat' })).toMatchObject({ type: 'reply' });
    expect(other.all('notification')).toHaveLength(0);
    expect(other.all('notification_count')).toHaveLength(0);
    for (const c of [first, second, other]) expect(c.invalid).toEqual([]);

    // publish answers how many sockets it reached; closed sockets drop out.
    expect(channel.publish(alice.id, { type: 'notification_count', unread: 0 })).toBe(2);
    first.close();
    await first.closed;
    await second.request({ type: 'heartbeat' });
    expect(channel.publish(alice.id, { type: 'notification_count', unread: 0 })).toBe(1);
    second.close();
    await second.closed;
    await other.request({ type: 'heartbeat' });
    expect(channel.isOnline(alice.id)).toBe(false);
    expect(channel.publish(alice.id, { type: 'notification_count', unread: 0 })).toBe(0);
  });

  it('presence listeners hear the first socket open and the last one close', async () => {
    const channel = server.podium.services.accountChannel;
    const carol = await signUpAndLogin(server, 'carol');
    const heard: Array<[string, boolean]> = [];
    const stop = channel.onPresence((id, online) => {
      if (id === carol.id) heard.push([id, online]);
    });
    try {
      const a = await openChannel(carol);
      const b = await openChannel(carol);
      a.close();
      await a.closed;
      b.close();
      await b.closed;
      // The close is handled on the server after the client sees it; a request on another
      // socket is answered only after the server processed earlier events.
      const probe = await openChannel(alice);
      await probe.request({ type: 'heartbeat' });
      expect(heard).toEqual([
        [carol.id, true],
        [carol.id, false],
      ]);
    } finally {
      stop();
    }
  });

  it('account credentials open no room, and room credentials open no account channel', async () => {
    const channel = server.podium.services.accountChannel;
    const event = await createEvent(server, alice.token);

    // Account credentials: greeted, but join and room requests are refused.
    const account = await openChannel(alice);
    const join = await account.request({ type: 'join', has_mic: false, has_camera: false });
    expect(join).toMatchObject({ type: 'error', code: 'not_allowed' });
    const resume = await account.request({ type: 'resume', session_id: 'abc' });
    expect(resume).toMatchObject({ type: 'error', code: 'not_allowed' });
    const chat = await account.request({ type: 'chat', to: 'everyone', text: 'hi' });
    expect(chat).toMatchObject({ type: 'error', code: 'not_allowed' });
    expect(account.isOpen).toBe(true);

    // Room credentials (owner's and a guest's): the socket is a room socket and gets no pushes.
    const hostCreds = await socketCredentials(server, { alias: event.name }, bob.token);
    const room = await greet(server, hostCreds);
    clients.push(room);
    const guest = await greet(
      server,
      await socketCredentials(server, {
        ticket: await joinTicket(server, event.name, { name: 'G' }),
      }),
    );
    clients.push(guest);
    const before = channel.size;
    await server.podium.services.notifications.notify(bob.id, {
      kind: 'missed_call',
      data: { qr_alias: 'desk', visitor_name: 'Lan', at: new Date().toISOString() },
    });
    await room.request({ type: 'heartbeat' });
    expect(room.all('notification')).toHaveLength(0);
    expect(channel.size).toBe(before);

    // Each kind opens only through its own check.
    const signal = server.podium.services.signal;
    expect((await signal.openAccount(hostCreds)).ok).toBe(false);
    expect((await signal.open(await accountCredentials(alice))).ok).toBe(false);
  });

  it('POST /member/v1/auth without ticket or alias needs the token', async () => {
    const res = await server.api('/member/v1/auth', { body: {} });
    expect(res.status).toBe(400);
    const bad = await server.api('/member/v1/auth', { body: {}, token: 'not-a-token' });
    expect(bad.status).toBe(400);
    // With a token and an alias, it is still a room credential.
    const event = await createEvent(server, alice.token);
    const room = await server.api('/member/v1/auth', {
      body: { alias: event.name },
      token: alice.token,
    });
    expect(room.body).toMatchObject({ role: 'host', room: { name: event.name } });
    expect(room.body.scope).toBeUndefined();
  });
});
