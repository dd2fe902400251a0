import { describe, expect, it } from 'vitest';
import type { AudienceChatMessage, LiveChatPostRequest } from '@podium/protocol';
import { ApiError } from '../../../shared/api/errors.ts';
import { AudienceChatModel, CHAT_RETRY_MS, type ChatEventSource } from './model.ts';

class FakeStream implements ChatEventSource {
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly #listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  emit(type: string, data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const l of this.#listeners.get(type) ?? []) l({ data: text } as MessageEvent<string>);
  }

  fail(gaveUp: boolean): void {
    this.readyState = gaveUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.closed = true;
  }
}

const line = (id: string, text: string, from: 'audience' | 'stage' = 'audience') =>
  ({ id, name: from === 'stage' ? 'Mai' : 'Ngọc', text, at: 1_700_000_000_000, from }) as const;

function setup(options: { signedIn: boolean; post?: (i: LiveChatPostRequest) => unknown }) {
  const streams: FakeStream[] = [];
  const timers: (() => void)[] = [];
  const posted: LiveChatPostRequest[] = [];
  let token: string | null = 'pass-1';
  const model = new AudienceChatModel({
    alias: 'concert',
    signedIn: options.signedIn,
    token: () => token,
    openStream: (url) => {
      const s = new FakeStream(url);
      streams.push(s);
      return s;
    },
    api: {
      postChat: (input) => {
        posted.push(input);
        return Promise.resolve(
          (options.post?.(input) ?? { message: line('p1', input.text) }) as {
            message: AudienceChatMessage;
          },
        );
      },
    },
    setTimeout: (run, ms) => {
      expect(ms).toBe(CHAT_RETRY_MS);
      timers.push(run);
      return timers.length;
    },
    clearTimeout: () => undefined,
  });
  return { model, streams, timers, posted, setToken: (t: string | null) => (token = t) };
}

describe('the watch page audience chat', () => {
  it('shows the history, then new lines, once each; a signed-in viewer writes', async () => {
    const { model, streams, posted } = setup({ signedIn: true });
    model.start();
    expect(streams).toHaveLength(1);
    expect(streams[0]!.url).toBe('/live/concert/chat/events?token=pass-1');
    expect(model.getSnapshot().connection).toBe('connecting');

    streams[0]!.emit('history', { messages: [line('a', 'Hello'), line('b', 'Hi', 'stage')] });
    expect(model.getSnapshot()).toMatchObject({ connection: 'open', canWrite: true });
    expect(model.getSnapshot().messages.map((m) => m.text)).toEqual(['Hello', 'Hi']);

    streams[0]!.emit('message', line('c', 'Welcome everyone', 'stage'));
    streams[0]!.emit('message', 'not json');
    streams[0]!.emit('message', { id: 'x' });
    expect(model.getSnapshot().messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);

    // The viewer's own line: from the post's answer, and again from the stream — shown once.
    expect(await model.send('  Xin chào  ')).toBe(true);
    expect(posted).toEqual([{ token: 'pass-1', text: 'Xin chào' }]);
    streams[0]!.emit('message', line('p1', 'Xin chào'));
    expect(model.getSnapshot().messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'p1']);
    // Blank lines are not sent.
    expect(await model.send('   ')).toBe(false);
    expect(posted).toHaveLength(1);
  });

  it('a guest reads but does not write; signing in lets them', async () => {
    const { model, streams, posted } = setup({ signedIn: false });
    model.start();
    streams[0]!.emit('history', { messages: [line('a', 'Hello')] });
    expect(model.getSnapshot()).toMatchObject({ canWrite: false });
    expect(await model.send('hi')).toBe(false);
    expect(posted).toEqual([]);
    model.setSignedIn(true);
    expect(await model.send('hi')).toBe(true);
    expect(posted).toHaveLength(1);
  });

  it('tells why a line was refused (too fast), and clears it on the next attempt', async () => {
    let refuse = true;
    const { model, streams } = setup({
      signedIn: true,
      post: (input) => {
        if (refuse) {
          throw new ApiError(429, 'too_many_requests', 'too fast', 'live.chat_too_fast');
        }
        return { message: line('ok', input.text) };
      },
    });
    model.start();
    streams[0]!.emit('history', { messages: [] });
    expect(await model.send('one')).toBe(false);
    expect(model.getSnapshot()).toMatchObject({ error: 'live.chat_too_fast', sending: false });
    refuse = false;
    expect(await model.send('two')).toBe(true);
    expect(model.getSnapshot().error).toBeNull();
  });

  it('waits for a pass; opens a new stream with the current pass when the browser gave up', () => {
    const { model, streams, timers, setToken } = setup({ signedIn: false });
    setToken(null);
    model.start();
    expect(streams).toHaveLength(0);
    setToken('pass-1');
    model.start();
    model.start();
    expect(streams).toHaveLength(1);

    // A dropped connection the browser retries itself: no new stream.
    streams[0]!.fail(false);
    expect(model.getSnapshot().connection).toBe('reconnecting');
    expect(timers).toHaveLength(0);
    // A refused (expired) pass: the browser gave up; a new stream with the renewed pass.
    setToken('pass-2');
    streams[0]!.fail(true);
    expect(streams[0]!.closed).toBe(true);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(streams).toHaveLength(2);
    expect(streams[1]!.url).toBe('/live/concert/chat/events?token=pass-2');
    streams[1]!.emit('history', { messages: [line('a', 'Hello')] });
    expect(model.getSnapshot()).toMatchObject({ connection: 'open' });

    model.close();
    expect(streams[1]!.closed).toBe(true);
    model.start();
    expect(streams).toHaveLength(2);
  });
});
