// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOM_CREDENTIALS_HEADER } from '@podium/protocol';
import { uploadChatFile, UploadError } from './upload.ts';

/** The upload over a real loopback HTTP server that records the raw multipart body. */
interface Seen {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function serve(status: number, answer: unknown) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const file = () => new File(['hello file'], 'notes.txt', { type: 'text/plain' });

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadError) return error.reason;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('chat file upload', () => {
  it('posts one multipart file with the room and both credentials', async () => {
    const { seen, baseUrl } = await serve(201, {
      id: 'f1',
      name: 'notes.txt',
      size: 10,
      mime: 'text/plain',
      kind: 'document',
      url: '/api/storage/file/f1',
    });
    const result = await uploadChatFile(file(), {
      baseUrl,
      credentials: 'room-cred',
      roomId: 'alias-1',
      accessToken: 'tok',
    });
    expect(result).toEqual({ id: 'f1', name: 'notes.txt', size: 10, mime: 'text/plain' });
    const [request] = seen;
    expect(request?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request?.headers.authorization).toBe('Bearer tok');
    expect(request?.headers[ROOM_CREDENTIALS_HEADER.toLowerCase()]).toBe('room-cred');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="room"\r\n\r\nalias-1');
    expect(request?.body).toMatch(/name="file"; filename="notes.txt"\r\nContent-Type: text\/plain/);
    expect(request?.body).toContain('hello file');
  });

  it('a guest sends only the room credentials', async () => {
    const { seen, baseUrl } = await serve(201, {
      id: 'f2',
      name: 'a.png',
      size: 1,
      mime: 'image/png',
      kind: 'image',
      url: '/x',
    });
    await uploadChatFile(file(), { baseUrl, credentials: 'c', roomId: null, accessToken: null });
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.body).not.toContain('name="room"');
  });

  it.each([
    [413, 'rejected'],
    [400, 'rejected'],
    [401, 'unauthorized'],
    [500, 'network'],
  ] as const)('answers %i as %s', async (status, reason) => {
    const { baseUrl } = await serve(status, {
      error: { code: 'x', message: 'x', key: 'storage.file_rejected' },
    });
    expect(
      await failure(
        uploadChatFile(file(), { baseUrl, credentials: 'c', roomId: null, accessToken: null }),
      ),
    ).toBe(reason);
  });

  it('refuses an empty file without a request, and reports an unreachable server', async () => {
    const { seen, baseUrl } = await serve(201, {});
    const empty = new File([], 'empty.txt');
    expect(
      await failure(
        uploadChatFile(empty, { baseUrl, credentials: 'c', roomId: null, accessToken: null }),
      ),
    ).toBe('rejected');
    expect(seen).toHaveLength(0);
    expect(
      await failure(
        uploadChatFile(file(), {
          baseUrl: 'http://127.0.0.1:9',
          credentials: 'c',
          roomId: null,
          accessToken: null,
        }),
      ),
    ).toBe('network');
  });
});
