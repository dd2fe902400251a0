import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ServerMessageOf } from '@podium/protocol';
import { EgressSupervisor } from '../src/media/egress/supervisor.ts';
import { startRtmpServer, type RtmpServer } from '../src/test-support/rtmp-server.ts';
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
import { feedSyntheticPage } from './support/synthetic-page.ts';

const run = promisify(execFile);
const GOOD_KEY = 'podium-good-key-7f3a';
const WRONG_KEY = 'podium-wrong-key-0000';

type StreamState = ServerMessageOf<'stream_state'>;

/** ffprobe of the stream nginx serves back: what a viewer of the destination would get. */
async function probe(url: string) {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-rw_timeout', '10000000', '-show_streams', '-of', 'json', url],
    { timeout: 20_000 },
  );
  return (
    JSON.parse(stdout) as {
      streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
    }
  ).streams;
}

/**
 * Live streaming (issue 12 item 3) for real: the gateway, the streaming feature, the egress
 * process with its ffmpeg outputs, and Debian nginx with the RTMP module whose `on_publish` hook
 * accepts one key. Only the recorder page's picture is synthetic (ffmpeg's test pattern fed into
 * the egress's ingest socket; the browser e2e renders the real room).
 */
describe.each(STORE_KINDS)('live streaming to RTMP on %s', (kind) => {
  let server: TestServer;
  let rtmp: RtmpServer;
  let egress: EgressSupervisor;
  let owner: SignedIn;
  let member: SignedIn;
  const stops: Array<() => void> = [];
  const sockets: Joined[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    rtmp = await startRtmpServer({ key: GOOD_KEY });
    const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line) });
    egress = await EgressSupervisor.create({
      ffmpegBin: 'ffmpeg',
      chromiumBin: '/usr/bin/chromium',
      ingestHost: '127.0.0.1',
      onIngest: (_roomId, url) => stops.push(feedSyntheticPage(url)),
      log: logger,
    });
    server = await startTestServer(
      kind,
      { STREAM_ALLOW_PRIVATE_HOSTS: '1', STREAM_RETRY_BASE_MS: '300', STREAM_RETRY_MAX: '30' },
      { signaling: { egress }, logger },
    );
    owner = await signUpAndLogin(server, 'live-owner', 'Hà Owner');
    member = await signUpAndLogin(server, 'live-member', 'Minh Member');
  }, 60_000);
  afterAll(async () => {
    for (const j of sockets) j.client.ws.terminate();
    for (const stop of stops) stop();
    await server?.close();
    await egress?.close();
    await rtmp?.close();
  });

  async function room() {
    const event = await createEvent(server, owner.token);
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

  const stateWhere = (j: Joined, match: (s: StreamState) => boolean, waitMs = 30_000) =>
    j.client.nextOf('stream_state', match, waitMs);
  const byName = (s: StreamState, name: string) => s.destinations.find((d) => d.name === name);

  it('streams to two destinations: the right key goes live (H.264 + AAC 1280x720), the wrong one fails with check your stream key, the other keeps streaming', async () => {
    const { event, host, other } = await room();
    const saved = await server.api(apiPaths.streaming.create, {
      token: owner.token,
      body: { name: 'Main', url: rtmp.url, key: GOOD_KEY },
    });
    expect(saved.status).toBe(201);

    // Attendees cannot start a stream.
    const refused = await other.client.request({
      type: 'stream_start',
      destinations: [{ name: 'Mine', url: rtmp.url, key: GOOD_KEY }],
    });
    expect(refused).toMatchObject({ type: 'error', code: 'permission', key: 'errors.permission' });

    const started = await host.client.ok({
      type: 'stream_start',
      destinations: [
        { server_id: saved.body.server.id as string },
        { name: 'Wrong', url: rtmp.url, key: WRONG_KEY },
      ],
    });
    expect(started.destination_ids).toHaveLength(2);

    const live = await stateWhere(
      host,
      (s) =>
        byName(s, 'Main')?.state === 'streaming' &&
        byName(s, 'Wrong')?.state === 'failed' &&
        s.live,
    );
    expect(byName(live, 'Wrong')).toMatchObject({ error: 'stream.check_key', url: rtmp.url });
    expect(byName(live, 'Main')).toMatchObject({ url: rtmp.url, server_id: saved.body.server.id });
    expect(rtmp.publishes).toEqual(
      expect.arrayContaining([
        { key: GOOD_KEY, accepted: true },
        { key: WRONG_KEY, accepted: false },
      ]),
    );

    // Everyone sees LIVE; only moderators see where it goes.
    const seen = await stateWhere(other, (s) => s.live);
    expect(seen.destinations.every((d) => d.url === null && d.server_id === null)).toBe(true);

    // Made co-host, they are told where it goes; the key never.
    await host.client.ok({
      type: 'set_role',
      participant_id: other.participantId,
      role: 'co-host',
      granted: true,
    });
    const promoted = await stateWhere(other, (s) => s.destinations.some((d) => d.url !== null));
    expect(byName(promoted, 'Main')?.url).toBe(rtmp.url);

    // What the destination receives: H.264 + AAC at 1280x720.
    const streams = await probe(rtmp.playUrl(GOOD_KEY));
    expect(streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          codec_type: 'video',
          codec_name: 'h264',
          width: 1280,
          height: 720,
        }),
        expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
      ]),
    );

    // Starting the same destination twice is refused.
    const twice = await host.client.request({
      type: 'stream_start',
      destinations: [{ server_id: saved.body.server.id as string }],
    });
    expect(twice).toMatchObject({
      type: 'error',
      code: 'conflict',
      key: 'stream.already_streaming',
    });

    // A late joiner hears the stream state right after welcome.
    const late = await joinRoom(
      server,
      await socketCredentials(server, {
        ticket: await joinTicket(server, event.name, { name: 'Lan Late' }),
      }),
    );
    sockets.push(late);
    expect((await stateWhere(late, () => true, 5_000)).live).toBe(true);

    // A dropped connection is retried with backoff and comes back.
    await rtmp.stop();
    await stateWhere(host, (s) => byName(s, 'Main')?.state === 'retrying', 30_000);
    await rtmp.start();
    const back = await stateWhere(
      host,
      (s) => byName(s, 'Main')?.state === 'streaming' && (byName(s, 'Main')?.attempt ?? 0) > 0,
      60_000,
    );
    expect(back.live).toBe(true);

    // Stopping all: stopping, then nothing; off the air for everyone.
    await host.client.ok({ type: 'stream_stop' });
    await stateWhere(host, (s) => !s.live && s.destinations.length === 0, 20_000);
    await stateWhere(other, (s) => !s.live && s.destinations.length === 0, 20_000);

    // SECURITY: no key in anything sent to the room or written to the log.
    const sent = JSON.stringify([
      host.client.received,
      other.client.received,
      late.client.received,
    ]);
    expect(sent).not.toContain(GOOD_KEY);
    expect(sent).not.toContain(WRONG_KEY);
    const logged = logLines.join('\n');
    expect(logged).not.toContain(GOOD_KEY);
    expect(logged).not.toContain(WRONG_KEY);
  }, 180_000);

  it('refuses streaming in end-to-end rooms and to private hosts the operator did not allow', async () => {
    const e2e = await createEvent(server, owner.token, { mode: 'endtoend' });
    const host = await joinRoom(
      server,
      await socketCredentials(server, { alias: e2e.name }, owner.token),
    );
    sockets.push(host);
    const answer = await host.client.request({
      type: 'stream_start',
      destinations: [{ name: 'Main', url: rtmp.url, key: GOOD_KEY }],
    });
    expect(answer).toMatchObject({
      type: 'error',
      code: 'not_allowed',
      key: 'stream.endtoend',
      message: 'End-to-end encrypted rooms cannot be streamed',
    });
    const http = await host.client.request({
      type: 'stream_start',
      destinations: [{ name: 'Web', url: 'https://example.com/live', key: GOOD_KEY }],
    });
    expect(http).toMatchObject({ type: 'error', code: 'bad_message' });
  });

  it('stops every destination when the room ends', async () => {
    const { host, other } = await room();
    await host.client.ok({
      type: 'stream_start',
      destinations: [{ name: 'Main', url: rtmp.url, key: GOOD_KEY }],
    });
    await stateWhere(other, (s) => s.live);
    await host.client.ok({ type: 'end_for_all' });
    // nginx no longer has the stream: pulling it back fails.
    await expect
      .poll(
        async () => {
          try {
            await probe(rtmp.playUrl(GOOD_KEY));
            return 'playing';
          } catch {
            return 'gone';
          }
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('gone');
  }, 90_000);
});
