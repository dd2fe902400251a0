import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { uploadResponse } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { signUpAndLogin } from './events-support.ts';
import { uploads } from '../src/store/schema.ts';
import {
  JPEG,
  PDF,
  PNG,
  ZIP,
  post,
  startStorageServer,
  upload,
  uploadsOnDisk,
  type Answer,
  type StorageServer,
} from './storage-support.ts';

/**
 * Property tests on the upload: whatever names, declared types, bodies and multipart framing
 * arrive, the answer is never a 5xx, every error has the one error shape, an accepted file comes
 * back byte for byte, and nothing but accepted files stays on disk.
 */
const MAGICS: Array<number[] | string> = [
  PNG,
  JPEG,
  PDF,
  ZIP,
  'MZ',
  '#!',
  [0x7f, 0x45, 0x4c, 0x46],
];

const EXTENSIONS = [
  'png',
  'jpg',
  'gif',
  'webp',
  'pdf',
  'docx',
  'txt',
  'zip',
  'mp4',
  'exe',
  'sh',
  'js',
  'PNG',
  'Exe',
  'html',
  'svg',
  '',
  'tar.gz',
  'pdf.exe',
  'exe.',
  'png ',
];

const fileName = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 300 }), weight: 1 },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...EXTENSIONS))
      .map(([base, ext]) => `${base}.${ext}`),
  },
);

const declaredType = fc.oneof(
  fc.constantFrom(
    '',
    'image/png',
    'image/jpeg',
    'application/pdf',
    'text/html',
    'application/x-msdownload',
    'application/octet-stream',
    'text/plain; charset=utf-8',
    'image/svg+xml',
  ),
  fc.string({ maxLength: 40 }),
);

/** Any size up to twice the other-file limit (so the limits are hit), from a random pattern. */
const content = fc
  .tuple(fc.nat(30_000), fc.uint8Array({ minLength: 1, maxLength: 64 }))
  .map(([size, pattern]) => {
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = pattern[i % pattern.length] ?? 0;
    return bytes;
  });

const body = fc.oneof(
  content,
  fc.tuple(fc.constantFrom(...MAGICS), content).map(([magic, rest]) => {
    const head = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic);
    return new Uint8Array(Buffer.concat([head, rest]));
  }),
);

function expectSane(res: Answer, label: string) {
  expect(
    res.status,
    `${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
  ).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body?.error?.code, label).toBe('string');
    expect(typeof res.body?.error?.message, label).toBe('string');
  }
}

describe.each(STORE_KINDS)('chat file upload never answers 5xx on %s', (kind) => {
  let server: StorageServer;
  let token: string;
  const accepted = new Set<string>();

  beforeAll(async () => {
    server = await startStorageServer(kind, {
      UPLOAD_DOCUMENT_MAX_BYTES: '8000',
      UPLOAD_OTHER_MAX_BYTES: '15000',
    });
    token = (await signUpAndLogin(server, 'fuzzfiles')).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('random names, declared types, bodies and room fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileName,
        declaredType,
        body,
        fc.option(fc.string({ maxLength: 80 }), { nil: undefined, freq: 4 }),
        async (name, type, bytes, room) => {
          const res = await upload(server, { name, type, bytes, token, room });
          const label = JSON.stringify({ name, type, size: bytes.length, room });
          expectSane(res, label);
          expect([201, 400, 404, 413], label).toContain(res.status);
          if (res.status !== 201) return;
          const stored = uploadResponse.parse(res.body);
          accepted.add(stored.id);
          expect(stored.size).toBe(bytes.length);
          const got = await fetch(server.url + stored.url);
          expect(got.status).toBe(200);
          expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
          if (stored.kind !== 'image') {
            expect(got.headers.get('content-type')).toBe('application/octet-stream');
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('random and mutated multipart framing', async () => {
    const framed = fc
      .record({
        boundary: fc.oneof(fc.constant('b0undary'), fc.string({ minLength: 1, maxLength: 70 })),
        disposition: fc.oneof(
          fc.constant('form-data; name="file"; filename="a.txt"'),
          fc.constant('form-data; name="file"; filename*=UTF-8\'\'%E2%80%AEa.exe'),
          fc.constant('form-data; name="room"'),
          fc.string({ maxLength: 80 }),
        ),
        content: fc.uint8Array({ maxLength: 3000 }),
        cut: fc.option(fc.nat(), { nil: undefined }),
        noise: fc.option(fc.uint8Array({ minLength: 1, maxLength: 40 }), { nil: undefined }),
        contentType: fc.oneof(
          fc.constant('multipart/form-data; boundary='),
          fc.constant('multipart/form-data;boundary="'),
          fc.constant('multipart/form-data'),
          fc.constant('multipart/mixed; boundary='),
          fc.string({ maxLength: 40 }),
        ),
      })
      .map((r) => {
        const parts = Buffer.concat([
          Buffer.from(`--${r.boundary}\r\nContent-Disposition: ${r.disposition}\r\n\r\n`),
          Buffer.from(r.content),
          Buffer.from(`\r\n--${r.boundary}--\r\n`),
        ]);
        let bytes = parts;
        if (r.noise) {
          const at = (r.cut ?? 0) % (parts.length + 1);
          bytes = Buffer.concat([parts.subarray(0, at), Buffer.from(r.noise), parts.subarray(at)]);
        } else if (r.cut !== undefined) {
          bytes = parts.subarray(0, r.cut % (parts.length + 1));
        }
        const contentType =
          r.contentType.endsWith('=') || r.contentType.endsWith('"')
            ? `${r.contentType}${r.boundary}${r.contentType.endsWith('"') ? '"' : ''}`
            : r.contentType;
        return { bytes: new Uint8Array(bytes), contentType };
      });
    await fc.assert(
      fc.asyncProperty(framed, async ({ bytes, contentType }) => {
        let res: Answer;
        try {
          res = await post(server, bytes, { token, contentType });
        } catch (error) {
          // fetch itself refuses some header values (not the server's doing).
          if (error instanceof TypeError && !/fetch failed/.test(error.message)) return;
          throw error;
        }
        const label = JSON.stringify({ contentType, size: bytes.length });
        expectSane(res, label);
        if (res.status === 201) accepted.add(uploadResponse.parse(res.body).id);
      }),
      { numRuns: 40 },
    );
  });

  it('leaves only accepted files on disk, each with its record', async () => {
    const onDisk = await uploadsOnDisk(server);
    expect(onDisk).toEqual([...accepted].sort());
    for (const id of onDisk) {
      const rows = await server.podium.services.store.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(eq(uploads.id, id));
      expect(rows).toHaveLength(1);
    }
  });
});
