// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION } from '@podium/protocol';
import { SocketCore, type SocketCoreOptions, type SocketState } from './SocketCore.ts';
import { SocketRequestError } from './errors.ts';

/**
 * The core against scripted sockets, on fake timers: each socket the core opens is handed to the
 * test, which plays the server (answers, pushes, silence, closes). The real server's side is
 * covered by the room and account-channel tests; these pin the core's own rules.
 */

interface Frame {
  v: number;
  id: string;
  type: string;
  [key: string]: unknown;
}

class ScriptedSocket {
  readyState = 0;
  readonly frames: Frame[] = [];
  closedWith: number | undefined | null = null;
  #listeners = new Map<string, Array<(event: unknown) => void>>();

  addEventListener(name: string, listener: (event: unknown) => void): void {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener]);
  }
  send(data: string): void {
    this.frames.push(JSON.parse(data) as Frame);
  }
  close(code?: number): void {
    if (this.readyState === 3) return;
    this.closedWith = code;
    this.serverClose(code ?? 1005);
  }

  // The server's end.
  open(): void {
    this.readyState = 1;
    this.#emit('open', {});
  }
  push(message: object): void {
    this.#emit('message', { data: JSON.stringify(message) });
  }
  reply(frame: Frame, data: object = {}): void {
    this.push({ type: 'reply', id: frame.id, ok: true, data });
  }
  refuse(frame: Frame, code: string): void {
    this.push({ type: 'error', id: frame.id, code, key: `errors.${code}`, message: code });
  }
  serverClose(code: number): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.#emit('close', { code });
  }
  last(type: string): Frame {
    const frame = this.frames.filter((f) => f.type === type).at(-1);
    if (!frame) throw new Error(`no ${type} frame`);
    return frame;
  }
  #emit(name: string, event: unknown): void {
    for (const listener of this.#listeners.get(name) ?? []) listener(event);
  }
}

let sockets: ScriptedSocket[];
let credentials: number;
let core: SocketCore<string> | null;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  credentials = 0;
  core = null;
});

afterEach(() => {
  core?.close();
  vi.useRealTimers();
});

function make(options: Partial<SocketCoreOptions<string>> = {}) {
  const states: SocketState[] = [];
  const closed: Array<SocketRequestError | null> = [];
  core = new SocketCore<string>({
    url: 'ws://podium.test/socket/member/v1',
    authenticate: async () => `cred-${++credentials}`,
    createSocket: () => {
      const socket = new ScriptedSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    greeted: async (hello) => String(hello.session_id ?? ''),
    heartbeatMs: 1_000,
    connectTimeoutMs: 500,
    requestTimeoutMs: 2_000,
    backoff: { initialMs: 100, maxMs: 400, factor: 2, jitter: 0 },
    ...options,
  });
  core.on('state', (s) => states.push(s));
  core.on('closed', (reason) => closed.push(reason));
  return { core, states, closed };
}

/** Lets the core's promise chains run (no timer moves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Opens the newest socket and answers its hello. */
async function accept(session = 's1'): Promise<ScriptedSocket> {
  await settle();
  const socket = sockets.at(-1)!;
  socket.open();
  await settle();
  socket.reply(socket.last('hello'), { session_id: session, resume_grace_ms: 60_000 });
  await settle();
  return socket;
}

describe('SocketCore', () => {
  it('says hello with the protocol version and the credentials, then correlates replies and emits events', async () => {
    const { core, states } = make();
    const events: string[] = [];
    core.on('event', (e) => events.push(e.type));
    const connected = core.connect();
    const socket = await accept('s1');
    await expect(connected).resolves.toBe('s1');
    expect(socket.last('hello')).toMatchObject({
      v: PROTOCOL_VERSION,
      protocol_version: PROTOCOL_VERSION,
      credentials: 'cred-1',
    });
    expect(states).toEqual(['connecting', 'connected']);

    const a = core.request('chat', { to: 'everyone', text: 'a' });
    const b = core.request('chat', { to: 'everyone', text: 'b' });
    const [fa, fb] = socket.frames.filter((f) => f.type === 'chat');
    expect(fa!.id).not.toBe(fb!.id);
    socket.reply(fb!, { message_id: 'm2' });
    socket.reply(fa!, { message_id: 'm1' });
    await expect(a).resolves.toEqual({ message_id: 'm1' });
    await expect(b).resolves.toEqual({ message_id: 'm2' });

    socket.refuse(socket.frames[0]!, 'ignored'); // an answer nobody waits for changes nothing
    const refused = core.request('lock', {});
    socket.refuse(socket.last('lock'), 'permission');
    await expect(refused).rejects.toMatchObject({ code: 'permission', requestType: 'lock' });

    socket.push({ type: 'ended', reason: 'host_ended' });
    socket.push({ type: 'from_a_newer_server' });
    expect(events).toEqual(['ended']);
  });

  it('greets at once on a socket that was already open when it was handed over (opened at the click)', async () => {
    const { core } = make({
      createSocket: () => {
        const socket = new ScriptedSocket();
        socket.open();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
    const connected = core.connect();
    await settle();
    const socket = sockets.at(-1)!;
    socket.reply(socket.last('hello'), { session_id: 's-early' });
    await expect(connected).resolves.toBe('s-early');
  });

  it('names requests with requestId when given (the account channel’s hello is account-hello)', async () => {
    const { core } = make({ requestId: (type, seq) => `acc-${type}-${seq}` });
    void core.connect();
    const socket = await accept();
    const heartbeat = core.request('heartbeat', {});
    expect(socket.frames.map((f) => f.id)).toEqual(['acc-hello-1', 'acc-heartbeat-2']);
    // Answered, so the request does not outlive the test (a close would reject it unhandled).
    socket.reply(socket.last('heartbeat'));
    await expect(heartbeat).resolves.toBeDefined();
  });

  it('asks for credentials once more, on a fresh socket, when hello refuses them', async () => {
    const { core } = make();
    const connected = core.connect();
    await settle();
    sockets[0]!.open();
    await settle();
    sockets[0]!.refuse(sockets[0]!.last('hello'), 'unauthorized');
    const second = await accept('s2');
    await expect(connected).resolves.toBe('s2');
    expect(sockets[0]!.readyState).toBe(3);
    expect(second.last('hello').credentials).toBe('cred-2');
  });

  it('greets with a join link instead of credentials until greeted, then with the credentials it was given', async () => {
    let introductions = 0;
    const { core } = make({
      introduce: () => (introductions++ === 0 ? { join_link: { alias: 'demo' } } : null),
      greeted: async (hello) => {
        const admission = hello.admission as { credentials: string } | undefined;
        if (admission) core.setCredentials(admission.credentials);
        return String(hello.session_id ?? '');
      },
    });
    const connected = core.connect();
    await settle();
    const socket = sockets[0]!;
    socket.open();
    await settle();
    const hello = socket.last('hello');
    // No authentication asked: the link is the introduction.
    expect(credentials).toBe(0);
    expect(hello).toMatchObject({ join_link: { alias: 'demo' } });
    expect(hello.credentials).toBeUndefined();
    socket.reply(hello, { session_id: 's1', admission: { credentials: 'from-link' } });
    await expect(connected).resolves.toBe('s1');
    // The next socket presents what the link's hello gave.
    socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(100);
    const next = await accept('s2');
    expect(next).not.toBe(socket);
    expect(next.last('hello').credentials).toBe('from-link');
    expect(credentials).toBe(0);
  });

  it('a join link refused in hello ends the first connection with the refusal, not asked again', async () => {
    const { core } = make({ introduce: () => ({ join_link: { alias: 'demo' } }) });
    const connected = core.connect();
    connected.catch(() => undefined);
    await settle();
    const socket = sockets[0]!;
    socket.open();
    await settle();
    const refusal = { status: 400, code: 'invalid_passcode', key: 'errors.invalid_passcode' };
    socket.push({
      type: 'error',
      id: socket.last('hello').id,
      code: 'not_allowed',
      key: 'errors.permission',
      message: 'invalid passcode, please try again',
      refusal,
    });
    await settle();
    await expect(connected).rejects.toMatchObject({ code: 'not_allowed', refusal });
    // Not the credentials retry of an 'unauthorized' hello.
    expect(credentials).toBe(0);
    expect(sockets).toHaveLength(1);
  });

  it('sends a request behind the unanswered hello, and with the hello when made before it', async () => {
    const { core } = make();
    const connected = core.connect();
    await settle();
    const socket = sockets[0]!;
    // Made while the socket is still opening: it goes out right after the hello.
    const early = core.request('join', { has_mic: true }, undefined, { behindHello: true });
    socket.open();
    await settle();
    expect(socket.frames.map((f) => f.type)).toEqual(['hello', 'join']);
    // Made while the hello is unanswered: out at once, on the same socket.
    const second = core.request('set_media_state', { audio: false }, undefined, {
      behindHello: true,
    });
    expect(socket.frames.map((f) => f.type)).toEqual(['hello', 'join', 'set_media_state']);
    socket.reply(socket.last('hello'), { session_id: 's1' });
    socket.reply(socket.last('join'), { participant_id: 'p1' });
    socket.reply(socket.last('set_media_state'));
    await expect(connected).resolves.toBe('s1');
    await expect(early).resolves.toEqual({ participant_id: 'p1' });
    await expect(second).resolves.toEqual({});
    // Once connected it is an ordinary request.
    const later = core.request('lock', {}, undefined, { behindHello: true });
    expect(socket.frames.at(-1)!.type).toBe('lock');
    socket.reply(socket.last('lock'));
    await expect(later).resolves.toEqual({});
  });

  it('fails a request sent behind a refused hello, and does not send it again on the next socket', async () => {
    const { core } = make();
    const connected = core.connect();
    await settle();
    sockets[0]!.open();
    await settle();
    const early = core.request('join', {}, undefined, { behindHello: true });
    sockets[0]!.refuse(sockets[0]!.last('hello'), 'unauthorized');
    await expect(early).rejects.toMatchObject({ code: 'disconnected', requestType: 'join' });
    const second = await accept('s2');
    await expect(connected).resolves.toBe('s2');
    expect(second.frames.map((f) => f.type)).toEqual(['hello']);
  });

  it('ends for good when the credentials call is refused (4xx), and retries a 429 or a network failure', async () => {
    const refused = make({
      authenticate: () => Promise.reject(Object.assign(new Error('401'), { status: 401 })),
    });
    await expect(refused.core.connect()).rejects.toMatchObject({ code: 'auth_failed' });
    expect(refused.core.state).toBe('closed');
    expect(sockets).toHaveLength(0);

    let calls = 0;
    const busy = make({
      retryFirstConnect: true,
      freshCredentials: true,
      authenticate: async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('429'), { status: 429 });
        if (calls === 2) throw new TypeError('Failed to fetch');
        return `cred-${calls}`;
      },
    });
    const connected = busy.core.connect();
    await vi.advanceTimersByTimeAsync(100 + 200);
    await accept('s3');
    await expect(connected).resolves.toBe('s3');
    expect(busy.states).toEqual(['connecting', 'reconnecting', 'connected']);
    expect(calls).toBe(3);
  });

  it('drops a socket whose heartbeat goes unanswered and reconnects with new credentials when asked to', async () => {
    const { core, states } = make({ freshCredentials: true });
    void core.connect();
    const first = await accept();
    await vi.advanceTimersByTimeAsync(1_000);
    first.reply(first.last('heartbeat')); // answered: stays
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first.frames.filter((f) => f.type === 'heartbeat')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000); // the second one was never answered
    expect(first.readyState).toBe(3);
    expect(states.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100);
    const second = await accept();
    expect(core.state).toBe('connected');
    expect(second.last('hello').credentials).toBe('cred-2');
  });

  it('probe(): a heartbeat at once; unanswered within its timeout the socket is dropped and reconnected', async () => {
    const { core, states } = make({ heartbeatMs: 60_000 });
    void core.connect();
    const first = await accept();
    core.probe(300);
    expect(first.last('heartbeat')).toBeDefined();
    first.reply(first.last('heartbeat')); // answered: the socket stays
    await vi.advanceTimersByTimeAsync(300);
    expect(first.readyState).toBe(1);
    core.probe(300);
    await vi.advanceTimersByTimeAsync(300); // unanswered: dropped long before the next heartbeat
    expect(first.readyState).toBe(3);
    expect(states.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100);
    await accept();
    expect(core.state).toBe('connected');
    // Not connected: nothing to probe.
    core.close();
    core.probe(300);
    expect(sockets).toHaveLength(2);
  });

  it('queues requests while reconnecting, fails the ones in flight, and flushes the queue in order', async () => {
    const { core } = make();
    void core.connect();
    const first = await accept();
    const inFlight = core.request('chat', { to: 'everyone', text: 'lost?' });
    first.serverClose(1006);
    await expect(inFlight).rejects.toMatchObject({ code: 'disconnected' });
    const queued = [
      core.request('chat', { to: 'everyone', text: 'one' }),
      core.request('chat', { to: 'everyone', text: 'two' }),
    ];
    await vi.advanceTimersByTimeAsync(100);
    const second = await accept();
    // The room's set-up (greeted) runs before the queue goes out.
    expect(second.frames.map((f) => f.type)).toEqual(['hello', 'chat', 'chat']);
    expect(second.frames.slice(1).map((f) => f.text)).toEqual(['one', 'two']);
    for (const frame of second.frames.slice(1)) second.reply(frame, { ok: frame.text });
    await expect(Promise.all(queued)).resolves.toEqual([{ ok: 'one' }, { ok: 'two' }]);
    // Credentials are kept between connections unless asked otherwise.
    expect(second.last('hello').credentials).toBe('cred-1');
  });

  it('backs off exponentially and gives up when the reconnect window is over', async () => {
    const { core, closed } = make({ reconnectWindowMs: () => 1_000 });
    void core.connect();
    const first = await accept();
    first.serverClose(1006);
    // Queued while reconnecting: it fails only when the core gives up.
    const pending = core.request('chat', { to: 'everyone', text: 'waits' }, 60_000);
    const failed = pending.catch((error: unknown) => error);
    const opened: number[] = [];
    const started = Date.now();
    // Every attempt fails: the socket closes before opening.
    for (const delay of [100, 200, 400]) {
      await vi.advanceTimersByTimeAsync(delay);
      await settle();
      opened.push(Date.now() - started);
      sockets.at(-1)!.serverClose(1006);
      await settle();
    }
    expect(opened).toEqual([100, 300, 700]);
    expect(sockets).toHaveLength(4);
    // 700 + 400 is past the 1 s window: no further attempt.
    expect(core.state).toBe('closed');
    expect(closed).toEqual([expect.objectContaining({ code: 'gave_up' })]);
    expect(await failed).toMatchObject({ code: 'closed' });
  });

  it('ends on a final close code and on a protocol mismatch, and close() is final and repeatable', async () => {
    const policy = make({ finalCloseCodes: [1008] });
    void policy.core.connect();
    (await accept()).serverClose(1008);
    expect(policy.core.state).toBe('closed');
    expect(policy.closed).toEqual([expect.objectContaining({ code: 'closed' })]);

    const mismatch = make();
    const connected = mismatch.core.connect();
    await settle();
    sockets.at(-1)!.open();
    await settle();
    sockets.at(-1)!.refuse(sockets.at(-1)!.last('hello'), 'protocol_mismatch');
    await expect(connected).rejects.toBeInstanceOf(SocketRequestError);
    expect(mismatch.core.state).toBe('closed');

    const closing = make();
    void closing.core.connect();
    const socket = await accept();
    closing.core.close();
    closing.core.close();
    expect(socket.closedWith).toBe(1000);
    expect(closing.closed).toEqual([null]);
    await expect(closing.core.request('chat', {})).rejects.toMatchObject({ code: 'closed' });
  });
});
