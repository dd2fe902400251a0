import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../shared/api/index.ts';
import { fetchSocketAuth, prefetchSocketAuth, primeSocketAuth } from './auth.ts';

/** Answers `POST /member/v1/auth` with numbered credentials, or fails the first `failures` times. */
function authServer(failures = 0) {
  const asked: unknown[] = [];
  const client = {
    post: (_path: string, body: unknown) => {
      asked.push(body);
      if (asked.length <= failures) return Promise.reject(new Error('network down'));
      return Promise.resolve({ credentials: `cred-${asked.length}`, room: { id: 'room-1' } });
    },
  } as unknown as ApiClient;
  return { client, asked };
}

describe('socket credentials asked for before the room mounts', () => {
  it('the room takes the prefetched answer once; a reconnection asks again', async () => {
    const { client, asked } = authServer();
    prefetchSocketAuth('ticket-a', client);
    prefetchSocketAuth('ticket-a', client);
    expect(asked).toHaveLength(1);
    expect(await fetchSocketAuth('ticket-a', client)).toEqual({
      credentials: 'cred-1',
      roomId: 'room-1',
    });
    expect(await fetchSocketAuth('ticket-a', client)).toMatchObject({ credentials: 'cred-2' });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ ticket: 'ticket-a' });
  });

  it('a failed prefetch is asked again by the room, not reported', async () => {
    const { client, asked } = authServer(1);
    prefetchSocketAuth('ticket-b', client);
    expect(await fetchSocketAuth('ticket-b', client)).toMatchObject({ credentials: 'cred-2' });
    expect(asked).toHaveLength(2);
  });

  it('another ticket does not take the prefetched answer', async () => {
    const { client, asked } = authServer();
    prefetchSocketAuth('ticket-c', client);
    expect(await fetchSocketAuth('ticket-d', client)).toMatchObject({ credentials: 'cred-2' });
    expect(asked[1]).toMatchObject({ ticket: 'ticket-d' });
  });

  it('credentials that came with verify-call are taken without asking; a reconnection asks', async () => {
    const { client, asked } = authServer();
    primeSocketAuth('ticket-e', { credentials: 'from-verify-call', roomId: 'room-9' });
    expect(await fetchSocketAuth('ticket-e', client)).toEqual({
      credentials: 'from-verify-call',
      roomId: 'room-9',
    });
    expect(asked).toHaveLength(0);
    expect(await fetchSocketAuth('ticket-e', client)).toMatchObject({ credentials: 'cred-1' });
    expect(asked).toEqual([expect.objectContaining({ ticket: 'ticket-e' })]);
  });
});
