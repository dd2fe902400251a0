import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_CHAT_MAX_TEXT,
  LIVE_CHAT_BURST,
  audienceChatMessage,
  liveChatHistory,
  type AudienceChatMessage,
} from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  type Joined,
  type SignalClient,
} from './signal-support.ts';

interface SseEvent {
  event: string;
  data: unknown;
}

/** An EventSource-like reader of the chat stream: a plain GET, no X-Requested-With. */
class ChatStream {
  readonly events: SseEvent[] = [];
  #waiters = new Set<() => void>();
  #abort = new AbortController();
  status = 0;
  contentType = '';

  static async open(server: TestServer, path: string): Promise<ChatStream> {
    const stream = new ChatStream();
    const res = await fetch(server.url + path, { signal: stream.#abort.signal });
    stream.status = res.status;
    stream.contentType = res.headers.get('content-type') ?? '';
    if (res.ok && res.body) void stream.#read(res.body);
    else await res.text();
    return stream;
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) this.events.push({ event, data: JSON.parse(data) });
          for (const w of this.#waiters) w();
        }
      }
    } catch {
      // aborted by close()
    }
  }

  /** The `n`th event of the stream (0-based), waiting for it. */
  nth(n: number, waitMs = 10_000): Promise<SseEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const e = this.events[n];
        if (!e) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve(e);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`no event #${n}; got ${JSON.stringify(this.events)}`));
      }, waitMs);
      this.#waiters.add(check);
      check();
    });
  }

  close(): void {
    this.#abort.abort();
  }
}

describe.each(STORE_KINDS)('the audience chat on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let viewer: SignedIn;
  let event: { id: string; name: string };
  const clients: SignalClient[] = [];
  const streams: ChatStream[] = [];
  const PASSCODE = 'Stage-2468';

  async function playbackToken(alias: string, token?: string): Promise<string> {
    const ticket = await joinTicket(server, alias, {
      passcode: PASSCODE,
      ...(token ? { token } : {}),
    });
    const res = await server.api('/api/live/playback', { body: { ticket } });
    expect(res.status).toBe(200);
    return res.body.token as string;
  }

  async function open(alias: string, token?: string): Promise<ChatStream> {
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    const stream = await ChatStream.open(server, `/live/${alias}/chat/events${query}`);
    streams.push(stream);
    return stream;
  }

  const post = (token: string | undefined, body: Record<string, unknown>) =>
    server.api('/api/live/chat', { body, ...(token ? { token } : {}) });

  async function join(credentials: string): Promise<Joined> {
    const joined = await joinRoom(server, credentials);
    clients.push(joined.client);
    return joined;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'host', 'Mai Trần');
    viewer = await signUpAndLogin(server, 'viewer', 'Ngọc Viewer');
    event = await createEvent(server, owner.token, { mode: 'livestream', passcode: PASSCODE });
  }, 60_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  it('viewers read and write it on the watch page, the call reads it and the stage answers', async () => {
    const host = await join(await socketCredentials(server, { alias: event.name }, owner.token));
    // No line yet: nothing about the audience chat follows the welcome (the call starts empty).
    await host.client.ok({ type: 'heartbeat' });
    expect(host.client.all('audience_chat_history')).toEqual([]);
    const guestInCall = await join(
      await socketCredentials(server, {
        ticket: await joinTicket(server, event.name, { name: 'Lan', passcode: PASSCODE }),
      }),
    );
    await guestInCall.client.ok({ type: 'heartbeat' });
    expect(guestInCall.client.all('audience_chat_history')).toEqual([]);

    // A signed-out visitor of the watch page reads (with a playback pass) but cannot write.
    const guestToken = await playbackToken(event.name);
    const guestStream = await open(event.name, guestToken);
    expect(guestStream.status).toBe(200);
    expect(guestStream.contentType).toMatch(/^text\/event-stream/);
    const first = await guestStream.nth(0);
    expect(first.event).toBe('history');
    expect(liveChatHistory.parse(first.data)).toEqual({ messages: [] });
    const refused = await post(undefined, { token: guestToken, text: 'Xin chào' });
    expect(refused.status).toBe(401);
    expect(refused.body.error.key).toBe('live.chat_sign_in');

    // A signed-in viewer writes: the watch pages and the call get the line.
    const viewerToken = await playbackToken(event.name, viewer.token);
    const written = await post(viewer.token, {
      token: viewerToken,
      text: '  Xin chào sân khấu!  ',
    });
    expect(written.status).toBe(200);
    const line = audienceChatMessage.parse(written.body.message);
    expect(line).toMatchObject({
      name: 'Ngọc Viewer',
      text: 'Xin chào sân khấu!',
      from: 'audience',
    });
    expect((await guestStream.nth(1)).data).toEqual(line);
    expect((await host.client.nextOf('audience_chat_message')).message).toEqual(line);
    expect((await guestInCall.client.nextOf('audience_chat_message')).message).toEqual(line);

    // The stage answers from the call; the watch page gets it marked as the stage's.
    const answered = await host.client.ok({ type: 'audience_chat', text: 'Cảm ơn bạn!' });
    const answer = audienceChatMessage.parse(answered.message);
    expect(answer).toMatchObject({ name: 'Mai Trần', text: 'Cảm ơn bạn!', from: 'stage' });
    expect((await guestStream.nth(2)).data).toEqual(answer);
    expect((await guestInCall.client.nextOf('audience_chat_message')).message).toEqual(answer);

    // An attendee of the call reads along but does not speak for the stage.
    const notStage = await guestInCall.client.request({ type: 'audience_chat', text: 'hi' });
    expect(notStage).toMatchObject({
      type: 'error',
      code: 'permission',
      key: 'audience.chat_stage_only',
    });
    const blank = await host.client.request({ type: 'audience_chat', text: '   ' });
    expect(blank).toMatchObject({ type: 'error', code: 'bad_message' });

    // A late viewer and a late joiner of the call get the history, oldest first.
    const late = await open(event.name, await playbackToken(event.name));
    const history = liveChatHistory.parse((await late.nth(0)).data);
    expect(history.messages).toEqual([line, answer]);
    const lateInCall = await join(
      await socketCredentials(server, {
        ticket: await joinTicket(server, event.name, { name: 'Bảo', passcode: PASSCODE }),
      }),
    );
    expect((await lateInCall.client.nextOf('audience_chat_history')).messages).toEqual([
      line,
      answer,
    ]);
  }, 60_000);

  it('refuses bad input at the boundary and a viewer writing too fast', async () => {
    const token = await playbackToken(event.name, viewer.token);
    // No pass, a forged one, or another event's URL: nothing is streamed.
    expect((await open(event.name)).status).toBe(401);
    expect((await open(event.name, `${token.slice(0, -2)}xx`)).status).toBe(401);
    const other = await createEvent(server, owner.token, { mode: 'livestream' });
    expect((await open(other.name, token)).status).toBe(404);

    const empty = await post(viewer.token, { token, text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty('text');
    const long = await post(viewer.token, { token, text: 'a'.repeat(AUDIENCE_CHAT_MAX_TEXT + 1) });
    expect(long.status).toBe(400);
    expect((await post(viewer.token, { text: 'no pass' })).status).toBe(400);
    expect((await post(viewer.token, { token: 'forged.token', text: 'hi' })).status).toBe(401);

    // A fresh viewer: LIVE_CHAT_BURST lines go through, the next one is refused (429, keyed).
    const fast = await signUpAndLogin(server, 'fast', 'Tốc Độ');
    const fastToken = await playbackToken(event.name, fast.token);
    const sent: AudienceChatMessage[] = [];
    for (let i = 0; i < LIVE_CHAT_BURST; i++) {
      const res = await post(fast.token, { token: fastToken, text: `line ${i}` });
      expect(res.status).toBe(200);
      sent.push(res.body.message as AudienceChatMessage);
    }
    const tooFast = await post(fast.token, { token: fastToken, text: 'one more' });
    expect(tooFast.status).toBe(429);
    expect(tooFast.body.error.key).toBe('live.chat_too_fast');
    // Others still write.
    expect((await post(viewer.token, { token, text: 'still here' })).status).toBe(200);
    // What was stored is what a late viewer reads.
    const late = await open(event.name, token);
    const history = liveChatHistory.parse((await late.nth(0)).data).messages;
    expect(history.slice(-LIVE_CHAT_BURST - 1).map((m) => m.text)).toEqual([
      ...sent.map((m) => m.text),
      'still here',
    ]);
  }, 60_000);
});
