import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import type { SignalClient } from './signal-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  sleep,
  socketCredentials,
  type Joined,
} from './signal-support.ts';

/**
 * The e2ee feature relays end-to-end keys (issue 17 item 2): public keys to the room, sealed
 * media keys to one participant, only in endtoend rooms, bounded in size and rate. It never
 * interprets what it relays.
 */

/** A syntactically valid public key (87 base64url characters); the server cannot tell more. */
const publicKey = (c: string) => c.repeat(87);
const sealed = 'A'.repeat(86);

describe.each(STORE_KINDS)('end-to-end key relay on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  const clients: SignalClient[] = [];

  async function join(alias: string, name: string | null): Promise<Joined> {
    const credentials = name
      ? await socketCredentials(server, { ticket: await joinTicket(server, alias, { name }) })
      : await socketCredentials(server, { alias }, owner.token);
    const joined = await joinRoom(server, credentials);
    clients.push(joined.client);
    return joined;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'host', 'Mai Trần');
  });

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  it('announces public keys to the room, gives a joiner the present ones, and relays a sealed key to its one recipient', async () => {
    const event = await createEvent(server, owner.token, { mode: 'endtoend' });
    const host = await join(event.name, null);
    const guest = await join(event.name, 'Lan');

    await host.client.ok({ type: 'e2ee_announce', public_key: publicKey('h') });
    const told = await guest.client.nextOf('e2ee_public_keys');
    expect(told.keys).toEqual([{ participant_id: host.participantId, public_key: publicKey('h') }]);
    await guest.client.ok({ type: 'e2ee_announce', public_key: publicKey('g') });
    await host.client.nextOf('e2ee_public_keys', (m) => m.keys[0]?.public_key === publicKey('g'));

    // A later joiner is given both keys right after its welcome.
    const third = await join(event.name, 'Bảo');
    const given = await third.client.nextOf('e2ee_public_keys');
    expect(given.keys.map((k) => k.participant_id).sort()).toEqual(
      [host.participantId, guest.participantId].sort(),
    );

    await host.client.ok({ type: 'e2ee_seal', to: guest.participantId, sealed });
    const relayed = await guest.client.nextOf('e2ee_sealed');
    expect(relayed).toEqual({ type: 'e2ee_sealed', from: host.participantId, sealed });
    // Nobody else gets it.
    await sleep(200);
    expect(third.client.all('e2ee_sealed')).toEqual([]);
    expect(host.client.all('e2ee_sealed')).toEqual([]);

    // Not to oneself, not to someone who is not in the room.
    expect(
      await host.client.request({ type: 'e2ee_seal', to: host.participantId, sealed }),
    ).toMatchObject({ type: 'error', code: 'target_not_found' });
    expect(await host.client.request({ type: 'e2ee_seal', to: 'nobody', sealed })).toMatchObject({
      type: 'error',
      code: 'target_not_found',
    });

    // A participant who left is gone from what the next joiner is given.
    await guest.client.ok({ type: 'leave' });
    const fourth = await join(event.name, 'Chi');
    const after = await fourth.client.nextOf('e2ee_public_keys');
    expect(after.keys.map((k) => k.participant_id)).toEqual([host.participantId]);
    expect(
      await host.client.request({ type: 'e2ee_seal', to: guest.participantId, sealed }),
    ).toMatchObject({ type: 'error', code: 'target_not_found' });
    for (const c of [host, guest, third, fourth]) expect(c.client.invalid).toEqual([]);
  });

  it('refuses keys in a room that is not end-to-end encrypted, and malformed ones anywhere', async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(event.name, null);
    const guest = await join(event.name, 'Lan');
    expect(
      await host.client.request({ type: 'e2ee_announce', public_key: publicKey('h') }),
    ).toMatchObject({ type: 'error', code: 'not_allowed', key: 'e2ee.not_endtoend' });
    expect(
      await host.client.request({ type: 'e2ee_seal', to: guest.participantId, sealed }),
    ).toMatchObject({ type: 'error', code: 'not_allowed' });
    await sleep(100);
    expect(guest.client.all('e2ee_sealed')).toEqual([]);

    const e2ee = await createEvent(server, owner.token, { mode: 'endtoend' });
    const a = await join(e2ee.name, null);
    const b = await join(e2ee.name, 'Lan');
    for (const bad of [
      { type: 'e2ee_announce', public_key: 'short' },
      { type: 'e2ee_announce', public_key: `${'a'.repeat(86)}=` },
      { type: 'e2ee_seal', to: b.participantId, sealed: 'A'.repeat(173) },
      { type: 'e2ee_seal', to: b.participantId, sealed: 'not base64!' },
    ] as const) {
      expect(await a.client.request(bad as never)).toMatchObject({
        type: 'error',
        code: 'bad_message',
      });
    }
    expect(b.client.all('e2ee_sealed')).toEqual([]);
  });

  it('rate-limits sealed keys per sender', async () => {
    const event = await createEvent(server, owner.token, { mode: 'endtoend' });
    const host = await join(event.name, null);
    const guest = await join(event.name, 'Lan');
    const answers = [];
    for (let i = 0; i < 61; i++) {
      answers.push(
        await host.client.request({ type: 'e2ee_seal', to: guest.participantId, sealed }),
      );
    }
    expect(answers.slice(0, 60).every((a) => a.type === 'reply')).toBe(true);
    expect(answers[60]).toMatchObject({ type: 'error', code: 'rate_limited' });
    await guest.client.until(() => guest.client.all('e2ee_sealed').length === 60);
    expect(guest.client.all('e2ee_sealed')).toHaveLength(60);
  });
});
