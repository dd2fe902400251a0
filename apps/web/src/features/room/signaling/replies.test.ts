// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@podium/protocol';
import { SignalingClient } from './SignalingClient.ts';
import { SignalingRequestError } from './errors.ts';

/**
 * Replies are parsed with the schema the protocol names for each request (`replySchemas`): a
 * server that answers out of shape cannot hand the app an untyped record. The real server never
 * does (packages/server tests check every reply strictly), so a scripted socket plays one here.
 */

type Script = (request: { id: string; type: string }) => Record<string, unknown> | undefined;

/** A WebSocket stand-in that answers each request with `script`'s reply data. */
function scriptedSocket(script: Script): () => WebSocket {
  return () => {
    const listeners = new Map<string, ((event: unknown) => void)[]>();
    const emit = (type: string, event: unknown): void => {
      for (const listener of listeners.get(type) ?? []) listener(event);
    };
    const socket = {
      readyState: 0,
      addEventListener(type: string, listener: (event: unknown) => void) {
        listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      },
      send(frame: string) {
        const request = JSON.parse(frame) as { id: string; type: string };
        const data = script(request);
        const reply = { type: 'reply', id: request.id, ok: true, ...(data ? { data } : {}) };
        queueMicrotask(() => emit('message', { data: JSON.stringify(reply) }));
      },
      close() {
        socket.readyState = 3;
        queueMicrotask(() => emit('close', { code: 1000 }));
      },
    };
    setTimeout(() => {
      socket.readyState = 1;
      emit('open', {});
    }, 0);
    return socket as unknown as WebSocket;
  };
}

const HELLO = { session_id: 's1', protocol_version: PROTOCOL_VERSION, resume_grace_ms: 30_000 };

const clients: SignalingClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

async function connected(script: Script): Promise<SignalingClient> {
  const client = new SignalingClient({
    url: 'ws://127.0.0.1:9/socket',
    authenticate: async () => 'credentials',
    createSocket: scriptedSocket((r) => (r.type === 'hello' ? HELLO : script(r))),
  });
  clients.push(client);
  await client.connect();
  return client;
}

describe('typed replies', () => {
  it('resolves with the reply as its schema reads it (unknown fields dropped)', async () => {
    const client = await connected((r) =>
      r.type === 'chat' ? { message_id: 'm1', extra: true } : undefined,
    );
    expect(client.sessionId).toBe('s1');
    const reply = await client.request('chat', { to: 'everyone', text: 'hi' });
    expect(reply).toEqual({ message_id: 'm1' });
    // A request whose reply carries no data resolves with an empty object.
    await expect(client.request('lock', {})).resolves.toEqual({});
  });

  it('refuses a reply that does not match its schema as a server fault', async () => {
    const client = await connected((r) => (r.type === 'join' ? { participant: 'p1' } : undefined));
    const failure = await client.request('join', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignalingRequestError);
    expect(failure).toMatchObject({
      code: 'internal',
      key: 'errors.internal',
      requestType: 'join',
    });
  });
});
