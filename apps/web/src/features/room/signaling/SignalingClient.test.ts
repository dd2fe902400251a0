// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type ServerEvent } from '@podium/protocol';
import { SignalingClient, type ConnectionState, type OpenInfo } from './SignalingClient.ts';
import { isMediaUnavailable, SignalingRequestError, signalingErrorText } from './errors.ts';
import {
  LIVE_SERVER_TIMEOUT_MS,
  SocketTap,
  startLiveServer,
  waitFor,
  type LiveServer,
} from '../../../test/liveRoom.ts';

/**
 * The signaling client against the real server in this process. The faults a browser meets
 * (a dropped connection, being offline, a lost request) happen on the client's end of the
 * network (SocketTap); the answers are the server's own.
 */

/** Short, so that giving up after the server's grace period takes a moment, not 30 s. */
const GRACE_MS = 2_500;

let live: LiveServer;
const clients: SignalingClient[] = [];

beforeAll(async () => {
  live = await startLiveServer({ signaling: { graceMs: GRACE_MS } });
}, LIVE_SERVER_TIMEOUT_MS);

afterAll(() => live?.close());

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

type Options = Partial<ConstructorParameters<typeof SignalingClient>[0]>;

/** A client for a new event's host (or a guest), its tap, and what it reported. */
async function setup(options: Options & { guest?: string; ttlSeconds?: number } = {}) {
  const { guest, ttlSeconds, ...clientOptions } = options;
  const alias = await live.newRoom();
  const roomAuth = live.roomAuth(alias, guest ? { guest } : 'host');
  // Credentials that expire within `ttlSeconds` (the server's own, re-signed shorter): a call
  // that has lasted longer than the ten minutes they are good for, without waiting ten minutes.
  const signal = live.server.podium.services.signal;
  const auth = async () => {
    const answer = await roomAuth();
    if (ttlSeconds === undefined) return answer;
    const opened = await signal.open(answer.credentials);
    if (!opened.ok) throw new Error('the server refused its own credentials');
    return { ...answer, ...(await signal.renew(opened.credentials, ttlSeconds)) };
  };
  const issued: string[] = [];
  const tap = new SocketTap();
  const states: ConnectionState[] = [];
  const events: ServerEvent[] = [];
  const opens: OpenInfo[] = [];
  const client = new SignalingClient({
    url: live.socketUrl,
    createSocket: tap.createSocket,
    authenticate: async () => {
      const { credentials } = await auth();
      issued.push(credentials);
      return credentials;
    },
    backoff: { initialMs: 20, maxMs: 100, factor: 2, jitter: 0 },
    requestTimeoutMs: 5_000,
    ...clientOptions,
  });
  clients.push(client);
  client.on('state', (s) => states.push(s));
  client.on('event', (e) => events.push(e));
  client.on('open', (o) => opens.push(o));
  return { alias, tap, client, states, events, opens, issued };
}

async function rejection(promise: Promise<unknown>): Promise<SignalingRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SignalingRequestError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('SignalingClient against the real server', { timeout: 20_000 }, () => {
  it('authenticates, says hello with the protocol version, and correlates replies', async () => {
    const { tap, client, states, events, issued } = await setup();
    const info = await client.connect();
    expect(info).toEqual({ sessionId: expect.any(String), resumed: false, resumeError: null });
    expect(states).toEqual(['connecting', 'connected']);
    expect(tap.of('hello')).toMatchObject([
      { protocol_version: PROTOCOL_VERSION, credentials: issued[0] },
    ]);

    const joined = await client.request('join', { has_mic: false, has_camera: true });
    expect(joined).toEqual({ participant_id: expect.any(String) });
    const [chat, beat] = await Promise.all([
      client.request('chat', { to: 'everyone', text: 'hi' }),
      client.request('heartbeat', {}),
    ]);
    expect(chat).toEqual({ message_id: expect.any(String) });
    expect(beat).toBeDefined();
    const ids = tap.frames.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    await waitFor(() => events.some((e) => e.type === 'welcome'));
    const welcome = events.find((e) => e.type === 'welcome');
    expect(welcome?.type === 'welcome' && welcome.participant.id).toBe(joined.participant_id);
    expect(client.sessionId).toBe(welcome?.type === 'welcome' ? welcome.session_id : null);
  });

  it('rejects a refused request with the server code and i18n key, in both languages', async () => {
    const { client } = await setup({ guest: 'Lan' });
    await client.connect();
    await client.request('join', {});
    // A guest may not lock the room.
    const error = await rejection(client.request('lock', {}));
    expect(error.code).toBe('permission');
    expect(error.key).toBe('errors.permission');
    expect(error.requestType).toBe('lock');
    expect(signalingErrorText(error, 'en')).toBe(
      'You do not have permission to perform this function',
    );
    expect(signalingErrorText(error, 'vi')).toBe('Bạn không có quyền thực hiện chức năng này');

    // This server runs without media.
    const media = await rejection(client.request('publish_offer', { sdp: 'v=0' }));
    expect(isMediaUnavailable(media)).toBe(true);
    expect(isMediaUnavailable(error)).toBe(false);
    expect(signalingErrorText(media, 'vi')).not.toBe(signalingErrorText(media, 'en'));
  });

  it('times out a request that gets no answer', async () => {
    const { tap, client } = await setup();
    await client.connect();
    await client.request('join', {});
    tap.lose.add('chat');
    const error = await rejection(client.request('chat', { to: 'everyone', text: 'x' }, 100));
    expect(error.code).toBe('timeout');
    expect(signalingErrorText(error, 'en')).toMatch(/did not answer in time/);
  });

  it('refuses a protocol mismatch for good', async () => {
    const { tap, client, states } = await setup();
    // A client newer than the server.
    tap.rewrite = (f) =>
      f.type === 'hello' ? { ...f, protocol_version: PROTOCOL_VERSION + 1 } : f;
    const error = await rejection(client.connect());
    expect(error.code).toBe('protocol_mismatch');
    expect(error.terminal).toBe(true);
    expect(signalingErrorText(error, 'en')).toBe('Please reload the page to update the app');
    expect(states.at(-1)).toBe('closed');
    await expect(client.request('heartbeat', {})).rejects.toMatchObject({ code: 'closed' });
  });

  it('reports a refused ticket as auth_failed without opening a socket', async () => {
    const { tap, client } = await setup({
      authenticate: async () => (await live.ticketAuth('not-a-ticket')).credentials,
    });
    const error = await rejection(client.connect());
    expect(error.code).toBe('auth_failed');
    expect(tap.opened).toBe(0);
  });

  it('gets new credentials once when the server refuses the ones it has', async () => {
    let auths = 0;
    const { alias } = await setup();
    const auth = live.roomAuth(alias, 'host');
    const sent: string[] = [];
    const tap = new SocketTap();
    const client = new SignalingClient({
      url: live.socketUrl,
      createSocket: tap.createSocket,
      authenticate: async () => {
        auths += 1;
        const { credentials } = await auth();
        // The first ones were tampered with (or signed by another server): refused at hello.
        const given = auths === 1 ? `${credentials.slice(0, -4)}AAAA` : credentials;
        sent.push(given);
        return given;
      },
    });
    clients.push(client);
    await client.connect();
    expect(client.state).toBe('connected');
    expect(auths).toBe(2);
    expect(tap.of('hello').map((f) => f.credentials)).toEqual(sent);
    await expect(client.request('join', {})).resolves.toMatchObject({
      participant_id: expect.any(String),
    });
  });

  it('reconnects after a drop and resumes the same participant', async () => {
    const { tap, client, states, events, opens } = await setup();
    await client.connect();
    const { participant_id } = await client.request('join', {});
    await waitFor(() => events.some((e) => e.type === 'welcome'));
    const first = client.sessionId;

    tap.lose.add('raise_hand');
    const inFlight = client.request('raise_hand', {});
    await waitFor(() => tap.of('raise_hand').length === 1);
    tap.dropAll();
    const dropped = await rejection(inFlight);
    expect(dropped.code).toBe('disconnected');

    // Made while reconnecting: waits for the connection, then goes out once.
    expect(client.state).toBe('reconnecting');
    const queued = client.request('chat', { to: 'everyone', text: 'after the drop' });
    await expect(queued).resolves.toEqual({ message_id: expect.any(String) });

    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(tap.of('resume')).toMatchObject([{ session_id: first }]);
    const second = opens.at(-1)!;
    expect(second).toEqual({ sessionId: expect.any(String), resumed: true, resumeError: null });
    expect(second.sessionId).not.toBe(first);
    // A second drop resumes with the session the first resume moved us to.
    tap.dropAll();
    await waitFor(() => opens.length === 3);
    expect(tap.of('resume').map((f) => f.session_id)).toEqual([first, second.sessionId]);
    expect(opens[2]?.resumed).toBe(true);
    expect(tap.of('chat')).toHaveLength(1);
    // The resume went out before the queued request.
    const order = tap.frames.map((f) => f.type);
    expect(order.indexOf('resume')).toBeLessThan(order.lastIndexOf('chat'));
    // Still the same participant, as the server sees it.
    for (const resume of tap.of('resume')) {
      const reply = tap.received.find((m) => m.type === 'reply' && m.id === resume.id);
      expect(reply).toMatchObject({ ok: true, data: { participant_id } });
    }
  });

  it('tells the owner when the server no longer has the participant', async () => {
    const { tap, client, events, opens, issued } = await setup();
    await client.connect();
    await client.request('join', {});
    await waitFor(() => events.some((e) => e.type === 'welcome'));

    // Offline a while; meanwhile the same person joins from another tab and takes the place.
    tap.offline = true;
    tap.dropAll();
    await waitFor(() => client.state === 'reconnecting');
    const other = new SignalingClient({
      url: live.socketUrl,
      createSocket: new SocketTap().createSocket,
      authenticate: async () => issued[0]!,
    });
    clients.push(other);
    await other.connect();
    await other.request('join', {});
    other.close();
    tap.offline = false;

    await waitFor(() => opens.length === 2);
    const reopened = opens[1]!;
    expect(reopened.resumed).toBe(false);
    expect(reopened.resumeError?.code).toBe('session_expired');
    expect(client.state).toBe('connected');
    // Not joined any more: a second drop reconnects without trying to resume.
    tap.dropAll();
    await waitFor(() => opens.length === 3);
    expect(tap.of('resume')).toHaveLength(1);
  });

  it('does not resume before joining', async () => {
    const { tap, client, opens } = await setup();
    await client.connect();
    tap.dropAll();
    await waitFor(() => opens.length === 2);
    expect(opens[1]).toMatchObject({ resumed: false, resumeError: null });
    expect(tap.of('resume')).toHaveLength(0);
  });

  it('treats an unanswered heartbeat as a dead connection', async () => {
    const { tap, client, states } = await setup({ heartbeatMs: 80 });
    await client.connect();
    await client.request('join', {});
    tap.lose.add('heartbeat');
    await waitFor(() => states.includes('reconnecting'));
    tap.lose.clear();
    await waitFor(() => client.state === 'connected' && tap.of('resume').length === 1);
    expect(tap.of('heartbeat').length).toBeGreaterThanOrEqual(1);
  });

  it('comes back after a drop that outlasted the grace period, long after its first credentials expired', async () => {
    // The soak's lost participant (bench/README, minute 19 at load 50-76): the server dropped
    // its socket, the reconnection came after the grace period, and joining anew was refused
    // because the credentials from the start of the call had expired. Now the client renews
    // them while joined and keeps reconnecting past the grace period, so it joins anew.
    const { tap, client, events, opens, issued } = await setup({
      ttlSeconds: 2,
      renewCredentialsMs: 200,
      rejoinWindowMs: 5_000,
    });
    await client.connect();
    const { participant_id: first } = await client.request('join', {});
    await waitFor(() => events.some((e) => e.type === 'welcome'));
    // The first credentials have expired by then (good for 1-2 s: the expiry is in whole
    // seconds); renewals went out meanwhile, every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    tap.offline = true;
    tap.dropAll();
    await waitFor(() => client.state === 'reconnecting');
    // Away longer than the server keeps a dropped participant.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 1_000));
    expect(client.state).toBe('reconnecting');
    tap.offline = false;

    await waitFor(() => opens.length === 2, 10_000);
    expect(opens[1]).toMatchObject({ resumed: false, resumeError: { code: 'session_expired' } });
    const { participant_id: again } = await client.request('join', {});
    expect(again).not.toBe(first);
    expect(tap.of('renew_credentials').length).toBeGreaterThan(2);
    // Renewed over the socket: the join ticket (also ten minutes) was never asked for again.
    expect(issued).toHaveLength(1);
  });

  it('refuses to renew credentials before joining', async () => {
    const { client } = await setup();
    await client.connect();
    const refused = await rejection(client.request('renew_credentials', {}));
    expect(refused.code).toBe('not_joined');
  });

  it('gives up when the server stays away longer than its grace period and the rejoin window', async () => {
    const { tap, client } = await setup({ rejoinWindowMs: 1_000 });
    await client.connect();
    await client.request('join', {});
    const closed = new Promise<SignalingRequestError | null>((resolve) =>
      client.on('closed', resolve),
    );
    tap.offline = true;
    tap.dropAll();
    const started = Date.now();
    const reason = await closed;
    expect(reason?.code).toBe('gave_up');
    expect(client.state).toBe('closed');
    // The server said how long it keeps a dropped participant (hello's resume_grace_ms); then
    // the client went on for the rejoin window, to join anew.
    expect(Date.now() - started).toBeGreaterThan(GRACE_MS + 1_000 - 500);
  });

  it('ignores frames it cannot read and events it does not know', async () => {
    const { tap, client, events } = await setup();
    await client.connect();
    const [socket] = tap.sockets;
    tap.inject(socket!, 'not json');
    tap.inject(socket!, JSON.stringify({ type: 'from_the_future', x: 1 }));
    tap.inject(socket!, JSON.stringify({ type: 'reply', id: 'nobody-asked', ok: true }));
    tap.inject(socket!, JSON.stringify({ type: 'mode_changed', mode: 'conference', by: null }));
    await waitFor(() => events.length === 1);
    expect(events[0]).toEqual({ type: 'mode_changed', mode: 'conference', by: null });
    // The connection still works.
    await expect(client.request('join', {})).resolves.toMatchObject({
      participant_id: expect.any(String),
    });
  });

  it('close() fails pending requests, stops reconnecting and can be called twice', async () => {
    const { tap, client } = await setup();
    await client.connect();
    await client.request('join', {});
    tap.lose.add('leave');
    const pending = client.request('leave', {});
    await waitFor(() => tap.of('leave').length === 1);
    client.close();
    client.close();
    expect((await rejection(pending)).code).toBe('closed');
    expect(client.state).toBe('closed');
    await waitFor(() => tap.sockets.size === 0);
  });
});
