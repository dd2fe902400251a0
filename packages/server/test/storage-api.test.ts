import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storageFileUrl, storageMessages, uploadResponse, apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import { createEvent, joinTicket, socketCredentials } from './signal-support.ts';
import { uploads } from '../src/store/schema.ts';
import { addBlockedIdentity } from '../src/services/rooms/blocks.ts';
import { signCredentials } from '../src/services/signal-auth/credentials.ts';
import {
  JPEG,
  MB,
  PDF,
  PNG,
  ZIP,
  fileBytes,
  post,
  startStorageServer,
  upload,
  uploadsOnDisk,
  type Answer,
  type StorageServer,
} from './storage-support.ts';

const REJECTED = storageMessages['storage.file_rejected'].en;

function expectRefused(res: Answer, status: 400 | 413) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toEqual({
    code: status === 413 ? 'file_too_large' : 'invalid_file_type',
    message: REJECTED,
    key: 'storage.file_rejected',
  });
}

async function download(server: StorageServer, url: string) {
  // A plain link: no X-Requested-With, no token.
  const res = await fetch(server.url + url);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe.each(STORE_KINDS)('chat file storage on %s', (kind) => {
  let server: StorageServer;
  let owner: SignedIn;
  /** Ids of the uploads accepted so far: exactly what may be on disk. */
  const accepted: string[] = [];

  async function signedLink(id: string): Promise<string> {
    return (await server.podium.services.storage.linker())(id);
  }

  async function expectNoLeftovers() {
    expect(await uploadsOnDisk(server)).toEqual([...accepted].sort());
  }

  async function accept(res: Answer) {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const parsed = uploadResponse.parse(res.body);
    accepted.push(parsed.id);
    return parsed;
  }

  beforeAll(async () => {
    // A smaller limit for other files keeps the over-the-limit test fast.
    server = await startStorageServer(kind, { UPLOAD_OTHER_MAX_BYTES: String(8 * MB) });
    owner = await signUpAndLogin(server, 'files');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores an image and a PDF under 5 MB and serves them byte for byte', async () => {
    const png = fileBytes(PNG, 300 * 1024);
    const pdf = fileBytes(PDF, 4 * MB);
    const image = await accept(
      await upload(server, {
        name: 'photo.png',
        type: 'image/png',
        bytes: png,
        token: owner.token,
      }),
    );
    expect(image).toMatchObject({ name: 'photo.png', size: png.length, mime: 'image/png' });
    expect(image.kind).toBe('image');
    // The uploader's own short-lived signed link: the bare id opens nothing (issue 10 item 7).
    expect(image.url.startsWith(`${storageFileUrl(image.id)}?exp=`)).toBe(true);
    expect(image.url).toMatch(/&sig=[A-Za-z0-9_-]{43}$/);
    expect(image.id).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const doc = await accept(
      await upload(server, {
        name: "Báo cáo (Q3) 'final'.pdf",
        type: 'application/pdf',
        bytes: pdf,
        token: owner.token,
      }),
    );
    expect(doc).toMatchObject({ kind: 'document', mime: 'application/pdf', size: pdf.length });
    expect(doc.name).toBe("Báo cáo (Q3) 'final'.pdf");

    const gotImage = await download(server, image.url);
    expect(gotImage.res.status).toBe(200);
    expect(Buffer.from(gotImage.bytes).equals(Buffer.from(png))).toBe(true);
    expect(gotImage.res.headers.get('content-type')).toBe('image/png');
    expect(gotImage.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(gotImage.res.headers.get('content-disposition')).toBe(
      `attachment; filename="photo.png"; filename*=UTF-8''photo.png`,
    );

    const gotDoc = await download(server, doc.url);
    expect(gotDoc.res.status).toBe(200);
    expect(Buffer.from(gotDoc.bytes).equals(Buffer.from(pdf))).toBe(true);
    // SECURITY: only sniffed images keep their type; everything else is an opaque download.
    expect(gotDoc.res.headers.get('content-type')).toBe('application/octet-stream');
    expect(gotDoc.res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = gotDoc.res.headers.get('content-disposition') ?? '';
    expect(disposition.startsWith('attachment; filename="')).toBe(true);
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe("Báo cáo (Q3) 'final'.pdf");
    await expectNoLeftovers();
  });

  it('a chat file opens only with a signed, unexpired link or the uploader token (issue 10 item 7)', async () => {
    const bytes = fileBytes(PDF, 2000);
    const doc = await accept(
      await upload(server, { name: 'private.pdf', bytes, token: owner.token }),
    );
    const bare = storageFileUrl(doc.id);
    // Nobody signed in, no link: refused (before the fix the id alone was enough).
    const anonymous = await fetch(server.url + bare);
    expect(anonymous.status).toBe(403);
    expect(((await anonymous.json()) as Answer['body']).error.code).toBe('forbidden');
    // Another account with the bare id: refused too.
    const other = await signUpAndLogin(server, 'files-other');
    const foreign = await fetch(server.url + bare, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(403);
    // The uploader's own token opens it; so does the signed link, with no sign-in.
    const mine = await fetch(server.url + bare, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(mine.status).toBe(200);
    expect((await download(server, doc.url)).res.status).toBe(200);
    // A forged or altered signature, another file's signature and an expired link are refused.
    const link = new URL(doc.url, server.url);
    const sig = link.searchParams.get('sig') ?? '';
    const exp = Number(link.searchParams.get('exp'));
    const forged = `${bare}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetch(server.url + forged)).status).toBe(403);
    expect((await fetch(server.url + `${bare}?exp=${exp + 3600}&sig=${sig}`)).status).toBe(403);
    const another = await accept(
      await upload(server, { name: 'other.pdf', bytes, token: owner.token }),
    );
    const anotherSig = new URL(another.url, server.url).searchParams.get('sig') ?? '';
    expect((await fetch(server.url + `${bare}?exp=${exp}&sig=${anotherSig}`)).status).toBe(403);
    const { signFileLink } = await import('../src/services/storage/links.ts');
    const expired = signFileLink(Buffer.alloc(32), doc.id, Date.now() - 3 * 3600_000, 60);
    expect((await fetch(server.url + expired)).status).toBe(403);
  });

  it('never serves an uploaded page as HTML', async () => {
    const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    const page = await accept(
      await upload(server, {
        name: 'page.html',
        type: 'text/html',
        bytes: html,
        token: owner.token,
      }),
    );
    const got = await download(server, page.url);
    expect(got.res.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(got.res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('refuses a 6 MB PDF (images and documents: 5 MB) with 413 and keeps nothing', async () => {
    const res = await upload(server, {
      name: 'big.pdf',
      type: 'application/pdf',
      bytes: fileBytes(PDF, 6 * MB),
      token: owner.token,
    });
    expectRefused(res, 413);
    const image = await upload(server, {
      name: 'big.jpg',
      type: 'image/jpeg',
      bytes: fileBytes(JPEG, 5 * MB + 1),
      token: owner.token,
    });
    expectRefused(image, 413);
    await expectNoLeftovers();
  });

  it('accepts a 6 MB zip (other files) and refuses one over the configured limit', async () => {
    const zip = fileBytes(ZIP, 6 * MB);
    const stored = await accept(
      await upload(server, {
        name: 'slides.zip',
        type: 'application/zip',
        bytes: zip,
        token: owner.token,
      }),
    );
    expect(stored).toMatchObject({ kind: 'other', mime: 'application/zip', size: zip.length });
    const got = await download(server, stored.url);
    expect(Buffer.from(got.bytes).equals(Buffer.from(zip))).toBe(true);

    const tooBig = await upload(server, {
      name: 'huge.zip',
      bytes: fileBytes(ZIP, 9 * MB),
      token: owner.token,
    });
    expectRefused(tooBig, 413);
    await expectNoLeftovers();
  });

  it('refuses executables, scripts and images whose bytes are not what the name says', async () => {
    const cases = [
      { name: 'setup.exe', bytes: fileBytes('MZ', 2048) },
      { name: 'run.sh', bytes: new TextEncoder().encode('echo hi\n') },
      { name: 'tool.JS', bytes: new TextEncoder().encode('alert(1)') },
      { name: 'install.msi', bytes: fileBytes([0xd0, 0xcf, 0x11, 0xe0], 4096) },
      // The last extension counts, and trailing dots or bidi tricks do not hide it.
      { name: 'invoice.pdf.exe', bytes: fileBytes(PDF, 1024) },
      { name: 'invoice.exe.', bytes: fileBytes(PDF, 1024) },
      { name: 'invoice\u202Efdp.exe', bytes: fileBytes(PDF, 1024) },
      // Programs by their bytes, whatever their name.
      { name: 'notes.txt', bytes: fileBytes([0x7f, 0x45, 0x4c, 0x46], 4096) },
      { name: 'report.pdf', bytes: fileBytes('MZ', 4096) },
      { name: 'readme.md', bytes: new TextEncoder().encode('#!/bin/sh\nrm -rf ~\n') },
      // A .png that is not a PNG; a JPEG named .png.
      { name: 'fake.png', bytes: new TextEncoder().encode('this is not an image at all') },
      { name: 'photo.png', bytes: fileBytes(JPEG, 4096) },
      { name: 'tiny.gif', bytes: new Uint8Array([0x47, 0x49]) },
    ];
    for (const c of cases) {
      const res = await upload(server, { ...c, token: owner.token });
      expect(res.status, c.name).toBe(400);
      expectRefused(res, 400);
    }
    // A declared program type is refused too.
    expectRefused(
      await upload(server, {
        name: 'data.bin2',
        type: 'application/x-msdownload',
        bytes: fileBytes([1, 2, 3], 100),
        token: owner.token,
      }),
      400,
    );
    await expectNoLeftovers();
  });

  it('needs an account token or the live room credentials', async () => {
    const bytes = fileBytes(PDF, 1000);
    const none = await upload(server, { name: 'a.pdf', bytes });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    const wrong = await upload(server, { name: 'a.pdf', bytes, token: 'not-a-token' });
    expect(wrong.status).toBe(401);
    const forged = await upload(server, { name: 'a.pdf', bytes, credentials: 'eyJ2IjoxfQ.AAAA' });
    expect(forged.status).toBe(401);
    // Without X-Requested-With the API guard answers first.
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'a.pdf');
    const bare = await fetch(server.url + apiPaths.storage.upload, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as Answer['body']).error.code).toBe('missing_requested_with');
    await expectNoLeftovers();
  });

  it('lets a guest of the live room upload with socket credentials, for that room only', async () => {
    const event = await createEvent(server, owner.token);
    const other = await createEvent(server, owner.token);
    const ticket = await joinTicket(server, event.name, { name: 'Guest Gabi' });
    const credentials = await socketCredentials(server, { ticket });

    const stored = await accept(
      await upload(server, { name: 'guest.txt', bytes: fileBytes('hello', 5), credentials }),
    );
    const [row] = await server.podium.services.store.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, stored.id));
    expect(row?.aliasId).toBe(event.id);
    expect(row?.uploader).toMatch(/^g:/);

    // Naming the same room is fine; another room is not.
    await accept(
      await upload(server, {
        name: 'same.txt',
        bytes: fileBytes('x', 10),
        credentials,
        room: event.id,
      }),
    );
    const elsewhere = await upload(server, {
      name: 'other.txt',
      bytes: fileBytes('x', 10),
      credentials,
      room: other.id,
    });
    expect(elsewhere.status).toBe(403);

    // A blocked guest cannot upload any more.
    const opened = await server.podium.services.signal.open(credentials);
    if (!opened.ok) throw new Error('credentials did not open');
    const identity = row?.uploader ?? '';
    await addBlockedIdentity(server.podium.services.store.db, event.id, identity);
    const blocked = await upload(server, { name: 'b.txt', bytes: fileBytes('x', 10), credentials });
    expect(blocked.status).toBe(403);
    await expectNoLeftovers();
  });

  it('accepts room credentials a little past their expiry (a missed renewal), not long past it', async () => {
    const event = await createEvent(server, owner.token);
    const key = await server.podium.services.secrets.get('join_ticket_key');
    const now = Math.floor(Date.now() / 1000);
    const sign = (expiresAt: number) =>
      signCredentials(key, {
        roomId: event.id,
        identity: { kind: 'guest', guestId: 'guest-expiry' },
        name: 'Late guest',
        ticketRole: 'participant',
        expiresAt,
      });
    await accept(
      await upload(server, {
        name: 'late.txt',
        bytes: fileBytes('x', 10),
        credentials: sign(now - 60),
      }),
    );
    // Clients renew every 4 minutes while joined: credentials 31 minutes stale are not theirs.
    const stale = await upload(server, {
      name: 'stale.txt',
      bytes: fileBytes('x', 10),
      credentials: sign(now - 31 * 60),
    });
    expect(stale.status).toBe(401);
  });

  it('files an account upload under a room when asked, refusing unknown rooms', async () => {
    const event = await createEvent(server, owner.token);
    const stored = await accept(
      await upload(server, {
        name: 'agenda.docx',
        bytes: fileBytes(ZIP, 2000),
        token: owner.token,
        room: event.id,
      }),
    );
    expect(stored.kind).toBe('document');
    const [row] = await server.podium.services.store.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, stored.id));
    expect(row?.aliasId).toBe(event.id);
    expect(row?.uploader).toBe(`a:${owner.id}`);

    for (const room of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await upload(server, {
        name: 'x.txt',
        bytes: fileBytes('x', 10),
        token: owner.token,
        room,
      });
      expect(res.status, room).toBe(404);
    }
    await expectNoLeftovers();
  });

  it('answers malformed bodies with 400 no_file', async () => {
    const token = owner.token;
    const json = await post(server, '{"file":"x"}', { token, contentType: 'application/json' });
    expect(json.status).toBe(400);
    expect(json.body.error).toMatchObject({ code: 'no_file', key: 'storage.no_file' });

    const noFileField = new FormData();
    noFileField.append('room', 'x');
    expect((await post(server, noFileField, { token })).body.error.code).toBe('no_file');

    const otherName = new FormData();
    otherName.append('upload', new Blob([fileBytes(PDF, 100)]), 'a.pdf');
    expect((await post(server, otherName, { token })).body.error.code).toBe('no_file');

    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([fileBytes(PDF, 100)]), 'a.pdf');
    twoFiles.append('file', new Blob([fileBytes(PDF, 100)]), 'b.pdf');
    const two = await post(server, twoFiles, { token });
    expect(two.status).toBe(400);
    expect(two.body.error.code).toBe('no_file');

    const cut = await post(
      server,
      '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhal',
      { token, contentType: 'multipart/form-data; boundary=xx' },
    );
    expect(cut.status).toBe(400);
    const noBoundary = await post(server, 'abc', { token, contentType: 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
    await expectNoLeftovers();
  });

  it('answers a body declared far over every limit at once, without reading it', async () => {
    const started = Date.now();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(server.url + apiPaths.storage.upload);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            authorization: `Bearer ${owner.token}`,
            'content-type': 'multipart/form-data; boundary=zz',
            'content-length': String(10 * 1024 * MB),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Only the start of the 10 GB: the answer must come without the rest.
      req.write('--zz\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('file_too_large');
    expect(Date.now() - started).toBeLessThan(5000);
    await expectNoLeftovers();
  });

  it('drops a chunked body that runs past every limit instead of reading it for ever', async () => {
    const url = new URL(server.url + apiPaths.storage.upload);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Bearer ${owner.token}`,
        'content-type': 'multipart/form-data; boundary=zz',
        'transfer-encoding': 'chunked',
      },
    });
    const ended = new Promise<string>((resolve) => {
      req.on('error', (error) => resolve(`error ${error.message}`));
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(`response ${res.statusCode}`));
        res.on('error', (error) => resolve(`error ${error.message}`));
      });
    });
    let settled = false;
    void ended.then(() => (settled = true));
    const write = (chunk: string | Buffer) =>
      new Promise<void>((resolve) => req.write(chunk, () => resolve()));
    await write('--zz\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\n');
    const chunk = Buffer.alloc(256 * 1024, 7);
    let sent = 0;
    // The server's limit for other files is 8 MB: it must give up well before 40 MB.
    while (!settled && !req.destroyed && sent < 40 * MB) {
      await Promise.race([write(chunk), ended]);
      sent += chunk.length;
    }
    const outcome = await ended;
    expect(sent, outcome).toBeLessThan(40 * MB);
    expect(outcome).toMatch(/^error|^response 4\d\d$/);
    req.destroy();
    // The server notices the dropped connection on its own time: wait for its clean-up.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await uploadsOnDisk(server)).length > accepted.length) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await expectNoLeftovers();
  });

  it('serves unknown or malformed ids as 404 without needing the API header', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x']) {
      const res = await fetch(`${server.url}/api/storage/file/${id}`);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as Answer['body']).error.code).toBe('not_found');
    }
    // Anything but a plain id is not a download link: it keeps the API guard, and is no file.
    const traversal = `${server.url}/api/storage/file/..%2F..%2Fetc%2Fpasswd`;
    expect((await fetch(traversal)).status).toBe(400);
    const withHeader = await fetch(traversal, { headers: { 'x-requested-with': 'fetch' } });
    expect(withHeader.status).toBe(404);
    // Only GET/HEAD of a file skip the X-Requested-With guard.
    const del = await fetch(`${server.url}/api/storage/file/AAAA`, { method: 'DELETE' });
    expect(del.status).toBe(400);
    const first = await fetch(server.url + storageFileUrl(accepted[0] ?? 'x'), { method: 'HEAD' });
    expect(first.status).toBe(403);
    const damagedLater = accepted[0] ?? 'x';
    const signed = await fetch(server.url + (await signedLink(damagedLater)), { method: 'HEAD' });
    expect(signed.status).toBe(200);

    // A file cut short on disk (a crash mid-write) is not served as if it were whole.
    const damaged = await accept(
      await upload(server, { name: 'd.txt', bytes: fileBytes('x', 1000), token: owner.token }),
    );
    await fs.truncate(path.join(server.uploadsDir, damaged.id), 10);
    expect((await fetch(server.url + damaged.url)).status).toBe(404);
  });
});
