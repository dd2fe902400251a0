import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type ErrorBody, type RecordingEntry } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  type Joined,
} from './signal-support.ts';
import { BYTES_PER_WRITE, FileEgress, byteAt } from './support/file-egress.ts';

/**
 * Recording (issue 12 item 2) through the real gateway and REST API: who may record, the state
 * machine's refusals, the state everyone hears (and joiners after welcome), failures told to the
 * moderators, and the owner's library (list, Range downloads, delete). The egress process is
 * stood in for by FileEgress (the browser e2e runs the real one).
 */
describe.each(STORE_KINDS)('recording on %s', (kind) => {
  let server: TestServer;
  let dir: string;
  const egress = new FileEgress();
  let owner: SignedIn;
  let member: SignedIn;
  let outsider: SignedIn;
  const sockets: Joined[] = [];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-recordings-'));
    server = await startTestServer(kind, { RECORDINGS_DIR: dir }, { signaling: { egress } });
    owner = await signUpAndLogin(server, 'rec-owner', 'Hà Owner');
    member = await signUpAndLogin(server, 'rec-member', 'Minh Member');
    outsider = await signUpAndLogin(server, 'rec-out', 'Oanh Outsider');
  });
  afterAll(async () => {
    for (const j of sockets) j.client.ws.terminate();
    await server?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function room(extra: Record<string, unknown> = {}) {
    const event = await createEvent(server, owner.token, extra);
    const host = await joinRoom(
      server,
      await socketCredentials(server, { alias: event.name }, owner.token),
    );
    const other = await joinRoom(
      server,
      await socketCredentials(server, {
        ticket: await joinTicket(server, event.name, { name: 'Minh Member', token: member.token }),
      }),
    );
    sockets.push(host, other);
    return { event, host, other };
  }

  /** Starts a recording and waits until its file is written; answers its id. */
  async function record(j: Joined): Promise<string> {
    await j.client.ok({ type: 'recording_start' });
    const { recording } = await j.client.nextOf(
      'recording_state',
      (m) => m.recording.state === 'recording',
    );
    return recording.recording_id!;
  }

  const list = async (who: SignedIn): Promise<RecordingEntry[]> => {
    const res = await server.api(apiPaths.recordings.list, { token: who.token });
    expect(res.status).toBe(200);
    return res.body.recordings as RecordingEntry[];
  };
  const fileUrl = (id: string) => server.url + pathTo(apiPaths.recordings.file, { id });
  const expected = (start: number, end: number) =>
    Buffer.from(Array.from({ length: end - start + 1 }, (_, i) => byteAt(start + i)));

  it('hosts record, pause, resume and stop; everyone hears the state; joiners get it after welcome', async () => {
    const { event, host, other } = await room();
    const started = await host.client.request({ type: 'recording_start' });
    expect(started).toMatchObject({
      type: 'reply',
      data: { recording: { state: 'starting', by: host.participantId, by_name: 'Hà Owner' } },
    });
    for (const j of [host, other]) {
      await j.client.nextOf('recording_state', (m) => m.recording.state === 'starting');
    }
    const { recording } = await host.client.nextOf(
      'recording_state',
      (m) => m.recording.state === 'recording',
    );
    await other.client.nextOf('recording_state', (m) => m.recording.state === 'recording');
    expect(egress.opened.at(-1)).toEqual({ roomId: event.id, resolution: '720p' });

    // A late joiner hears the state right after its welcome.
    const late = await signUpAndLogin(server, 'rec-late', 'Lan Late');
    const lateIn = await joinRoom(
      server,
      await socketCredentials(server, {
        ticket: await joinTicket(server, event.name, { name: 'Lan Late', token: late.token }),
      }),
    );
    sockets.push(lateIn);
    const announced = await lateIn.client.nextOf('recording_state');
    expect(announced.recording).toMatchObject({ state: 'recording', by_name: 'Hà Owner' });

    await egress.only().tick();
    expect(await host.client.request({ type: 'recording_resume' })).toMatchObject({
      type: 'error',
      code: 'conflict',
      key: 'recording.not_paused',
    });
    expect(await host.client.request({ type: 'recording_start' })).toMatchObject({
      type: 'error',
      key: 'recording.already_started',
      message: 'This event is already being recorded',
    });
    const paused = await host.client.request({ type: 'recording_pause' });
    expect(paused).toMatchObject({ type: 'reply', data: { recording: { state: 'paused' } } });
    await other.client.nextOf('recording_state', (m) => m.recording.state === 'paused');
    await egress.only().tick(); // paused: nothing written
    expect(await host.client.request({ type: 'recording_pause' })).toMatchObject({
      type: 'error',
      key: 'recording.not_recording',
    });
    expect(await host.client.request({ type: 'recording_resume' })).toMatchObject({
      type: 'reply',
      data: { recording: { state: 'recording' } },
    });
    await egress.only().tick();
    const stopped = await host.client.request({ type: 'recording_stop' });
    expect(stopped).toMatchObject({ type: 'reply', data: { recording: { state: 'idle' } } });
    await other.client.nextOf('recording_state', (m) => m.recording.state === 'stopping');
    await other.client.nextOf('recording_state', (m) => m.recording.state === 'idle');
    expect(await host.client.request({ type: 'recording_stop' })).toMatchObject({
      type: 'error',
      key: 'recording.not_recording',
    });

    const [entry] = await list(owner);
    expect(entry).toMatchObject({
      id: recording.recording_id!,
      event_title: expect.stringMatching(/^Live room/),
      state: 'complete',
      failure: null,
      downloadable: true,
      // Start, and one tick on each side of the pause: the paused tick wrote nothing.
      size_bytes: 3 * BYTES_PER_WRITE,
      duration_ms: 2000,
    });
    expect(await list(member)).toEqual([]);
  });

  it('refuses presenters and attendees with the permission message', async () => {
    const { host, other } = await room();
    expect(await other.client.request({ type: 'recording_start' })).toMatchObject({
      type: 'error',
      code: 'permission',
      message: 'You do not have permission to perform this function',
    });
    expect(
      await host.client.request({
        type: 'set_role',
        participant_id: other.participantId,
        role: 'presenter',
        granted: true,
      }),
    ).toMatchObject({ type: 'reply' });
    expect(await other.client.request({ type: 'recording_start' })).toMatchObject({
      type: 'error',
      key: 'errors.permission',
    });
    await record(host);
    expect(await other.client.request({ type: 'recording_stop' })).toMatchObject({
      type: 'error',
      key: 'errors.permission',
    });
    await host.client.ok({ type: 'recording_stop' });
  });

  it("a co-host's recording belongs to the event's owner", async () => {
    const { host, other } = await room({ mode: 'conference' });
    await host.client.ok({
      type: 'set_role',
      participant_id: other.participantId,
      role: 'co-host',
      granted: true,
    });
    const before = (await list(owner)).length;
    await record(other);
    await other.client.ok({ type: 'recording_stop' });
    const entries = await list(owner);
    expect(entries).toHaveLength(before + 1);
    expect(await list(member)).toEqual([]);
  });

  it('records theater rooms at 1080p and refuses end-to-end rooms clearly', async () => {
    const theater = await room({ mode: 'theater' });
    await record(theater.host);
    expect(egress.opened.at(-1)).toMatchObject({ resolution: '1080p' });
    await theater.host.client.ok({ type: 'recording_stop' });

    const e2ee = await room({ mode: 'endtoend' });
    expect(await e2ee.host.client.request({ type: 'recording_start' })).toMatchObject({
      type: 'error',
      code: 'not_allowed',
      key: 'recording.endtoend',
      message: 'End-to-end encrypted events cannot be recorded',
    });
  });

  it('refuses clearly when the server has no egress', async () => {
    const { host } = await room();
    egress.available = false;
    try {
      expect(await host.client.request({ type: 'recording_start' })).toMatchObject({
        type: 'error',
        key: 'recording.unavailable',
        message: 'Recording is not available on this server',
      });
    } finally {
      egress.available = true;
    }
  });

  it('an egress crash keeps the part so far (partial), tells the moderators, and the room goes on', async () => {
    const { host, other } = await room();
    const id = await record(host);
    await egress.only().tick();
    egress.only().crash();
    const failed = await host.client.nextOf('recording_failed');
    expect(failed).toEqual({
      type: 'recording_failed',
      recording_id: id,
      reason: 'egress_crashed',
      partial: true,
    });
    await other.client.nextOf('recording_state', (m) => m.recording.state === 'idle');
    expect(other.client.received.some((m) => m.type === 'recording_failed')).toBe(false);
    const entry = (await list(owner)).find((e) => e.id === id);
    expect(entry).toMatchObject({
      state: 'partial',
      failure: 'egress_crashed',
      downloadable: true,
      size_bytes: 2 * BYTES_PER_WRITE,
    });
    // The room keeps running: a new recording starts.
    await record(host);
    await host.client.ok({ type: 'recording_stop' });
  });

  it('an egress that cannot start tells the moderators, lists nothing as complete, and goes back to idle', async () => {
    const { host, other } = await room();
    egress.failNextOpen = true;
    expect(await host.client.request({ type: 'recording_start' })).toMatchObject({
      type: 'reply',
      data: { recording: { state: 'starting' } },
    });
    const failed = await host.client.nextOf('recording_failed');
    expect(failed).toMatchObject({ reason: 'start_failed', partial: false });
    await other.client.nextOf('recording_state', (m) => m.recording.state === 'idle');
    const entry = (await list(owner)).find((e) => e.id === failed.recording_id);
    expect(entry).toMatchObject({ state: 'failed', downloadable: false });
    // The next try works.
    await record(host);
    await host.client.ok({ type: 'recording_stop' });
  });

  it('a full disk stops the recording with a clear reason', async () => {
    const { host } = await room();
    const id = await record(host);
    const session = egress.only();
    session.fail(session.outputIds()[0]!, 'disk_full');
    expect(await host.client.nextOf('recording_failed')).toMatchObject({
      recording_id: id,
      reason: 'disk_full',
    });
    const entry = (await list(owner)).find((e) => e.id === id);
    expect(entry).toMatchObject({ failure: 'disk_full' });
    expect(entry?.state).not.toBe('complete');
  });

  it('ending the event for everyone stops and finalises the recording', async () => {
    const { host } = await room();
    const id = await record(host);
    await host.client.ok({ type: 'end_for_all' });
    await expect
      .poll(async () => (await list(owner)).find((e) => e.id === id)?.state, { timeout: 5000 })
      .toBe('complete');
  });

  it('everyone leaving stops and finalises the recording', async () => {
    const { host, other } = await room();
    const id = await record(host);
    await other.client.ok({ type: 'leave' });
    expect((await list(owner)).find((e) => e.id === id)?.state).toBe('recording');
    await host.client.ok({ type: 'leave' });
    await expect
      .poll(async () => (await list(owner)).find((e) => e.id === id)?.state, { timeout: 5000 })
      .toBe('complete');
  });

  describe('the library', () => {
    let id: string;
    const size = 2 * BYTES_PER_WRITE;

    beforeAll(async () => {
      const { host } = await room();
      id = await record(host);
      await egress.only().tick();
      await host.client.ok({ type: 'recording_stop' });
    });

    it('downloads the whole file for the owner, as video/mp4 with a file name', async () => {
      const res = await fetch(fileUrl(id), { headers: { authorization: `Bearer ${owner.token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-length')).toBe(String(size));
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="Live room \d+ .+\.mp4"/,
      );
      expect(Buffer.from(await res.arrayBuffer())).toEqual(expected(0, size - 1));
    });

    it('answers byte ranges with 206 and Content-Range', async () => {
      const get = (range: string) =>
        fetch(fileUrl(id), { headers: { authorization: `Bearer ${owner.token}`, range } });
      let res = await get('bytes=100-199');
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
      expect(res.headers.get('content-length')).toBe('100');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(expected(100, 199));
      res = await get('bytes=1990-');
      expect(res.headers.get('content-range')).toBe(`bytes 1990-1999/${size}`);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(expected(1990, 1999));
      res = await get('bytes=-5');
      expect(res.status).toBe(206);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(expected(size - 5, size - 1));
    });

    it('answers 416 for a range outside the file', async () => {
      const res = await fetch(fileUrl(id), {
        headers: { authorization: `Bearer ${owner.token}`, range: `bytes=${size}-` },
      });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(((await res.json()) as ErrorBody).error.key).toBe('errors.range_not_satisfiable');
    });

    it('refuses others (403), strangers without a token (401) and unknown ids (404)', async () => {
      const other = await fetch(fileUrl(id), {
        headers: { authorization: `Bearer ${outsider.token}` },
      });
      expect(other.status).toBe(403);
      expect(((await other.json()) as ErrorBody).error.message).toBe(
        'You do not have permission to perform this function',
      );
      expect((await fetch(fileUrl(id))).status).toBe(401);
      const unknown = await fetch(fileUrl('AAAAAAAAAAAAAAAAAAAAAAAA'), {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(unknown.status).toBe(404);
      const link = await server.api(pathTo(apiPaths.recordings.link, { id }), {
        method: 'POST',
        body: {},
        token: outsider.token,
      });
      expect(link.status).toBe(403);
    });

    it('hands the owner a signed link that downloads without a token, with ranges', async () => {
      const link = await server.api(pathTo(apiPaths.recordings.link, { id }), {
        method: 'POST',
        body: {},
        token: owner.token,
      });
      expect(link.status).toBe(200);
      const url = link.body.url as string;
      const res = await fetch(server.url + url, { headers: { range: 'bytes=0-9' } });
      expect(res.status).toBe(206);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(expected(0, 9));
      // A tampered signature opens nothing.
      const forged = url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
      expect((await fetch(server.url + forged)).status).toBe(401);
    });

    it('deletes the file and the entry for the owner only', async () => {
      const remove = (who: SignedIn, target = id) =>
        server.api(pathTo(apiPaths.recordings.item, { id: target }), {
          method: 'DELETE',
          token: who.token,
        });
      expect((await remove(outsider)).status).toBe(403);
      const entry = (await list(owner)).find((e) => e.id === id);
      expect(entry).toBeDefined();
      const files = await fs.readdir(dir);
      expect(files).toContain(`${id}.mp4`);
      expect((await remove(owner)).status).toBe(200);
      expect((await list(owner)).some((e) => e.id === id)).toBe(false);
      expect(await fs.readdir(dir)).not.toContain(`${id}.mp4`);
      expect((await remove(owner)).status).toBe(404);
    });
  });
});
