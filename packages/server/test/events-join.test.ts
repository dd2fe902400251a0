import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { hoursFromNow, signUpAndLogin, type SignedIn } from './events-support.ts';

const INVALID_PASSCODE = {
  code: 'invalid_passcode',
  message: 'invalid passcode, please try again',
  key: 'errors.invalid_passcode',
  fields: { passcode: 'invalid passcode, please try again' },
};

describe.each(STORE_KINDS)('joining events on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let member: SignedIn;
  let seq = 0;

  /** Each test calls from its own client address, so throttling in one never leaks into another. */
  function client() {
    seq += 1;
    const ip = `198.51.100.${seq}`;
    return (body: unknown, token?: string) =>
      server.api('/api/quickom/qrcode/verify-call', {
        body,
        headers: { 'x-forwarded-for': ip },
        ...(token ? { token } : {}),
      });
  }

  async function event(extra: Record<string, unknown> = {}) {
    const res = await server.api('/api/account/qrcode/create', {
      body: { title: 'Town hall', start_time: hoursFromNow(1), ...extra },
      token: owner.token,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string; speaker_link: string; invite_link: string };
  }

  beforeAll(async () => {
    // Behind a trusted proxy, so each test can speak from its own client address.
    server = await startTestServer(kind, { TRUST_PROXY: '1' });
    owner = await signUpAndLogin(server, 'host', 'Mai Trần');
    member = await signUpAndLogin(server, 'member', 'Khoa Lê');
  });
  afterAll(async () => {
    await server.close();
  });

  it('the right passcode gets a 10-minute guest ticket the room can verify', async () => {
    const a = await event({ passcode: 'Open-1234' });
    const call = client();
    const before = Date.now();
    const res = await call({ alias: a.name, passcode: 'Open-1234', display_name: '  Guest Lan ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      role: 'guest',
      display_name: 'Guest Lan',
      alias: { name: a.name, title: 'Town hall', require_passcode: true, owner_name: 'Mai Trần' },
    });
    const expires = Date.parse(res.body.expires_at);
    expect(expires - before).toBeGreaterThan(9 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(10 * 60_000 + 1000);

    const ticket = await server.podium.services.events.verifyJoinTicket(res.body.ticket);
    expect(ticket).toMatchObject({
      aliasId: a.id,
      role: 'guest',
      displayName: 'Guest Lan',
      accountId: null,
    });
    const tampered = res.body.ticket.slice(0, -2) + (res.body.ticket.endsWith('A') ? 'BB' : 'AA');
    expect(await server.podium.services.events.verifyJoinTicket(tampered)).toBeNull();
  });

  it('a wrong or missing passcode and an unknown alias answer exactly alike', async () => {
    const a = await event({ passcode: 'Right-999' });
    const call = client();
    const wrong = await call({ alias: a.name, passcode: 'wrong-999' });
    const missing = await call({ alias: a.name });
    const unknown = await call({ alias: 'ZZnotAnAlias9', passcode: 'Right-999' });
    for (const res of [wrong, missing, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: INVALID_PASSCODE });
    }
  });

  it('after 10 failures from one address the 11th attempt gets 429, even with the right passcode', async () => {
    const a = await event({ passcode: 'Guard-0001' });
    const call = client();
    for (let i = 0; i < 10; i++) {
      const res = await call({ alias: a.name, passcode: `guess-${i}` });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const blocked = await call({ alias: a.name, passcode: 'guess-11' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatchObject({ code: 'too_many_requests', key: 'errors.too_many' });
    const right = await call({ alias: a.name, passcode: 'Guard-0001' });
    expect(right.status).toBe(429);

    // Another address is not punished for it.
    const elsewhere = client();
    expect((await elsewhere({ alias: a.name, passcode: 'Guard-0001' })).status).toBe(200);
  });

  it('throttles guessing at unknown aliases the same way', async () => {
    const call = client();
    for (let i = 0; i < 10; i++) {
      expect((await call({ alias: 'NoSuchEvent42', passcode: `p${i}` })).status).toBe(400);
    }
    // The alias is matched regardless of case; the answer says when to come back.
    const res = await fetch(`${server.url}/api/quickom/qrcode/verify-call`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-forwarded-for': `198.51.100.${seq}`,
      },
      body: JSON.stringify({ alias: 'nosuchevent42', passcode: 'again' }),
    });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it('parallel wrong guesses cannot slip past the limit', async () => {
    const a = await event({ passcode: 'Burst-0001' });
    const call = client();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => call({ alias: a.name, passcode: `burst-${i}` })),
    );
    const counts = results.reduce<Record<number, number>>((acc, r) => {
      acc[r.status] = (acc[r.status] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ 400: 10, 429: 15 });
  });

  it('roles: the owner is host, the speaker link is speaker, a signed-in person participant', async () => {
    const a = await event({ passcode: 'Roles-1234' });
    const call = client();
    const host = await call({ alias: a.name }, owner.token);
    expect(host.status).toBe(200);
    expect(host.body).toMatchObject({ role: 'host', display_name: 'Mai Trần' });

    const speakerToken = new URL(a.speaker_link).searchParams.get('speaker');
    const speaker = await call({ alias: a.name, speaker: speakerToken, display_name: 'Dr. Phạm' });
    expect(speaker.body).toMatchObject({ role: 'speaker', display_name: 'Dr. Phạm' });
    // A speaker token of another event is worth nothing here.
    const b = await event();
    const otherToken = new URL(b.speaker_link).searchParams.get('speaker');
    const forged = await call({ alias: a.name, speaker: otherToken });
    expect(forged.status).toBe(400);

    const participant = await call({ alias: a.name, passcode: 'Roles-1234' }, member.token);
    expect(participant.body).toMatchObject({ role: 'participant', display_name: 'Khoa Lê' });
    const ticket = await server.podium.services.events.verifyJoinTicket(participant.body.ticket);
    expect(ticket?.accountId).toBe(member.id);

    // An invalid token is simply no account: the attempt is judged as a guest's.
    const badToken = await call({ alias: a.name, passcode: 'Roles-1234' }, 'pat_bogus');
    expect(badToken.body.role).toBe('guest');

    // Without a passcode requirement anyone holding the link gets a ticket.
    const open = await call({ alias: b.name });
    expect(open.body.role).toBe('guest');
  });

  it('with socket: true the answer carries the credentials /member/v1/auth gives for its ticket', async () => {
    const a = await event({ passcode: 'Sock-1234' });
    const call = client();
    const hostUrl = await server.api(`/api/account/qrcode/host/url?alias=${a.name}`, {
      token: owner.token,
    });
    const hostToken = new URL(hostUrl.body.url as string).searchParams.get('host');
    const speakerToken = new URL(a.speaker_link).searchParams.get('speaker');
    const attempts: [string, Record<string, unknown>, string?][] = [
      ['guest', { passcode: 'Sock-1234', display_name: 'Guest Lan', guest_key: 'k'.repeat(32) }],
      ['owner', {}, owner.token],
      ['member', { passcode: 'Sock-1234' }, member.token],
      ['speaker', { speaker: speakerToken }],
      // Signed out, as the owner on another device: named as the owner.
      ['host link', { host: hostToken }],
    ];
    for (const [who, extra, token] of attempts) {
      const res = await call({ alias: a.name, socket: true, ...extra }, token);
      expect(res.status, who).toBe(200);
      const { socket, ticket } = res.body as {
        ticket: string;
        socket: { credentials: string; expires_at: string } & Record<string, unknown>;
      };
      expect(socket, who).toBeDefined();
      // The same answer the room would get asking with the ticket, but for the signature's time.
      const auth = await server.api('/member/v1/auth', {
        body: { ticket, ...(extra.guest_key ? { guest_key: extra.guest_key } : {}) },
        ...(token ? { token } : {}),
      });
      expect(auth.status, who).toBe(200);
      const { credentials: _c, expires_at: _e, ...rest } = socket;
      const { credentials: _ac, expires_at: _ae, ...authRest } = auth.body as typeof socket;
      expect(rest, who).toEqual(authRest);
      if (who === 'host link')
        expect(rest).toMatchObject({ role: 'host', display_name: 'Mai Trần' });
      const [mine, theirs] = await Promise.all([
        server.podium.services.signal.open(socket.credentials),
        server.podium.services.signal.open(auth.body.credentials as string),
      ]);
      expect({ ...mine, expiresAt: 0 }, who).toEqual({ ...theirs, expiresAt: 0 });
    }
  });

  it('an expired event answers 410', async () => {
    const a = await event({ passcode: 'Late-1234', expired_at: '2020-01-01T00:00:00Z' });
    const res = await client()({ alias: a.name, passcode: 'Late-1234' });
    expect(res.status).toBe(410);
    expect(res.body.error).toEqual({
      code: 'expired',
      message: 'This event has expired',
      key: 'errors.event_expired',
    });
  });

  it('detail shows description and speaker names only to holders of a ticket for that event', async () => {
    const a = await event({
      passcode: 'Detail-123',
      description: 'Agenda: budget',
      speakers: [{ name: 'Hà', email: 'ha@example.test' }],
    });
    const b = await event();
    const call = client();
    const ticketA = (await call({ alias: a.name, passcode: 'Detail-123' })).body.ticket as string;
    const ticketB = (await call({ alias: b.name })).body.ticket as string;

    const q = (alias: string, extra = '') =>
      server.api(`/api/quickom/qrcode/detail?alias=${alias}${extra}`);
    const anonymous = await q(a.name, '&join_type=web&user_identity=abc');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ name: a.name, authorized: false });
    expect(anonymous.body).not.toHaveProperty('description');
    expect(anonymous.body).not.toHaveProperty('speakers');

    const admitted = await q(a.name, `&authorize_data=${encodeURIComponent(ticketA)}`);
    expect(admitted.body).toMatchObject({
      authorized: true,
      description: 'Agenda: budget',
      speakers: [{ name: 'Hà' }],
    });
    expect(JSON.stringify(admitted.body)).not.toContain('ha@example.test');
    expect(JSON.stringify(admitted.body)).not.toContain('Detail-123');

    const wrongEvent = await q(a.name, `&authorize_data=${encodeURIComponent(ticketB)}`);
    expect(wrongEvent.body.authorized).toBe(false);
    const unknown = await q('NoSuchAlias77');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('invalid_link');
  });
});
