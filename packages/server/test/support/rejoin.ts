import { expect } from 'vitest';
import { PROTOCOL_VERSION, type ServerMessageOf } from '@podium/protocol';
import { sleep, SignalClient, type ApiLike } from '../signal-support.ts';

/** Answers `request`, or null when the socket closed first. */
async function ask(
  client: SignalClient,
  message: Parameters<SignalClient['request']>[0],
): Promise<Awaited<ReturnType<SignalClient['request']>> | null> {
  return Promise.race([
    // The browser's wait for a hello (SocketCore connectTimeoutMs) and any request.
    client.request(message, 10_000).catch(() => null),
    client.closed.then(() => null),
  ]);
}

/**
 * What the browser does after its socket dropped: reconnect with its backoff (web
 * shared/socket/backoff.ts DEFAULT_BACKOFF without the jitter), hello with the same
 * credentials, resume; a refused resume means the room lost the participant, so join again.
 */
export async function comeBack(
  server: ApiLike,
  credentials: string,
  sessionId: string,
  sockets: SignalClient[] = [],
): Promise<{ client: SignalClient; welcome: ServerMessageOf<'welcome'>; tries: number }> {
  const deadline = Date.now() + 30_000;
  for (let tries = 1; Date.now() < deadline; tries++) {
    await sleep(Math.min(8_000, 300 * 2 ** (tries - 1)));
    const client = await SignalClient.connect(server);
    sockets.push(client);
    const hello = await ask(client, {
      type: 'hello',
      protocol_version: PROTOCOL_VERSION,
      credentials,
    });
    if (hello?.type === 'reply') {
      const resumed = await ask(client, { type: 'resume', session_id: sessionId });
      if (resumed?.type === 'error') {
        expect(resumed.code).toBe('session_expired');
        const joined = await ask(client, { type: 'join', has_mic: false, has_camera: false });
        if (joined?.type === 'error') throw new Error(`join refused: ${joined.code}`);
        if (joined?.type === 'reply') {
          return { client, welcome: await client.nextOf('welcome'), tries };
        }
      }
      if (resumed?.type === 'reply') {
        return { client, welcome: await client.nextOf('welcome'), tries };
      }
    }
    client.ws.terminate();
  }
  throw new Error('did not get back into the room');
}
