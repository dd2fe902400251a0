import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import type { SignalClient } from './signal-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  type Joined,
} from './signal-support.ts';

/**
 * Playing a video link (issue 14 item 2): the server keeps the shared link and its
 * {playing, position, at} on its clock, tells everyone on every change and a late joiner after
 * its welcome; only the stage (hosts, co-hosts, presenters) shares and controls; a link it does
 * not understand is 'Invalid link'.
 */
describe.each(STORE_KINDS)('shared video on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  const clients: SignalClient[] = [];

  async function join(alias: string, name: string | null): Promise<Joined> {
    const credentials = name
      ? await socketCredentials(server, { ticket: await joinTicket(server, alias, { name }) })
      : await socketCredentials(server, { alias }, owner.token);
    const joined = await joinRoom(server, credentials);
    clients.push(joined.client);
    return joined;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'host', 'Mai Trần');
  });

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  it('shares, plays, seeks and stops a link in sync; a late joiner gets the state', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(event.name, null);
    const guest = await join(event.name, 'Lan');

    const invalid = await host.client.request({ type: 'video_share', url: 'https://x.test/a' });
    expect(invalid).toMatchObject({
      type: 'error',
      key: 'video.invalid_link',
      message: 'Invalid link',
    });
    // An attendee of a conference watches; only the stage shares or controls.
    expect(
      await guest.client.request({ type: 'video_share', url: 'https://youtu.be/dQw4w9WgXcQ' }),
    ).toMatchObject({ type: 'error', code: 'permission' });
    expect(
      await host.client.request({ type: 'video_control', playing: true, position: 0 }),
    ).toMatchObject({ type: 'error', key: 'video.not_shared' });

    await host.client.ok({ type: 'video_share', url: 'http://127.0.0.1:9/clip.mp4' });
    const shared = await guest.client.nextOf('video_state', (m) => m.video !== null);
    expect(shared.video).toMatchObject({
      kind: 'file',
      url: 'http://127.0.0.1:9/clip.mp4',
      by: host.participantId,
      playing: false,
      position: 0,
    });

    const before = Date.now();
    await host.client.ok({ type: 'video_control', playing: true, position: 12 });
    const playing = await guest.client.nextOf('video_state', (m) => m.video?.playing === true);
    expect(playing.video?.position).toBe(12);
    expect(playing.video?.at).toBeGreaterThanOrEqual(before);
    expect(playing.now).toBeGreaterThanOrEqual(playing.video?.at ?? 0);
    expect(
      await guest.client.request({ type: 'video_control', playing: false, position: 0 }),
    ).toMatchObject({ type: 'error', code: 'permission' });

    // A late joiner is told right after its welcome.
    const late = await join(event.name, 'Bảo');
    const told = await late.client.nextOf('video_state');
    expect(told.video).toMatchObject({ playing: true, position: 12, id: shared.video?.id });

    await host.client.ok({ type: 'video_stop' });
    expect((await late.client.nextOf('video_state', (m) => m.video === null)).video).toBe(null);
  });
});
