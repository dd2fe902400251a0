import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCallMessages } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { hoursFromNow, signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  greet,
  joinRoom,
  socketCredentials,
  type SignalClient,
} from './signal-support.ts';

/**
 * The QR call centre over HTTP and the account channel: agents managed through the participant
 * endpoints, calls through POST /1-1/send, ringing and its end pushed to agents' sockets.
 */
describe.each(STORE_KINDS)('QR calls on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let agentA: SignedIn;
  let agentB: SignedIn;
  let stranger: SignedIn;
  const sockets: SignalClient[] = [];

  async function online(who: SignedIn): Promise<SignalClient> {
    const auth = await server.api('/member/v1/auth', { body: {}, token: who.token });
    expect(auth.status).toBe(200);
    const client = await greet(server, auth.body.credentials as string);
    sockets.push(client);
    return client;
  }

  async function qrAlias(
    extra: Record<string, unknown> = {},
  ): Promise<{ id: string; name: string }> {
    const res = await server.api('/api/account/qrcode/create', {
      token: owner.token,
      body: { type: 'qrcode', title: 'Front desk', start_time: hoursFromNow(0), ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id, name: res.body.name };
  }

  async function addAgent(alias: string, account: string, token = owner.token) {
    return server.api('/api/account/qrcode/participant/add', { token, body: { alias, account } });
  }

  async function aliasWithAgents(...agents: SignedIn[]) {
    const alias = await qrAlias();
    for (const a of agents) expect((await addAgent(alias.name, a.email)).status).toBe(201);
    return alias;
  }

  const send = (body: unknown, token?: string) =>
    server.api('/1-1/send', { body, ...(token ? { token } : {}) });

  async function missedCalls(who: SignedIn): Promise<Array<{ data: Record<string, unknown> }>> {
    const res = await server.api('/api/v1/message/get?limit=100', { token: who.token });
    expect(res.status).toBe(200);
    return (res.body.items as Array<{ kind: string; data: Record<string, unknown> }>).filter(
      (n) => n.kind === 'missed_call',
    );
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'owner', 'Owner Ô');
    agentA = await signUpAndLogin(server, 'agenta', 'Agent An');
    agentB = await signUpAndLogin(server, 'agentb', 'Agent Bình');
    stranger = await signUpAndLogin(server, 'stranger', 'Stranger');
  });

  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await server.close();
  });

  it('the owner manages agents by email or username; nobody else can', async () => {
    const alias = await qrAlias();
    const byEmail = await addAgent(alias.name, agentA.email.toUpperCase());
    expect(byEmail.status).toBe(201);
    expect(byEmail.body).toMatchObject({ id: agentA.id, name: 'Agent An', online: false });
    const username = (await server.api('/api/account/details', { token: agentB.token })).body
      .username as string;
    expect((await addAgent(alias.id, username)).body).toMatchObject({ id: agentB.id });

    expect((await addAgent(alias.name, agentA.email)).status).toBe(409);
    const unknown = await addAgent(alias.name, 'nobody@example.test');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.account).toBe(qrCallMessages['qr.account_unknown'].en);
    expect((await addAgent(alias.name, '')).status).toBe(400);
    // Only the owner: a stranger, and even an agent, are refused.
    expect((await addAgent(alias.name, stranger.email, stranger.token)).status).toBe(403);
    expect((await addAgent(alias.name, stranger.email, agentA.token)).status).toBe(403);
    const foreignList = await server.api(
      `/api/account/qrcode/participant/list?alias=${alias.name}`,
      { token: agentA.token },
    );
    expect(foreignList.status).toBe(403);

    const list = await server.api(`/api/account/qrcode/participant/list?alias=${alias.name}`, {
      token: owner.token,
    });
    expect(list.body.entries.map((a: { id: string }) => a.id)).toEqual([agentA.id, agentB.id]);
    const url = await server.api(`/api/account/qrcode/participant/url?alias=${alias.name}`, {
      token: owner.token,
    });
    expect(url.body.url).toBe(`${server.url}/c/${alias.name}`);

    const removed = await server.api('/api/account/qrcode/participant/remove', {
      token: owner.token,
      body: { alias: alias.name, id: agentB.id },
    });
    expect(removed.body).toEqual({ id: agentB.id, removed: true });
    const again = await server.api('/api/account/qrcode/participant/remove', {
      token: owner.token,
      body: { alias: alias.name, id: agentB.id },
    });
    expect(again.status).toBe(404);
  });

  it('conference aliases keep their invited participants (name and email)', async () => {
    const res = await server.api('/api/account/qrcode/create', {
      token: owner.token,
      body: { title: 'Board meeting', start_time: hoursFromNow(2) },
    });
    const added = await server.api('/api/account/qrcode/participant/add', {
      token: owner.token,
      body: { alias: res.body.name, name: 'Guest Giang', email: 'giang@example.test' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Guest Giang', role: 'participant' });
    const missing = await server.api('/api/account/qrcode/participant/add', {
      token: owner.token,
      body: { alias: res.body.name, account: agentA.email },
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(expect.arrayContaining(['name']));
  });

  it('unknown, non-QR and expired aliases are refused with their messages', async () => {
    const unknown = await send({ type: 'call', alias: 'no-such-qr', display_name: 'Vy' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ key: 'qr.invalid', message: 'Invalid QR Code' });

    const conference = await server.api('/api/account/qrcode/create', {
      token: owner.token,
      body: { title: 'Not a QR', start_time: hoursFromNow(1) },
    });
    expect(
      (await send({ type: 'call', alias: conference.body.name, display_name: 'Vy' })).body,
    ).toMatchObject({ error: { key: 'qr.invalid' } });

    const expired = await qrAlias({ expired_at: new Date(Date.now() - 60_000).toISOString() });
    const res = await send({ type: 'call', alias: expired.name, display_name: 'Vy' });
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({
      key: 'qr.expired',
      message: 'This QR Call has expired!',
    });

    // A guest must give a name; a signed-in visitor need not.
    const alias = await qrAlias();
    const nameless = await send({ type: 'call', alias: alias.name });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.fields.display_name).toBe('Please enter your name');
    const signedIn = await send({ type: 'call', alias: alias.name }, stranger.token);
    expect(signedIn.status).toBe(200);
  });

  it('nobody online: busy at once, and every agent gets a missed-call notification', async () => {
    const alias = await aliasWithAgents(agentA, agentB);
    const before = (await missedCalls(agentA)).length;
    const res = await send({ type: 'call', alias: alias.name, display_name: 'Khách Vy' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'busy',
      alias: { name: alias.name, title: 'Front desk' },
    });
    await expect.poll(async () => (await missedCalls(agentA)).length).toBe(before + 1);
    const [latest] = await missedCalls(agentA);
    expect(latest!.data).toMatchObject({ qr_alias: alias.name, visitor_name: 'Khách Vy' });
    // Each agent's notification is written on its own after the answer (A's may land first).
    await expect
      .poll(async () => (await missedCalls(agentB)).some((n) => n.data.qr_alias === alias.name))
      .toBe(true);
  });

  it('an agent already in a call is not free: only the free agent rings, then nobody is free', async () => {
    const alias = await aliasWithAgents(agentA, agentB);
    await online(agentA);
    const b = await online(agentB);
    // Agent An is in a meeting of their own (connected in a live room).
    const meeting = await createEvent(server, agentA.token);
    const inCall = await joinRoom(
      server,
      await socketCredentials(server, { alias: meeting.name }, agentA.token),
    );
    sockets.push(inCall.client);

    const call = await send({ type: 'call', alias: alias.name, display_name: 'Khách Vy' });
    expect(call.body).toMatchObject({ state: 'ringing' });
    const ring = await b.nextOf('qr_ring', (m) => m.call_id === call.body.call_id);
    expect(ring.visitor_name).toBe('Khách Vy');
    const cancelled = await send({
      type: 'cancel',
      call_id: call.body.call_id,
      token: call.body.token,
    });
    expect(cancelled.status).toBe(200);

    // Agent Bình joins a call too: nobody online is free, so the visitor hears 'busy' at once.
    const otherMeeting = await createEvent(server, agentB.token);
    const bInCall = await joinRoom(
      server,
      await socketCredentials(server, { alias: otherMeeting.name }, agentB.token),
    );
    sockets.push(bInCall.client);
    const busy = await send({ type: 'call', alias: alias.name, display_name: 'Khách Vy' });
    expect(busy.body).toMatchObject({ state: 'busy' });

    // Leaving the meeting makes Agent An free again.
    await inCall.client.ok({ type: 'leave' });
    const again = await send({ type: 'call', alias: alias.name, display_name: 'Khách Vy' });
    expect(again.body).toMatchObject({ state: 'ringing' });
    await send({ type: 'cancel', call_id: again.body.call_id, token: again.body.token });
    await bInCall.client.ok({ type: 'leave' });
  });

  it('rings online agents; of two concurrent accepts exactly one wins; both meet in one private room', async () => {
    const alias = await aliasWithAgents(agentA, agentB);
    const a = await online(agentA);
    const b = await online(agentB);
    const call = await send({ type: 'call', alias: alias.name, display_name: 'Khách Vy' });
    expect(call.body).toMatchObject({ state: 'ringing' });
    const callId = call.body.call_id as string;
    const token = call.body.token as string;
    for (const s of [a, b]) {
      expect(await s.nextOf('qr_ring', (m) => m.call_id === callId)).toMatchObject({
        alias: alias.name,
        title: 'Front desk',
        visitor_name: 'Khách Vy',
      });
    }

    const [fromA, fromB] = await Promise.all([
      send({ type: 'accept', call_id: callId }, agentA.token),
      send({ type: 'accept', call_id: callId }, agentB.token),
    ]);
    const winners = [fromA, fromB].filter((r) => r.status === 200);
    const losers = [fromA, fromB].filter((r) => r.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.status).toBe(409);
    expect(losers[0]!.body.error).toMatchObject({ key: 'qr.answered_elsewhere' });
    const winner = winners[0] === fromA ? { who: agentA, socket: a } : { who: agentB, socket: b };
    const loser = winner.who === agentA ? { who: agentB, socket: b } : { who: agentA, socket: a };
    expect(winners[0]!.body).toMatchObject({ state: 'answered', join: { role: 'host' } });
    expect(
      await winner.socket.nextOf('qr_ring_stopped', (m) => m.call_id === callId),
    ).toMatchObject({ reason: 'answered' });
    expect(await loser.socket.nextOf('qr_ring_stopped', (m) => m.call_id === callId)).toMatchObject(
      { reason: 'answered_elsewhere' },
    );

    // The visitor learns it was answered and gets a guest admission to the same room.
    const waited = await send({ type: 'wait', call_id: callId, token, state: 'ringing' });
    expect(waited.body).toMatchObject({
      state: 'answered',
      join: { role: 'guest', display_name: 'Khách Vy' },
    });
    const agentJoin = winners[0]!.body.join;
    expect(waited.body.join.alias).toBe(agentJoin.alias);
    const hostAuth = await server.api('/member/v1/auth', { body: { ticket: agentJoin.ticket } });
    const guestAuth = await server.api('/member/v1/auth', {
      body: { ticket: waited.body.join.ticket },
    });
    expect(hostAuth.body).toMatchObject({ role: 'host', room: { mode: 'meeting' } });
    expect(guestAuth.body).toMatchObject({ role: 'guest', display_name: 'Khách Vy', guest: true });
    expect(guestAuth.body.room.id).toBe(hostAuth.body.room.id);

    // SECURITY: the private room cannot be entered by its name alone, and is listed nowhere.
    const sneak = await server.api('/api/quickom/qrcode/verify-call', {
      body: { alias: agentJoin.alias, display_name: 'Eve' },
    });
    expect(sneak.status).toBe(400);
    const sneakSigned = await server.api('/member/v1/auth', {
      token: stranger.token,
      body: { alias: agentJoin.alias },
    });
    expect(sneakSigned.status).toBe(403);
    for (const type of ['conference', 'qrcode']) {
      const list = await server.api('/api/account/qrcode/list/conference', {
        token: winner.who.token,
        body: { type },
      });
      expect(list.body.entries.map((e: { name: string }) => e.name)).not.toContain(agentJoin.alias);
    }

    // The call is over for everyone else: late accept, decline and cancel change nothing.
    const late = await send({ type: 'accept', call_id: callId }, loser.who.token);
    expect(late.body.error).toMatchObject({ key: 'qr.answered_elsewhere' });
    const cancel = await send({ type: 'cancel', call_id: callId, token });
    expect(cancel.body.state).toBe('answered');
    // Nobody missed it.
    expect((await missedCalls(loser.who)).some((n) => n.data.qr_alias === alias.name)).toBe(false);
  });

  it('only agents accept; strangers are refused and signed-out people must sign in', async () => {
    const alias = await aliasWithAgents(agentA);
    await online(agentA);
    const call = await send({ type: 'call', alias: alias.name, display_name: 'Vy' });
    const callId = call.body.call_id as string;
    expect((await send({ type: 'accept', call_id: callId }, stranger.token)).status).toBe(403);
    expect((await send({ type: 'accept', call_id: callId }, owner.token)).status).toBe(403);
    expect((await send({ type: 'accept', call_id: callId })).status).toBe(401);
    expect((await send({ type: 'decline', call_id: callId })).status).toBe(401);
    const unknown = await send(
      { type: 'accept', call_id: '00000000-0000-4000-8000-000000000000' },
      agentA.token,
    );
    expect(unknown.status).toBe(404);
    // The visitor's token is needed to wait or cancel.
    expect((await send({ type: 'cancel', call_id: callId, token: 'forged' })).status).toBe(404);
    expect((await send({ type: 'wait', call_id: callId, token: 'forged' })).status).toBe(404);
    expect(
      (await send({ type: 'cancel', call_id: callId, token: call.body.token })).body.state,
    ).toBe('cancelled');
  });

  it('the visitor cancels: agents stop ringing (cancelled) and have a missed call', async () => {
    const offline = await signUpAndLogin(server, 'offline', 'Agent Offline');
    const alias = await aliasWithAgents(agentA, offline);
    const a = await online(agentA);
    const call = await send({ type: 'call', alias: alias.name, display_name: 'Vy Hủy' });
    const callId = call.body.call_id as string;
    await a.nextOf('qr_ring', (m) => m.call_id === callId);
    const cancelled = await send({ type: 'cancel', call_id: callId, token: call.body.token });
    expect(cancelled.body.state).toBe('cancelled');
    expect(await a.nextOf('qr_ring_stopped', (m) => m.call_id === callId)).toMatchObject({
      reason: 'cancelled',
    });
    const late = await send({ type: 'accept', call_id: callId }, agentA.token);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ key: 'qr.cancelled', message: 'Call cancelled' });
    await expect
      .poll(async () => (await missedCalls(agentA)).some((n) => n.data.visitor_name === 'Vy Hủy'))
      .toBe(true);
    // An agent offline was never rung: the call was not theirs to miss.
    expect((await missedCalls(offline)).some((n) => n.data.visitor_name === 'Vy Hủy')).toBe(false);
  });

  it('every rung agent declines: busy', async () => {
    const alias = await aliasWithAgents(agentA, agentB);
    const a = await online(agentA);
    await online(agentB);
    const call = await send({ type: 'call', alias: alias.name, display_name: 'Vy' });
    const callId = call.body.call_id as string;
    const first = await send({ type: 'decline', call_id: callId }, agentA.token);
    expect(first.body).toEqual({ call_id: callId, state: 'ringing' });
    expect(await a.nextOf('qr_ring_stopped', (m) => m.call_id === callId)).toMatchObject({
      reason: 'declined',
    });
    const second = await send({ type: 'decline', call_id: callId }, agentB.token);
    expect(second.body.state).toBe('busy');
    const waited = await send({ type: 'wait', call_id: callId, token: call.body.token });
    expect(waited.body.state).toBe('busy');
  });

  it('nobody answers in time: timeout, agents stop ringing and have a missed call', async () => {
    const config = server.podium.services.config;
    const saved = config.qrRingTimeoutMs;
    config.qrRingTimeoutMs = 300;
    try {
      const alias = await aliasWithAgents(agentB);
      const b = await online(agentB);
      const call = await send({ type: 'call', alias: alias.name, display_name: 'Vy Chờ' });
      const callId = call.body.call_id as string;
      // The held wait answers once the ringing times out.
      const waited = await send({
        type: 'wait',
        call_id: callId,
        token: call.body.token,
        state: 'ringing',
      });
      expect(waited.body.state).toBe('timeout');
      expect(await b.nextOf('qr_ring_stopped', (m) => m.call_id === callId)).toMatchObject({
        reason: 'timeout',
      });
      await expect
        .poll(async () => (await missedCalls(agentB)).some((n) => n.data.visitor_name === 'Vy Chờ'))
        .toBe(true);
    } finally {
      config.qrRingTimeoutMs = saved;
    }
  });

  it('the alias expires while ringing: an accept ends the call as expired', async () => {
    const alias = await aliasWithAgents(agentA);
    const a = await online(agentA);
    const call = await send({ type: 'call', alias: alias.name, display_name: 'Vy' });
    const callId = call.body.call_id as string;
    const update = await server.api('/api/account/qrcode/update', {
      token: owner.token,
      body: { id: alias.id, expired_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(update.status).toBe(200);
    const res = await send({ type: 'accept', call_id: callId }, agentA.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ key: 'qr.expired' });
    expect(await a.nextOf('qr_ring_stopped', (m) => m.call_id === callId)).toMatchObject({
      reason: 'expired',
    });
    const waited = await send({ type: 'wait', call_id: callId, token: call.body.token });
    expect(waited.body.state).toBe('expired');
  });

  it('bad input is a 4xx, never a 5xx', async () => {
    const alias = await qrAlias();
    const bodies: unknown[] = [
      {},
      [],
      'text',
      { type: 'call' },
      { type: 'dial', alias: alias.name },
      { type: 'call', alias: 'x'.repeat(5000), display_name: 'Vy' },
      { type: 'call', alias: alias.name, display_name: 'a\u0000b' },
      { type: 'call', alias: alias.name, display_name: 'n'.repeat(101) },
      { type: 'call', alias: '../../etc', display_name: 'Vy' },
      { type: 'wait', call_id: 'not-a-uuid', token: 't' },
      { type: 'wait', call_id: 42, token: 't' },
      { type: 'cancel', call_id: '00000000-0000-4000-8000-000000000000', token: '' },
      { type: 'wait', call_id: '00000000-0000-4000-8000-000000000000', token: 't', state: 'x' },
    ];
    for (const body of bodies) {
      const res = await send(body, agentA.token);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    for (const body of [
      { type: 'accept', call_id: 'x' },
      { type: 'decline', call_id: '' },
    ]) {
      const res = await send(body, agentA.token);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const badAdd = await server.api('/api/account/qrcode/participant/add', {
      token: owner.token,
      body: { alias: alias.name, account: { $ne: null } },
    });
    expect(badAdd.status).toBe(400);
  });
});
