import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type HelloJoinLink } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { hoursFromNow, signUpAndLogin, type SignedIn } from './events-support.ts';
import { SignalClient, type Answer } from './signal-support.ts';

/**
 * `hello {join_link}` (issue 11 item 3): the pre-join page's admission asked on the socket, so
 * the room's first `join` goes right behind it. It admits exactly as `POST verify-call` does (one
 * admission on the server), and refuses with what verify-call would have answered.
 */
describe.each(STORE_KINDS)('hello with a join link on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let member: SignedIn;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'host', 'Mai Trần');
    member = await signUpAndLogin(server, 'member', 'Khoa Lê');
  });
  afterAll(async () => {
    await server.close();
  });

  async function event(extra: Record<string, unknown> = {}) {
    const res = await server.api('/api/account/qrcode/create', {
      body: { title: 'Town hall', start_time: hoursFromNow(1), ...extra },
      token: owner.token,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string; speaker_link: string };
  }

  const sockets: SignalClient[] = [];
  async function socket(): Promise<SignalClient> {
    const client = await SignalClient.connect(server);
    sockets.push(client);
    return client;
  }
  afterAll(() => {
    for (const s of sockets) s.ws.close();
  });

  const hello = (client: SignalClient, link: HelloJoinLink): Promise<Answer> =>
    client.request({ type: 'hello', protocol_version: PROTOCOL_VERSION, join_link: link });

  /** The admission in a hello's reply. */
  const admissionOf = (answer: Answer): Record<string, string> => {
    if (answer.type !== 'reply') throw new Error(`hello refused: ${answer.message}`);
    return answer.data?.admission as Record<string, string>;
  };

  /** What verify-call answers for the same link (its body and status). */
  const verifyCall = (body: Record<string, unknown>, token?: string) =>
    server.api('/api/quickom/qrcode/verify-call', { body, ...(token ? { token } : {}) });

  it('admits a guest with the ticket and credentials, and the join behind it gets in', async () => {
    const a = await event({ passcode: 'Open-1234' });
    // The owner first (a guest waits for a host), greeted the same way.
    const host = await socket();
    await hello(host, { alias: a.name, access_token: owner.token });
    await host.ok({ type: 'join', has_mic: false, has_camera: false });
    await host.nextOf('welcome');
    const client = await socket();
    // Both at once: the join goes right behind the hello, as the page sends them.
    const [greeted, joined] = await Promise.all([
      hello(client, {
        alias: a.name,
        passcode: 'Open-1234',
        display_name: '  Guest Lan ',
        guest_key: 'k'.repeat(32),
      }),
      client.request({ type: 'join', has_mic: false, has_camera: false }),
    ]);
    expect(greeted.type).toBe('reply');
    const admission = admissionOf(greeted);
    expect(admission).toMatchObject({
      role: 'guest',
      display_name: 'Guest Lan',
      title: 'Town hall',
      room_id: a.id,
    });
    const ticket = await server.podium.services.events.verifyJoinTicket(`${admission.ticket}`);
    expect(ticket).toMatchObject({ aliasId: a.id, role: 'guest', displayName: 'Guest Lan' });
    const opened = await server.podium.services.signal.open(`${admission.credentials}`);
    expect(opened).toMatchObject({
      ok: true,
      credentials: { roomId: a.id, name: 'Guest Lan', ticketRole: 'guest' },
    });
    expect(joined.type).toBe('reply');
    const welcome = await client.nextOf('welcome');
    expect(welcome.participant.name).toBe('Guest Lan');
    expect(client.invalid).toEqual([]);
  });

  it('gives each link its role as verify-call does: owner, member, speaker and host links', async () => {
    const a = await event({ passcode: 'Roles-1234' });
    const hostUrl = await server.api(`/api/account/qrcode/host/url?alias=${a.name}`, {
      token: owner.token,
    });
    const hostToken = new URL(hostUrl.body.url as string).searchParams.get('host')!;
    const speakerToken = new URL(a.speaker_link).searchParams.get('speaker')!;
    const cases: [string, HelloJoinLink, Record<string, string>][] = [
      ['owner', { alias: a.name, access_token: owner.token }, { role: 'host' }],
      [
        'member',
        { alias: a.name, passcode: 'Roles-1234', access_token: member.token },
        { role: 'participant', display_name: 'Khoa Lê' },
      ],
      ['speaker', { alias: a.name, speaker: speakerToken }, { role: 'speaker' }],
      ['host link', { alias: a.name, host: hostToken }, { role: 'host' }],
      // An unknown token is no account, as in verify-call: judged as a guest's attempt.
      [
        'bogus token',
        { alias: a.name, passcode: 'Roles-1234', access_token: 'pat_bogus' },
        { role: 'guest' },
      ],
    ];
    for (const [who, link, expected] of cases) {
      const answer = await hello(await socket(), link);
      expect(answer.type, who).toBe('reply');
      const { access_token: token, ...body } = link;
      const http = await verifyCall(body, token);
      expect(http.status, who).toBe(200);
      const admission = admissionOf(answer);
      expect(admission, who).toMatchObject(expected);
      expect(admission.role, who).toBe(http.body.role);
      expect(admission.display_name, who).toBe(http.body.display_name);
    }
  });

  it('refuses a wrong passcode as verify-call does, and the same socket may try again', async () => {
    const a = await event({ passcode: 'Right-999' });
    const client = await socket();
    const wrong = await hello(client, { alias: a.name, passcode: 'wrong-999' });
    const http = await verifyCall({ alias: a.name, passcode: 'wrong-999' });
    expect(http.status).toBe(400);
    expect(wrong).toMatchObject({
      type: 'error',
      refusal: {
        status: 400,
        code: http.body.error.code,
        key: http.body.error.key,
        fields: http.body.error.fields,
      },
      message: http.body.error.message,
    });
    // Not greeted: nothing else is allowed yet, but the next passcode is.
    const join = await client.request({ type: 'join', has_mic: false, has_camera: false });
    expect(join).toMatchObject({ type: 'error', code: 'unauthorized' });
    const right = await hello(client, { alias: a.name, passcode: 'Right-999' });
    expect(right.type).toBe('reply');
  });

  it('an expired event is refused as 410', async () => {
    const a = await event({ passcode: 'Late-1234', expired_at: '2020-01-01T00:00:00Z' });
    const answer = await hello(await socket(), { alias: a.name, passcode: 'Late-1234' });
    expect(answer).toMatchObject({
      type: 'error',
      code: 'room_ended',
      refusal: { status: 410, code: 'expired', key: 'errors.event_expired' },
    });
  });

  it('counts guesses with verify-call: after 10 failures the answer is 429 with Retry-After', async () => {
    const a = await event({ passcode: 'Guard-0001' });
    // Half the guesses over HTTP, half on the socket: one throttle for both (same address).
    for (let i = 0; i < 5; i++) {
      expect((await verifyCall({ alias: a.name, passcode: `guess-${i}` })).status).toBe(400);
    }
    const client = await socket();
    for (let i = 5; i < 10; i++) {
      const answer = await hello(client, { alias: a.name, passcode: `guess-${i}` });
      expect(answer, `attempt ${i + 1}`).toMatchObject({ refusal: { status: 400 } });
    }
    const blocked = await hello(client, { alias: a.name, passcode: 'Guard-0001' });
    expect(blocked).toMatchObject({
      type: 'error',
      code: 'rate_limited',
      refusal: { status: 429, key: 'errors.too_many' },
    });
    const wait = (blocked as { refusal: { retry_after_seconds: number } }).refusal
      .retry_after_seconds;
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(600);
    expect((await verifyCall({ alias: a.name, passcode: 'Guard-0001' })).status).toBe(429);
  });

  it('takes credentials or a join link, not both', async () => {
    const a = await event();
    const answer = await (
      await socket()
    ).request({
      type: 'hello',
      protocol_version: PROTOCOL_VERSION,
      credentials: 'x',
      join_link: { alias: a.name },
    });
    expect(answer).toMatchObject({ type: 'error', code: 'bad_message' });
  });
});
