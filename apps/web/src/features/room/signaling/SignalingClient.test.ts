// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type ServerEvent } from '@podium/protocol';
import { SignalingClient, type ConnectionState, type OpenInfo } from './SignalingClient.ts';
import { browserLikeSocket, Gateway } from './testGateway.ts';
import { isMediaUnavailable, SignalingRequestError, signalingErrorText } from './errors.ts';

const gateways: Gateway[] = [];
const clients: SignalingClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const gateway of gateways.splice(0)) await gateway.close();
});

async function setup(options: Partial<ConstructorParameters<typeof SignalingClient>[0]> = {}) {
  const gateway = await Gateway.start();
  gateways.push(gateway);
  let auths = 0;
  const states: ConnectionState[] = [];
  const events: ServerEvent[] = [];
  const opens: OpenInfo[] = [];
  const client = new SignalingClient({
    url: gateway.url,
    createSocket: browserLikeSocket,
    authenticate: async () => {
      auths += 1;
      return gateway.credentials;
    },
    backoff: { initialMs: 20, maxMs: 100, factor: 2, jitter: 0 },
    requestTimeoutMs: 2_000,
    ...options,
  });
  clients.push(client);
  client.on('state', (s) => states.push(s));
  client.on('event', (e) => events.push(e));
  client.on('open', (o) => opens.push(o));
  return { gateway, client, states, events, opens, auths: () => auths };
}

function waitFor(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'));
      else setTimeout(tick, 10);
    };
    tick();
  });
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

describe('SignalingClient over a loopback socket', () => {
  it('authenticates, says hello with the protocol version, and correlates replies', async () => {
    const { gateway, client, states, events } = await setup();
    const info = await client.connect();
    expect(info).toEqual({ sessionId: 'hello-1', resumed: false, resumeError: null });
    expect(states).toEqual(['connecting', 'connected']);
    const [hello] = gateway.of('hello');
    expect(hello).toMatchObject({ protocol_version: PROTOCOL_VERSION, credentials: 'cred-1' });

    const [join, chat] = await Promise.all([
      client.request('join', { has_mic: false, has_camera: true }),
      client.request('chat', { to: 'everyone', text: 'hi' }),
    ]);
    expect(join).toEqual({ participant_id: 'p1' });
    expect(chat).toEqual({ message_id: 'm1' });
    const ids = gateway.frames.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    await waitFor(() => events.some((e) => e.type === 'welcome'));
    expect(client.sessionId).toBe('hello-1');
  });

  it('rejects a refused request with the server code and i18n key, in both languages', async () => {
    const { client } = await setup();
    await client.connect();
    const error = await rejection(client.request('lock', {}));
    expect(error.code).toBe('permission');
    expect(error.key).toBe('errors.permission');
    expect(error.requestType).toBe('lock');
    expect(signalingErrorText(error, 'en')).toBe(
      'You do not have permission to perform this function',
    );
    expect(signalingErrorText(error, 'vi')).toBe('Bạn không có quyền thực hiện chức năng này');

    const media = await rejection(client.request('publish_offer', { sdp: 'v=0' }));
    expect(isMediaUnavailable(media)).toBe(true);
    expect(isMediaUnavailable(error)).toBe(false);
    expect(signalingErrorText(media, 'vi')).not.toBe(signalingErrorText(media, 'en'));
  });

  it('times out a request that gets no answer', async () => {
    const { gateway, client } = await setup();
    await client.connect();
    gateway.silent.add('raise_hand');
    const error = await rejection(client.request('raise_hand', {}, 100));
    expect(error.code).toBe('timeout');
    expect(signalingErrorText(error, 'en')).toMatch(/did not answer in time/);
  });

  it('refuses a protocol mismatch for good', async () => {
    const { gateway, client, states } = await setup();
    gateway.helloError = { code: 'protocol_mismatch', key: 'errors.protocol_version' };
    const error = await rejection(client.connect());
    expect(error.code).toBe('protocol_mismatch');
    expect(error.terminal).toBe(true);
    expect(signalingErrorText(error, 'en')).toBe('Please reload the page to update the app');
    expect(states.at(-1)).toBe('closed');
    await expect(client.request('heartbeat', {})).rejects.toMatchObject({ code: 'closed' });
  });

  it('reports a refused ticket as auth_failed without opening a socket', async () => {
    const { gateway, client } = await setup({
      authenticate: () => Promise.reject(Object.assign(new Error('gone'), { status: 401 })),
    });
    const error = await rejection(client.connect());
    expect(error.code).toBe('auth_failed');
    expect(gateway.frames).toEqual([]);
  });

  it('gets new credentials once when the server refuses the old ones', async () => {
    const { gateway, client, auths } = await setup();
    await client.connect();
    await client.request('join', {});
    gateway.credentials = 'cred-2';
    gateway.dropAll();
    await waitFor(() => client.state === 'reconnecting');
    await waitFor(() => client.state === 'connected');
    expect(auths()).toBe(2);
    expect(gateway.of('hello').map((f) => f.credentials)).toEqual(['cred-1', 'cred-1', 'cred-2']);
  });

  it('reconnects after a drop and resumes the same participant', async () => {
    const { gateway, client, states, opens } = await setup();
    await client.connect();
    await client.request('join', {});
    await waitFor(() => client.sessionId === 'hello-1');

    gateway.silent.add('raise_hand');
    const inFlight = client.request('raise_hand', {});
    await waitFor(() => gateway.of('raise_hand').length === 1);
    gateway.silent.clear();
    gateway.dropAll();
    const dropped = await rejection(inFlight);
    expect(dropped.code).toBe('disconnected');

    // Made while reconnecting: waits for the connection, then goes out once.
    expect(client.state).toBe('reconnecting');
    const queued = client.request('chat', { to: 'everyone', text: 'after the drop' });
    await expect(queued).resolves.toEqual({ message_id: 'm1' });

    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(gateway.of('resume')).toMatchObject([{ session_id: 'hello-1' }]);
    expect(opens.at(-1)).toEqual({ sessionId: 'hello-2', resumed: true, resumeError: null });
    // A second drop resumes with the session the first resume moved us to.
    gateway.dropAll();
    await waitFor(() => opens.length === 3);
    expect(gateway.of('resume').map((f) => f.session_id)).toEqual(['hello-1', 'hello-2']);
    expect(opens[2]?.resumed).toBe(true);
    expect(gateway.of('chat')).toHaveLength(1);
    // The resume went out before the queued request.
    const order = gateway.frames.map((f) => f.type);
    expect(order.indexOf('resume')).toBeLessThan(order.lastIndexOf('chat'));
  });

  it('tells the owner when the server no longer has the participant', async () => {
    const { gateway, client, opens } = await setup();
    await client.connect();
    await client.request('join', {});
    await waitFor(() => client.sessionId === 'hello-1');
    gateway.sessions.clear();
    gateway.dropAll();
    await waitFor(() => opens.length === 2);
    const reopened = opens[1]!;
    expect(reopened.resumed).toBe(false);
    expect(reopened.resumeError?.code).toBe('session_expired');
    expect(client.state).toBe('connected');
    // Not joined any more: a second drop reconnects without trying to resume.
    gateway.dropAll();
    await waitFor(() => opens.length === 3);
    expect(gateway.of('resume')).toHaveLength(1);
  });

  it('does not resume before joining', async () => {
    const { gateway, client, opens } = await setup();
    await client.connect();
    gateway.dropAll();
    await waitFor(() => opens.length === 2);
    expect(opens[1]).toMatchObject({ resumed: false, resumeError: null });
    expect(gateway.of('resume')).toHaveLength(0);
  });

  it('treats an unanswered heartbeat as a dead connection', async () => {
    const { gateway, client, states } = await setup({ heartbeatMs: 80 });
    await client.connect();
    await client.request('join', {});
    gateway.silent.add('heartbeat');
    await waitFor(() => states.includes('reconnecting'));
    gateway.silent.clear();
    await waitFor(() => client.state === 'connected' && gateway.of('resume').length === 1);
    expect(gateway.of('heartbeat').length).toBeGreaterThanOrEqual(1);
  });

  it('gives up when the server stays away longer than its grace period', async () => {
    const { gateway, client } = await setup();
    gateway.graceMs = 250;
    await client.connect();
    await client.request('join', {});
    const closed = new Promise<SignalingRequestError | null>((resolve) =>
      client.on('closed', resolve),
    );
    await gateway.close();
    gateways.splice(gateways.indexOf(gateway), 1);
    const reason = await closed;
    expect(reason?.code).toBe('gave_up');
    expect(client.state).toBe('closed');
  });

  it('ignores frames it cannot read and events it does not know', async () => {
    const { gateway, client, events } = await setup();
    await client.connect();
    const [socket] = gateway.sockets;
    socket!.send('not json');
    gateway.send(socket!, { type: 'from_the_future', x: 1 });
    gateway.send(socket!, { type: 'reply', id: 'nobody-asked', ok: true });
    gateway.broadcast({ type: 'mode_changed', mode: 'conference', by: null });
    await waitFor(() => events.length === 1);
    expect(events[0]).toEqual({ type: 'mode_changed', mode: 'conference', by: null });
    await expect(client.request('heartbeat', {})).resolves.toEqual({});
  });

  it('close() fails pending requests, stops reconnecting and can be called twice', async () => {
    const { gateway, client } = await setup();
    await client.connect();
    gateway.silent.add('leave');
    const pending = client.request('leave', {});
    await waitFor(() => gateway.of('leave').length === 1);
    client.close();
    client.close();
    expect((await rejection(pending)).code).toBe('closed');
    expect(client.state).toBe('closed');
    await waitFor(() => gateway.sockets.size === 0);
  });
});
