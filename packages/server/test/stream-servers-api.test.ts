import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, STREAM_KEY_MAX } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import { streamServers } from '../src/store/schema.ts';

const KEY = 'live-KEY-0123-abcd-wxyz';

/** Saved live-stream destinations ("linked stream servers"), issue 12 item 3. */
describe.each(STORE_KINDS)('stream servers API on %s', (kind) => {
  let server: TestServer;
  let strict: TestServer;
  let alice: SignedIn;
  let bob: SignedIn;
  let strictAlice: SignedIn;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line) });
    server = await startTestServer(kind, { STREAM_ALLOW_PRIVATE_HOSTS: '1' }, { logger });
    // Without the operator setting: private and loopback hosts are refused.
    strict = await startTestServer(kind);
    alice = await signUpAndLogin(server, 'stream-alice', 'Alice Nguyễn');
    bob = await signUpAndLogin(server, 'stream-bob');
    strictAlice = await signUpAndLogin(strict, 'stream-strict');
  });
  afterAll(async () => {
    await server.close();
    await strict.close();
  });

  const create = (srv: TestServer, who: SignedIn, body: Record<string, unknown>) =>
    srv.api(apiPaths.streaming.create, { token: who.token, body });
  const list = async (who: SignedIn) => {
    const res = await server.api(apiPaths.streaming.list, { token: who.token });
    expect(res.status).toBe(200);
    return res.body.servers as Array<Record<string, unknown>>;
  };

  it('answers 401 without a token', async () => {
    expect((await server.api(apiPaths.streaming.list)).status).toBe(401);
    const res = await server.api(apiPaths.streaming.create, {
      body: { name: 'x', url: 'rtmp://127.0.0.1/live', key: KEY },
    });
    expect(res.status).toBe(401);
  });

  it('saves a destination and never answers or logs its key, only its last 4 characters', async () => {
    const res = await create(server, alice, {
      name: 'YouTube',
      url: 'rtmp://127.0.0.1:1935/live',
      key: KEY,
    });
    expect(res.status).toBe(201);
    expect(res.body.server).toMatchObject({
      name: 'YouTube',
      url: 'rtmp://127.0.0.1:1935/live',
      key_hint: 'wxyz',
    });
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    const servers = await list(alice);
    expect(servers).toHaveLength(1);
    expect(JSON.stringify(servers)).not.toContain(KEY);
    expect(logLines.join('\n')).not.toContain(KEY);
    // Someone else's list is their own.
    expect(await list(bob)).toEqual([]);
  });

  it('stores the key encrypted, not as it was given', async () => {
    const sealed = await server.podium.services.store.db
      .select({ key_sealed: streamServers.keySealed })
      .from(streamServers);
    expect(sealed.length).toBeGreaterThan(0);
    for (const row of sealed) {
      expect(row.key_sealed).toMatch(/^v1:/);
      expect(row.key_sealed).not.toContain(KEY);
    }
  });

  it('updates the name and the key, and another account cannot touch it', async () => {
    const [saved] = await list(alice);
    const id = saved?.id as string;
    const other = await server.api(apiPaths.streaming.update, {
      token: bob.token,
      body: { id, name: 'Mine now' },
    });
    expect(other.status).toBe(404);
    expect(other.body.error.key).toBe('stream.server_not_found');
    const res = await server.api(apiPaths.streaming.update, {
      token: alice.token,
      body: { id, name: 'YouTube main', key: 'another-key-9876' },
    });
    expect(res.status).toBe(200);
    expect(res.body.server).toMatchObject({ id, name: 'YouTube main', key_hint: '9876' });
    const gone = await server.api(apiPaths.streaming.remove, {
      method: 'DELETE',
      token: bob.token,
      body: { id },
    });
    expect(gone.status).toBe(404);
  });

  it('refuses URLs that are not rtmp:// or rtmps://, over-long keys and empty names', async () => {
    const http = await create(server, alice, { name: 'x', url: 'https://example.com', key: KEY });
    expect(http.status).toBe(400);
    expect(http.body.error.fields.url).toBe('The server URL must start with rtmp:// or rtmps://');
    const long = await create(server, alice, {
      name: 'x',
      url: 'rtmp://127.0.0.1/live',
      key: 'k'.repeat(STREAM_KEY_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.key).toBe(
      `The stream key must be at most ${STREAM_KEY_MAX} characters`,
    );
    const noName = await create(server, alice, { name: ' ', url: 'rtmp://127.0.0.1/l', key: KEY });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields.name).toBe('Enter a name');
  });

  it('refuses loopback, private and link-local hosts unless the operator allows them', async () => {
    for (const url of [
      'rtmp://127.0.0.1:1935/live',
      'rtmp://localhost/live',
      'rtmps://10.0.0.8/live',
      'rtmp://192.168.1.20/app',
      'rtmp://169.254.169.254/latest',
      'rtmp://[::1]:1935/live',
    ]) {
      const res = await create(strict, strictAlice, { name: 'x', url, key: KEY });
      expect(res.status, url).toBe(400);
      expect(res.body.error.key, url).toBe('stream.url_private');
      expect(res.body.error.fields.url).toBe('The server URL points at a private or local address');
    }
    // A public address literal (documentation range) is saved: nothing connects to it here.
    const ok = await create(strict, strictAlice, {
      name: 'Public',
      url: 'rtmp://203.0.113.10/live',
      key: KEY,
    });
    expect(ok.status).toBe(201);
  });

  it('deletes a destination', async () => {
    const [saved] = await list(alice);
    const res = await server.api(apiPaths.streaming.remove, {
      method: 'DELETE',
      token: alice.token,
      body: { id: saved?.id },
    });
    expect(res.status).toBe(200);
    expect(await list(alice)).toEqual([]);
    const again = await server.api(apiPaths.streaming.remove, {
      method: 'DELETE',
      token: alice.token,
      body: { id: 'not-a-uuid' },
    });
    expect(again.status).toBe(404);
  });
});
