import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, NOTIFICATIONS_MAX_LIMIT, type NotificationInput } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import { createEvent } from './signal-support.ts';

const gift = (n: number): NotificationInput => ({
  kind: 'gift_received',
  data: { sender_name: `Sender ${n}`, gift_name: 'Rose', amount: n, unit: 'coin' },
});

describe.each(STORE_KINDS)('notifications API on %s', (kind) => {
  let server: TestServer;
  let alice: SignedIn;
  let bob: SignedIn;

  const notify = (accountId: string, input: NotificationInput) =>
    server.podium.services.notifications.notify(accountId, input);
  const count = async (who: SignedIn, query = '?is_read=false'): Promise<number> => {
    const res = await server.api(`/api/v1/message/count${query}`, { token: who.token });
    expect(res.status).toBe(200);
    return res.body.count as number;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await signUpAndLogin(server, 'alice', 'Alice Nguyễn');
    bob = await signUpAndLogin(server, 'bob', 'Bob Trần');
  });

  afterAll(async () => {
    await server.close();
  });

  it('needs the token on every endpoint', async () => {
    expect((await server.api('/api/v1/message/get')).status).toBe(401);
    expect((await server.api('/api/v1/message/count?is_read=false')).status).toBe(401);
    expect(
      (await server.api('/api/v1/message/update-read-status', { body: { all: true } })).status,
    ).toBe(401);
    expect((await server.api('/api/v1/message/delete', { body: { ids: [1] } })).status).toBe(401);
  });

  it('lists newest first and pages with from_id (exclusive) until none is left', async () => {
    const account = await signUpAndLogin(server, 'pager');
    const made: number[] = [];
    for (let i = 1; i <= 7; i++) made.push((await notify(account.id, gift(i))).id);

    const seen: number[] = [];
    let from: number | null = null;
    let pages = 0;
    do {
      const query: string = from === null ? '?limit=3' : `?limit=3&from_id=${from}`;
      const res = await server.api(`/api/v1/message/get${query}`, { token: account.token });
      expect(res.status).toBe(200);
      expect(res.body.unread).toBe(7);
      seen.push(...res.body.items.map((n: { id: number }) => n.id));
      from = res.body.next_from_id;
      pages += 1;
    } while (from !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());

    const first = await server.api('/api/v1/message/get?limit=1', { token: account.token });
    expect(first.body.items[0]).toMatchObject({
      id: made[6],
      kind: 'gift_received',
      is_read: false,
      data: { sender_name: 'Sender 7', gift_name: 'Rose', amount: 7, unit: 'coin' },
    });
    expect(Date.parse(first.body.items[0].created_at)).not.toBeNaN();
    // The default page holds 20.
    const all = await server.api('/api/v1/message/get', { token: account.token });
    expect(all.body.items).toHaveLength(7);
    expect(all.body.next_from_id).toBeNull();
  });

  it('counts read and unread; marks one, then all, read and unread again', async () => {
    const account = await signUpAndLogin(server, 'reader');
    const a = await notify(account.id, gift(1));
    const b = await notify(account.id, {
      kind: 'missed_call',
      data: { qr_alias: 'front-desk', visitor_name: 'Lan', at: new Date().toISOString() },
    });
    await notify(account.id, gift(3));
    expect(await count(account)).toBe(3);
    expect(await count(account, '?is_read=true')).toBe(0);
    expect(await count(account, '')).toBe(3);

    const one = await server.api('/api/v1/message/update-read-status', {
      body: { ids: [a.id, a.id], is_read: true },
      token: account.token,
    });
    expect(one.body).toEqual({ updated: 1, unread: 2 });
    // Already read: nothing changes.
    const again = await server.api('/api/v1/message/update-read-status', {
      body: { ids: [a.id] },
      token: account.token,
    });
    expect(again.body).toEqual({ updated: 0, unread: 2 });
    expect(await count(account, '?is_read=true')).toBe(1);

    const all = await server.api('/api/v1/message/update-read-status', {
      body: { all: true, is_read: true },
      token: account.token,
    });
    expect(all.body).toEqual({ updated: 2, unread: 0 });
    expect(await count(account)).toBe(0);

    const unread = await server.api('/api/v1/message/update-read-status', {
      body: { ids: [b.id], is_read: false },
      token: account.token,
    });
    expect(unread.body).toEqual({ updated: 1, unread: 1 });
    const list = await server.api('/api/v1/message/get', { token: account.token });
    expect(list.body.items.map((n: { is_read: boolean }) => n.is_read)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('deletes, and the deletion holds', async () => {
    const account = await signUpAndLogin(server, 'deleter');
    const a = await notify(account.id, gift(1));
    const b = await notify(account.id, gift(2));
    const res = await server.api('/api/v1/message/delete', {
      body: { ids: [a.id] },
      token: account.token,
    });
    expect(res.body).toEqual({ updated: 1, unread: 1 });
    const list = await server.api('/api/v1/message/get', { token: account.token });
    expect(list.body.items.map((n: { id: number }) => n.id)).toEqual([b.id]);
    const twice = await server.api('/api/v1/message/delete', {
      body: { ids: [a.id] },
      token: account.token,
    });
    expect(twice.body).toEqual({ updated: 0, unread: 1 });
  });

  it('an account never sees or touches another’s notifications (foreign ids are skipped)', async () => {
    const mine = await notify(alice.id, gift(11));
    const before = await count(alice);

    const list = await server.api('/api/v1/message/get', { token: bob.token });
    expect(list.body.items.map((n: { id: number }) => n.id)).not.toContain(mine.id);

    const read = await server.api('/api/v1/message/update-read-status', {
      body: { ids: [mine.id], is_read: true },
      token: bob.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.updated).toBe(0);
    const readAll = await server.api('/api/v1/message/update-read-status', {
      body: { all: true },
      token: bob.token,
    });
    expect(readAll.status).toBe(200);
    const del = await server.api('/api/v1/message/delete', {
      body: { ids: [mine.id] },
      token: bob.token,
    });
    expect(del.body.updated).toBe(0);

    expect(await count(alice)).toBe(before);
    const still = await server.api('/api/v1/message/get', { token: alice.token });
    expect(still.body.items.find((n: { id: number }) => n.id === mine.id)).toMatchObject({
      is_read: false,
    });
  });

  it('bad input answers 400 in the error shape, never 5xx', async () => {
    const get = [
      '?limit=0',
      `?limit=${NOTIFICATIONS_MAX_LIMIT + 1}`,
      '?limit=abc',
      '?limit=1.5',
      '?from_id=-1',
      '?from_id=x',
      '?from_id=99999999999999999999999',
    ];
    for (const q of get) {
      const res = await server.api(`/api/v1/message/get${q}`, { token: alice.token });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe(ErrorCode.Validation);
    }
    expect(
      (await server.api('/api/v1/message/count?is_read=maybe', { token: alice.token })).status,
    ).toBe(400);
    const bodies: unknown[] = [
      {},
      { ids: [] },
      { ids: 'all' },
      { ids: [0] },
      { ids: ['x'] },
      { ids: [1], is_read: 'yes' },
      { all: false },
      { ids: [1], all: true },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      [],
      'not json',
      null,
    ];
    for (const body of bodies) {
      for (const path of ['/api/v1/message/update-read-status', '/api/v1/message/delete']) {
        const res = await server.api(path, { body, token: alice.token });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(res.body.error).toBeDefined();
      }
    }
  });

  it('notify refuses data that does not fit its kind', async () => {
    await expect(
      notify(alice.id, {
        kind: 'invitation',
        data: { sender_name: 'x' },
      } as unknown as NotificationInput),
    ).rejects.toThrow();
  });

  it('an invitation to the e-mail of an account becomes a notification for it', async () => {
    const before = await count(bob);
    const event = await createEvent(server, alice.token, {
      title: 'Quarterly review',
      speakers: [
        { name: 'Bob', email: bob.email.toUpperCase() },
        { name: 'Nobody', email: 'nobody-here@example.test' },
      ],
    });
    expect(await count(bob)).toBe(before + 1);
    const list = await server.api('/api/v1/message/get?limit=1', { token: bob.token });
    expect(list.body.items[0]).toMatchObject({
      kind: 'invitation',
      is_read: false,
      data: { alias: event.name, title: 'Quarterly review', host_name: 'Alice Nguyễn' },
    });

    // Adding a participant later invites (and notifies) too.
    const other = await createEvent(server, alice.token, { title: 'Stand-up' });
    const added = await server.api('/api/account/qrcode/participant/add', {
      body: { alias: other.name, name: 'Bob', email: bob.email, role: 'participant' },
      token: alice.token,
    });
    expect(added.status).toBeLessThan(300);
    expect(await count(bob)).toBe(before + 2);
    const latest = await server.api('/api/v1/message/get?limit=1', { token: bob.token });
    expect(latest.body.items[0].data).toMatchObject({ alias: other.name, title: 'Stand-up' });
  });
});
