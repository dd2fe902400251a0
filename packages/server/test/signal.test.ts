import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  greet,
  joinRoom,
  joinTicket,
  SignalClient,
  socketCredentials,
  type Joined,
} from './signal-support.ts';

const NO_PERMISSION = 'You do not have permission to perform this function';

describe.each(STORE_KINDS)('signaling socket on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let member: SignedIn;
  const clients: SignalClient[] = [];

  const track = <T extends { client: SignalClient } | SignalClient>(x: T): T => {
    clients.push(x instanceof SignalClient ? x : x.client);
    return x;
  };

  async function hostCredentials(alias: string): Promise<string> {
    return socketCredentials(server, { alias }, owner.token);
  }

  async function guestCredentials(alias: string, name: string): Promise<string> {
    return socketCredentials(server, { ticket: await joinTicket(server, alias, { name }) });
  }

  async function join(credentials: string): Promise<Joined> {
    return track(await joinRoom(server, credentials));
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'host', 'Mai Trần');
    member = await signUpAndLogin(server, 'member', 'Khoa Lê');
  });

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  it('POST /member/v1/auth gives credentials from a ticket or the owner’s token; the role is the server’s', async () => {
    const event = await createEvent(server, owner.token);
    const ticket = await joinTicket(server, event.name, { name: 'Lan' });

    const guest = await server.api('/member/v1/auth', { body: { ticket, role: 'host' } });
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({
      role: 'guest',
      guest: true,
      display_name: 'Lan',
      socket_path: apiPaths.signal.socket,
      protocol_version: PROTOCOL_VERSION,
      room: { id: event.id, name: event.name, mode: 'meeting' },
    });
    expect(Date.parse(guest.body.expires_at)).toBeGreaterThan(Date.now());

    const host = await server.api('/member/v1/auth', {
      body: { alias: event.name },
      token: owner.token,
    });
    expect(host.status).toBe(200);
    expect(host.body).toMatchObject({ role: 'host', guest: false, display_name: 'Mai Trần' });

    const other = await server.api('/member/v1/auth', {
      body: { alias: event.name },
      token: member.token,
    });
    expect(other.body).toMatchObject({ role: 'participant', display_name: 'Khoa Lê' });

    const locked = await createEvent(server, owner.token, {
      passcode: 'Pass-2468',
      require_passcode: true,
    });
    const refused = await server.api('/member/v1/auth', {
      body: { alias: locked.name },
      token: member.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(NO_PERMISSION);

    expect((await server.api('/member/v1/auth', { body: { alias: event.name } })).status).toBe(401);
    expect((await server.api('/member/v1/auth', { body: { ticket: 'x.y' } })).status).toBe(401);
    expect((await server.api('/member/v1/auth', { body: {} })).status).toBe(400);
    expect(
      (await server.api('/member/v1/auth', { body: { ticket, alias: event.name } })).status,
    ).toBe(400);

    // A forged or altered credential is refused at hello, and the socket closed with 4001.
    const forged = guest.body.credentials.replace(/^./, (c: string) => (c === 'e' ? 'f' : 'e'));
    const client = track(await SignalClient.connect(server));
    const answer = await client.request({
      type: 'hello',
      protocol_version: PROTOCOL_VERSION,
      credentials: forged,
    });
    expect(answer).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect((await client.closed).code).toBe(4001);
  });

  it('host and guests join, see each other, chat publicly and privately; a late joiner gets the history', async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(await hostCredentials(event.name));
    expect(host.welcome.participant).toMatchObject({ role: 'host', name: 'Mai Trần' });
    expect((await host.client.nextOf('chat_history')).messages).toEqual([]);

    const lanCredentials = await guestCredentials(event.name, 'Lan');
    const lan = await join(lanCredentials);
    // In a meeting the first eight are presenters, guests included (decisions.md).
    expect(lan.welcome.participant).toMatchObject({ role: 'presenter', guest: true, name: 'Lan' });
    expect(lan.welcome.room.participants.map((p) => p.name)).toEqual(['Mai Trần', 'Lan']);
    const seen = await host.client.nextOf('participant_joined');
    expect(seen.participant).toMatchObject({ id: lan.participantId, guest: true, name: 'Lan' });

    const binh = await join(await guestCredentials(event.name, 'Bình'));
    for (const c of [host.client, lan.client]) {
      const joined = await c.nextOf('participant_joined', (m) => m.participant.name === 'Bình');
      expect(joined.participant.id).toBe(binh.participantId);
    }

    const pub = await lan.client.ok({ type: 'chat', to: 'everyone', text: 'Xin chào mọi người' });
    for (const c of [host.client, lan.client, binh.client]) {
      const m = await c.nextOf('chat_message');
      expect(m.message).toMatchObject({
        id: pub.message_id,
        from: lan.participantId,
        from_name: 'Lan',
        to: 'everyone',
        text: 'Xin chào mọi người',
      });
    }

    const priv = await lan.client.ok({ type: 'chat', to: host.participantId, text: 'Riêng tư' });
    for (const c of [host.client, lan.client]) {
      const m = await c.nextOf('chat_message');
      expect(m.message).toMatchObject({ id: priv.message_id, to: host.participantId });
    }
    await host.client.ok({ type: 'chat', to: 'everyone', text: 'Chào Lan' });
    // Messages arrive in order: once Bình has the later public one, the private one is not coming.
    await binh.client.nextOf('chat_message', (m) => m.message.text === 'Chào Lan');
    expect(binh.client.all('chat_message').map((m) => m.message.text)).toEqual([
      'Xin chào mọi người',
      'Chào Lan',
    ]);

    const late = await join(await guestCredentials(event.name, 'Cường'));
    const history = await late.client.nextOf('chat_history');
    expect(history.messages.map((m) => m.text)).toEqual(['Xin chào mọi người', 'Chào Lan']);
    expect(history.messages[0]!.id).toBe(pub.message_id);

    // Lan again, from a second tab: the new socket replaces the first and her history includes
    // her private message.
    const again = await join(lanCredentials);
    expect((await lan.client.nextOf('removed')).reason).toBe('replaced');
    const own = await again.client.nextOf('chat_history');
    expect(own.messages.map((m) => m.text)).toEqual(['Xin chào mọi người', 'Riêng tư', 'Chào Lan']);
    const left = await host.client.nextOf('participant_left');
    expect(left).toMatchObject({ participant_id: lan.participantId, reason: 'replaced' });
    const rejoined = await host.client.nextOf(
      'participant_joined',
      (m) => m.participant.id === again.participantId,
    );
    expect(rejoined.participant).toMatchObject({ name: 'Lan', role: 'presenter' });

    for (const c of [host, lan, binh, late, again]) expect(c.client.invalid).toEqual([]);
  });

  it('a locked room refuses new joiners; the waiting room holds them until admitted or denied', async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(await hostCredentials(event.name));
    const guest = await join(await guestCredentials(event.name, 'An'));

    await host.client.ok({ type: 'lock' });
    expect(await guest.client.nextOf('room_updated')).toMatchObject({
      changes: { locked: true },
    });
    const outsider = track(await greet(server, await guestCredentials(event.name, 'Dũng')));
    const refused = await outsider.request({ type: 'join' });
    expect(refused).toMatchObject({
      type: 'error',
      code: 'room_locked',
      message: 'Room is locked',
    });
    expect(await outsider.nextOf('join_state')).toMatchObject({ state: 'locked' });
    await host.client.ok({ type: 'unlock' });

    await host.client.ok({ type: 'waiting_room', enabled: true });
    const eva = track(await greet(server, await guestCredentials(event.name, 'Eva')));
    const accepted = await eva.ok({ type: 'join' });
    expect(await eva.nextOf('join_state')).toMatchObject({ state: 'in_waiting_room' });
    const listed = await host.client.nextOf('waiting_list_updated', (m) => m.added.length > 0);
    expect(listed.added).toEqual([
      expect.objectContaining({ participant_id: accepted.participant_id, name: 'Eva' }),
    ]);
    // Someone in the waiting room is not in the room: chat is refused.
    expect(await eva.request({ type: 'chat', to: 'everyone', text: 'hello?' })).toMatchObject({
      type: 'error',
      code: 'not_joined',
    });

    await host.client.ok({ type: 'admit', participant_id: accepted.participant_id as string });
    const welcome = await eva.nextOf('welcome');
    expect(welcome.participant).toMatchObject({ id: accepted.participant_id, name: 'Eva' });
    await eva.nextOf('chat_history');
    expect(await guest.client.nextOf('participant_joined')).toMatchObject({
      participant: { name: 'Eva' },
    });

    const phuong = track(await greet(server, await guestCredentials(event.name, 'Phương')));
    const waiting = await phuong.ok({ type: 'join' });
    await phuong.nextOf('join_state', (m) => m.state === 'in_waiting_room');
    await host.client.ok({ type: 'deny', participant_id: waiting.participant_id as string });
    expect(await phuong.nextOf('removed')).toMatchObject({ reason: 'denied' });
    expect(await phuong.nextOf('join_state')).toMatchObject({ state: 'left' });
    // Denied is not blocked: the socket stays usable and may ask again.
    expect(phuong.isOpen).toBe(true);
  });

  it('refuses host controls from a guest with the permission message', async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(await hostCredentials(event.name));
    const guest = await join(await guestCredentials(event.name, 'Giang'));
    for (const request of [
      { type: 'lock' },
      { type: 'remove', participant_id: host.participantId },
      { type: 'mute_all', layout: 'center' },
      { type: 'end_for_all' },
      { type: 'set_role', participant_id: guest.participantId, role: 'co-host', granted: true },
      { type: 'chat_passcode_reset' },
      { type: 'chat_export' },
    ] as const) {
      const answer = await guest.client.request(request);
      expect(answer, request.type).toMatchObject({
        type: 'error',
        code: 'permission',
        key: 'errors.permission',
        message: NO_PERMISSION,
      });
    }
    // Nothing happened: the host is still there and the room unlocked.
    expect(host.client.isOpen).toBe(true);
    expect(host.client.all('room_updated')).toEqual([]);
  });

  it('refuses another protocol version with protocol_mismatch and close code 4000', async () => {
    const event = await createEvent(server, owner.token);
    const credentials = await guestCredentials(event.name, 'Hải');
    const early = track(await SignalClient.connect(server));
    expect(await early.request({ type: 'join' })).toMatchObject({
      type: 'error',
      code: 'unauthorized',
    });
    const client = track(await SignalClient.connect(server));
    const answer = await client.request({ type: 'hello', protocol_version: 99, credentials });
    expect(answer).toMatchObject({
      type: 'error',
      code: 'protocol_mismatch',
      key: 'errors.protocol_version',
    });
    expect((await client.closed).code).toBe(4000);
  });

  it('a dropped socket resumes its session with identity and role kept', async () => {
    const event = await createEvent(server, owner.token);
    const credentials = await hostCredentials(event.name);
    const host = await join(credentials);
    const guestCredentialsA = await guestCredentials(event.name, 'Khánh');
    const guest = await join(guestCredentialsA);
    await host.client.nextOf('participant_joined');

    host.client.ws.terminate();
    expect(await guest.client.nextOf('participant_updated')).toMatchObject({
      participant_id: host.participantId,
      changes: { state: 'reconnecting' },
    });

    // Someone else's credentials with the host's session id get nothing.
    const thief = track(await greet(server, guestCredentialsA));
    expect(await thief.request({ type: 'resume', session_id: host.sessionId })).toMatchObject({
      type: 'error',
      code: 'session_expired',
    });

    const back = track(await greet(server, credentials));
    const resumed = await back.ok({ type: 'resume', session_id: host.sessionId });
    expect(resumed.participant_id).toBe(host.participantId);
    const welcome = await back.nextOf('welcome');
    expect(welcome.participant).toMatchObject({ id: host.participantId, role: 'host' });
    expect(welcome.session_id).not.toBe(host.sessionId);
    await back.nextOf('chat_history');
    expect(await guest.client.nextOf('participant_updated')).toMatchObject({
      participant_id: host.participantId,
      changes: { state: 'connected' },
    });
    // Still the host: the controls work.
    await back.ok({ type: 'lock' });

    // The old session id is spent.
    const stale = track(await greet(server, credentials));
    expect(await stale.request({ type: 'resume', session_id: host.sessionId })).toMatchObject({
      type: 'error',
      code: 'session_expired',
    });
    // Resuming on yet another socket takes over from the current one (4002 there).
    const third = track(await greet(server, credentials));
    await third.ok({ type: 'resume', session_id: welcome.session_id });
    expect((await back.closed).code).toBe(4002);
    expect((await third.nextOf('welcome')).participant.role).toBe('host');
  });

  it('a blocked guest cannot come back with credentials from the same ticket', async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(await hostCredentials(event.name));
    const ticket = await joinTicket(server, event.name, { name: 'Lộc' });
    const guest = await join(await socketCredentials(server, { ticket }));
    await host.client.ok({ type: 'block', participant_id: guest.participantId });
    expect(await guest.client.nextOf('removed')).toMatchObject({ reason: 'blocked' });

    const again = track(await greet(server, await socketCredentials(server, { ticket })));
    expect(await again.request({ type: 'join' })).toMatchObject({
      type: 'error',
      code: 'blocked',
      message: 'You cannot join this event',
    });
  });

  it('the chat-history passcode is shown once, clears earlier chats and guards the export', async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(await hostCredentials(event.name));
    const guest = await join(await guestCredentials(event.name, 'Minh'));
    await guest.client.ok({ type: 'chat', to: 'everyone', text: 'before' });

    const { passcode } = await host.client.ok({ type: 'chat_passcode_reset' });
    expect(passcode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await guest.client.nextOf('chat_cleared')).toMatchObject({ by: host.participantId });

    await guest.client.ok({ type: 'chat', to: 'everyone', text: 'after' });
    await host.client.nextOf('chat_message', (m) => m.message.text === 'after');

    expect(await host.client.request({ type: 'chat_export' })).toMatchObject({
      type: 'error',
      code: 'invalid_passcode',
      key: 'chat.invalid_passcode',
    });
    expect(await host.client.request({ type: 'chat_export', passcode: 'AAAA-AAAA' })).toMatchObject(
      { type: 'error', code: 'invalid_passcode' },
    );
    const exported = await host.client.ok({
      type: 'chat_export',
      passcode: String(passcode).toLowerCase(),
    });
    expect((exported.messages as { text: string }[]).map((m) => m.text)).toEqual(['after']);

    const late = await join(await guestCredentials(event.name, 'Nga'));
    expect((await late.client.nextOf('chat_history')).messages.map((m) => m.text)).toEqual([
      'after',
    ]);
  });

  it('media requests answer media_unavailable without a media server; publishing still needs the right', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(await hostCredentials(event.name));
    const guest = await join(await guestCredentials(event.name, 'Oanh'));
    expect(
      await host.client.request({ type: 'publish_offer', source: 'camera', sdp: 'v=0' }),
    ).toMatchObject({
      type: 'error',
      code: 'media_unavailable',
      key: 'errors.media_unavailable',
    });
    // A conference attendee has no right to publish: refused before media is even asked.
    expect(
      await guest.client.request({ type: 'publish_offer', source: 'camera', sdp: 'v=0' }),
    ).toMatchObject({ type: 'error', code: 'permission', message: NO_PERMISSION });
    expect(
      await guest.client.request({
        type: 'trickle',
        target: 'subscriber',
        candidate: { candidate: 'candidate:1 1 udp 1 198.18.0.2 5000 typ host' },
      }),
    ).toMatchObject({ type: 'error', code: 'media_unavailable' });
  });

  it('answers bad frames with errors and closes with 1008 after repeated abuse', async () => {
    const event = await createEvent(server, owner.token);
    const client = track(await greet(server, await guestCredentials(event.name, 'Quân')));
    client.sendRaw('{not json');
    expect(await client.nextOf('error')).toMatchObject({ id: null, code: 'bad_message' });
    client.sendRaw(JSON.stringify({ id: 'x1', type: 'chat', to: 'everyone', text: 5 }));
    expect(await client.nextOf('error')).toMatchObject({ id: 'x1', code: 'bad_message' });
    client.sendRaw(JSON.stringify({ id: 'x2', type: 'heartbeat', pad: 'a'.repeat(70_000) }));
    expect(await client.nextOf('error')).toMatchObject({ code: 'message_too_large' });
    expect(await client.request({ type: 'heartbeat' })).toMatchObject({ type: 'reply' });
    for (let i = 0; i < 20; i++) client.sendRaw(`garbage ${i}`);
    expect((await client.closed).code).toBe(1008);
    // 17 more errors before the 20th strike closed it.
    expect(client.all('error').length).toBe(20);
  });

  it('ending the event for all sends ended and closes every socket; rejoining finds it ended', async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(await hostCredentials(event.name));
    const guestCreds = await guestCredentials(event.name, 'Sơn');
    const guest = await join(guestCreds);
    await host.client.ok({ type: 'end_for_all' });
    for (const c of [host.client, guest.client]) {
      expect(await c.nextOf('ended')).toMatchObject({ reason: 'host_ended' });
      expect((await c.closed).code).toBe(1000);
    }
    const late = track(await greet(server, guestCreds));
    expect(await late.request({ type: 'join' })).toMatchObject({
      type: 'error',
      code: 'room_ended',
      message: 'This event has ended',
    });
  });
});
