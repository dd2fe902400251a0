import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_CREDENTIALS_HEADER, apiPaths, storageFileUrl } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  type Joined,
  type SignalClient,
} from './signal-support.ts';
import {
  PDF,
  fileBytes,
  startStorageServer,
  upload,
  type StorageServer,
} from './storage-support.ts';

/**
 * Issue 10 item 7: a file sent privately in chat downloaded from /api/storage/file/<id> with no
 * sign-in. Now the bare id opens nothing; the people who may see the message (and the uploader)
 * get a short-lived signed link from POST /api/storage/file-link, nobody else.
 */
describe.each(STORE_KINDS)('private chat files on %s', (kind) => {
  let server: StorageServer;
  let owner: SignedIn;
  const sockets: SignalClient[] = [];

  beforeAll(async () => {
    server = await startStorageServer(kind);
    owner = await signUpAndLogin(server, 'chatfiles', 'Hà Host');
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await server?.close();
  });

  interface Person extends Joined {
    credentials: string;
  }

  async function person(credentials: string): Promise<Person> {
    const joined = await joinRoom(server, credentials);
    sockets.push(joined.client);
    return { ...joined, credentials };
  }

  async function guest(alias: string, name: string): Promise<Person> {
    return person(
      await socketCredentials(server, { ticket: await joinTicket(server, alias, { name }) }),
    );
  }

  function link(id: string, credentials?: string) {
    return server.api(apiPaths.storage.fileLink, {
      body: { id },
      ...(credentials ? { headers: { [ROOM_CREDENTIALS_HEADER]: credentials } } : {}),
    });
  }

  async function uploadAs(who: Person, name: string) {
    const bytes = fileBytes(PDF, 3000);
    const res = await upload(server, { name, bytes, credentials: who.credentials });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { ...(res.body as { id: string; name: string; size: number; mime: string }), bytes };
  }

  it('only the two people of a private message (and nobody signed out) can download its file', async () => {
    const event = await createEvent(server, owner.token);
    const host = await person(await socketCredentials(server, { alias: event.name }, owner.token));
    const giang = await guest(event.name, 'Giang');
    const minh = await guest(event.name, 'Minh');

    const file = await uploadAs(giang, 'private.pdf');
    await giang.client.ok({
      type: 'chat',
      to: host.participantId,
      text: 'for the host only',
      file: { id: file.id, name: file.name, size: file.size, mime: file.mime },
    });
    const got = await host.client.nextOf(
      'chat_message',
      (m) => m.message.text === 'for the host only',
    );
    expect(got.message.file?.id).toBe(file.id);

    // Signed out, the bare id: refused (before the fix: 200 with the bytes).
    expect((await fetch(server.url + storageFileUrl(file.id))).status).toBe(403);
    expect((await link(file.id)).status).toBe(401);

    // The recipient gets a link that downloads the bytes, without any sign-in.
    const forHost = await link(file.id, host.credentials);
    expect(forHost.status, JSON.stringify(forHost.body)).toBe(200);
    expect(forHost.body.url).toMatch(/^\/api\/storage\/file\/[A-Za-z0-9_-]{32}\?exp=\d+&sig=/);
    const downloaded = await fetch(server.url + (forHost.body.url as string));
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(Buffer.from(file.bytes))).toBe(true);
    // So does the sender.
    expect((await link(file.id, giang.credentials)).status).toBe(200);

    // A third participant of the same room: no link (as if the file did not exist).
    const forMinh = await link(file.id, minh.credentials);
    expect(forMinh.status).toBe(404);
    // Naming someone else's file in a message of one's own is refused (issue 10 item 9) and
    // gives no access either.
    expect(
      await minh.client.request({
        type: 'chat',
        to: 'everyone',
        text: 'look',
        file: { id: file.id, name: 'x.pdf', size: 1, mime: 'application/pdf' },
      }),
    ).toMatchObject({ type: 'error', code: 'bad_message' });
    expect((await link(file.id, minh.credentials)).status).toBe(404);

    // Someone of another event with the id: nothing either.
    const other = await createEvent(server, owner.token);
    const stranger = await guest(other.name, 'Stranger');
    expect((await link(file.id, stranger.credentials)).status).toBe(404);
  });

  it('a file sent to everyone is linked for everyone in the room', async () => {
    const event = await createEvent(server, owner.token);
    const host = await person(await socketCredentials(server, { alias: event.name }, owner.token));
    const giang = await guest(event.name, 'Giang');
    const file = await uploadAs(host, 'agenda.pdf');
    await host.client.ok({
      type: 'chat',
      to: 'everyone',
      text: 'agenda',
      file: { id: file.id, name: file.name, size: file.size, mime: file.mime },
    });
    await giang.client.nextOf('chat_message', (m) => m.message.text === 'agenda');
    const forGiang = await link(file.id, giang.credentials);
    expect(forGiang.status).toBe(200);
    expect((await fetch(server.url + (forGiang.body.url as string))).status).toBe(200);
  });

  it('a message attaches only a file its sender uploaded to this room, as stored (issue 10 item 9)', async () => {
    const event = await createEvent(server, owner.token);
    const host = await person(await socketCredentials(server, { alias: event.name }, owner.token));
    const giang = await guest(event.name, 'Giang');
    const file = await uploadAs(giang, 'report.pdf');

    // The name, size and type the client writes are replaced by the stored ones.
    await giang.client.ok({
      type: 'chat',
      to: 'everyone',
      text: 'dressed up',
      file: { id: file.id, name: 'invoice.exe', size: 1, mime: 'text/html' },
    });
    const got = await host.client.nextOf('chat_message', (m) => m.message.text === 'dressed up');
    expect(got.message.file).toEqual({
      id: file.id,
      name: 'report.pdf',
      size: file.size,
      mime: 'application/pdf',
    });

    // An unknown id, or a file of another room (even one's own), is refused and reaches nobody.
    const unknown = await giang.client.request({
      type: 'chat',
      to: 'everyone',
      text: 'ghost',
      file: { id: 'A'.repeat(32), name: 'a.pdf', size: 1, mime: 'application/pdf' },
    });
    expect(unknown).toMatchObject({ type: 'error', code: 'bad_message' });
    const other = await createEvent(server, owner.token);
    const elsewhere = await guest(other.name, 'Giang elsewhere');
    const foreign = await uploadAs(elsewhere, 'other-room.pdf');
    const crossRoom = await host.client.request({
      type: 'chat',
      to: 'everyone',
      text: 'from another room',
      file: { id: foreign.id, name: foreign.name, size: foreign.size, mime: foreign.mime },
    });
    expect(crossRoom).toMatchObject({ type: 'error', code: 'bad_message' });
    await giang.client.ok({ type: 'chat', to: 'everyone', text: 'marker' });
    await host.client.nextOf('chat_message', (m) => m.message.text === 'marker');
    expect(
      host.client.received.some(
        (m) => m.type === 'chat_message' && ['ghost', 'from another room'].includes(m.message.text),
      ),
    ).toBe(false);
  });
});
