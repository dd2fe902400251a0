import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomEgress, EgressSession } from '../src/realtime/room-egress.ts';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  type Joined,
  type SignalClient,
} from './signal-support.ts';

/**
 * An egress whose HLS outputs are real live HLS from ffmpeg (lavfi test picture in real time,
 * 1 s segments, `index.m3u8` + `segment-%06d.ts` as the egress writes them); the composition of
 * the room itself is the egress's own test. `failNext` makes the next output fail once running.
 */
class FfmpegHlsEgress implements RoomEgress {
  readonly available = true;
  readonly processes = new Set<ChildProcess>();
  failNext = false;

  open(roomId: string): Promise<EgressSession> {
    return Promise.resolve(hlsSession(this, roomId));
  }

  stopAll(): void {
    for (const p of this.processes) p.kill('SIGKILL');
  }
}

function hlsSession(egress: FfmpegHlsEgress, roomId: string): EgressSession {
  const listeners = {
    output: new Set<(s: never) => void>(),
    ended: new Set<(r: never) => void>(),
  };
  const outputs = new Map<string, ChildProcess>();
  const session: EgressSession = {
    roomId,
    async addOutput(output) {
      if (output.kind !== 'hls') throw new Error('hls only');
      const ffmpeg = spawn('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-an'],
        ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '6'],
        ...['-hls_flags', 'delete_segments+temp_file'],
        ...['-hls_segment_filename', path.join(output.dir, 'segment-%06d.ts')],
        path.join(output.dir, 'index.m3u8'),
      ]);
      egress.processes.add(ffmpeg);
      outputs.set(output.id, ffmpeg);
      const playlist = path.join(output.dir, 'index.m3u8');
      for (let i = 0; i < 100 && !fs.existsSync(playlist); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      if (!fs.existsSync(playlist)) throw new Error('no playlist');
      if (egress.failNext) {
        egress.failNext = false;
        setTimeout(() => {
          ffmpeg.kill('SIGKILL');
          for (const l of listeners.output) {
            (l as (s: unknown) => void)({
              outputId: output.id,
              state: 'failed',
              failure: 'encoder_failed',
            });
          }
        }, 300);
      }
    },
    async removeOutput(outputId) {
      outputs.get(outputId)?.kill('SIGKILL');
      outputs.delete(outputId);
      return { outputId, state: 'stopped' };
    },
    pause: () => Promise.resolve(),
    resume: () => Promise.resolve(),
    status: () => [],
    on(event, listener) {
      const set = listeners[event] as Set<unknown>;
      set.add(listener);
      return () => set.delete(listener);
    },
    async close() {
      for (const p of outputs.values()) p.kill('SIGKILL');
      outputs.clear();
    },
  };
  return session;
}

describe.each(STORE_KINDS)('the audience stream on %s', (kind) => {
  let server: TestServer;
  let noEgress: TestServer;
  let owner: SignedIn;
  let hlsDir: string;
  const egress = new FfmpegHlsEgress();
  const clients: SignalClient[] = [];

  async function join(
    on: TestServer,
    alias: string,
    who: { name: string } | { owner: SignedIn } | { member: SignedIn },
  ): Promise<Joined> {
    const credentials =
      'owner' in who
        ? await socketCredentials(on, { alias }, who.owner.token)
        : 'member' in who
          ? await socketCredentials(on, {
              ticket: await joinTicket(on, alias, { token: who.member.token }),
            })
          : await socketCredentials(on, {
              ticket: await joinTicket(on, alias, { name: who.name }),
            });
    const joined = await joinRoom(on, credentials);
    clients.push(joined.client);
    return joined;
  }

  const stateOf = (client: SignalClient, state: string) =>
    client.nextOf('audience_state', (m) => m.audience.state === state, 15_000);

  beforeAll(async () => {
    hlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-audience-test-'));
    server = await startTestServer(kind, { HLS_DIR: hlsDir }, { signaling: { egress } });
    noEgress = await startTestServer(kind, { HLS_DIR: hlsDir });
    owner = await signUpAndLogin(server, 'host', 'Mai Trần');
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    egress.stopAll();
    await server.close();
    await noEgress.close();
    fs.rmSync(hlsDir, { recursive: true, force: true });
  });

  it('the host puts the room on air; everyone sees it, viewers are counted and announced', async () => {
    const event = await createEvent(server, owner.token, { mode: 'livestream' });
    const host = await join(server, event.name, { owner });
    const guest = await join(server, event.name, { name: 'Lan' });
    // Off air is what the call shows after a welcome: a joiner is told only when it is not.
    await guest.client.ok({ type: 'heartbeat' });
    expect(guest.client.all('audience_state')).toEqual([]);

    const started = await host.client.ok({ type: 'audience_start' });
    expect(started).toMatchObject({ audience: { state: 'starting' } });
    await stateOf(guest.client, 'starting');
    const live = await stateOf(guest.client, 'live');
    expect(live.audience.started_at).toBeGreaterThan(0);

    // A viewer of the watch page: a token (no passcode here), then the playlist.
    const ticket = await joinTicket(server, event.name);
    const playback = await server.api('/api/live/playback', { body: { ticket } });
    expect(playback.status).toBe(200);
    const playlist = await fetch(
      `${server.url}${playback.body.playlist}?token=${encodeURIComponent(playback.body.token)}`,
    );
    expect(playlist.status).toBe(200);
    const counted = await guest.client.nextOf(
      'audience_state',
      (m) => m.audience.viewers === 1,
      10_000,
    );
    expect(counted.audience.state).toBe('live');

    // A late joiner is told it is live, with the count.
    const late = await join(server, event.name, { name: 'Bảo' });
    expect((await late.client.nextOf('audience_state')).audience).toMatchObject({
      state: 'live',
      viewers: 1,
    });

    const again = await host.client.request({ type: 'audience_start' });
    expect(again).toMatchObject({ type: 'error', code: 'conflict', key: 'audience.already_on' });

    await host.client.ok({ type: 'audience_stop' });
    await stateOf(guest.client, 'off');
    const gone = await fetch(
      `${server.url}${playback.body.playlist}?token=${encodeURIComponent(playback.body.token)}`,
    );
    expect(gone.status).toBe(404);
    const stopAgain = await host.client.request({ type: 'audience_stop' });
    expect(stopAgain).toMatchObject({ type: 'error', code: 'conflict', key: 'audience.not_on' });
  }, 60_000);

  it('only hosts and co-hosts control it: presenters and guests are refused', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(server, event.name, { owner });
    const guest = await join(server, event.name, { name: 'Khoa' });
    const member = await join(server, event.name, {
      member: await signUpAndLogin(server, 'member', 'Khoa Lê'),
    });
    for (const type of ['audience_start', 'audience_stop'] as const) {
      expect(await guest.client.request({ type })).toMatchObject({
        type: 'error',
        code: 'permission',
        key: 'errors.permission',
        message: 'You do not have permission to perform this function',
      });
    }
    await host.client.ok({
      type: 'set_role',
      participant_id: member.participantId,
      role: 'presenter',
      granted: true,
    });
    expect(await member.client.request({ type: 'audience_start' })).toMatchObject({
      code: 'permission',
    });
    await host.client.ok({
      type: 'set_role',
      participant_id: member.participantId,
      role: 'co-host',
      granted: true,
    });
    await member.client.ok({ type: 'audience_start' });
    await stateOf(host.client, 'live');
    await member.client.ok({ type: 'audience_stop' });
    await stateOf(host.client, 'off');
  }, 60_000);

  it('end-to-end encrypted rooms refuse it with their own message', async () => {
    const event = await createEvent(server, owner.token, { mode: 'endtoend' });
    const host = await join(server, event.name, { owner });
    expect(await host.client.request({ type: 'audience_start' })).toMatchObject({
      type: 'error',
      code: 'not_allowed',
      key: 'audience.encrypted',
    });
  });

  it('a server without an egress says so', async () => {
    const host2 = await signUpAndLogin(noEgress, 'host', 'Mai');
    const event = await createEvent(noEgress, host2.token, { mode: 'livestream' });
    const host = await join(noEgress, event.name, { owner: host2 });
    expect(await host.client.request({ type: 'audience_start' })).toMatchObject({
      type: 'error',
      code: 'media_unavailable',
      key: 'audience.unavailable',
    });
  });

  it('an output the egress loses turns the stream off, and the room is told why', async () => {
    const event = await createEvent(server, owner.token, { mode: 'theater' });
    const host = await join(server, event.name, { owner });
    // Off air: nothing follows the welcome for it, so the 'off' below is the failure's.
    await host.client.ok({ type: 'heartbeat' });
    expect(host.client.all('audience_state')).toEqual([]);
    egress.failNext = true;
    await host.client.ok({ type: 'audience_start' });
    await stateOf(host.client, 'live');
    const off = await stateOf(host.client, 'off');
    expect(off.audience.failure).toBe('encoder_failed');
    // It can be started again.
    await host.client.ok({ type: 'audience_start' });
    const back = await stateOf(host.client, 'live');
    expect(back.audience.failure).toBeNull();
    await host.client.ok({ type: 'audience_stop' });
  }, 60_000);
});
