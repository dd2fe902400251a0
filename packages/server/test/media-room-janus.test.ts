// JanusRoomMedia against a real Janus in a test namespace, without browsers: offers are written
// by hand (Janus answers them; ICE never completes, so no feed goes live) and the sink records
// what the room would send to sockets. The browser side is in media-room.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { PeerTarget } from '@podium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JanusRoomMedia,
  MediaError,
  MediaServer,
  type ResolvedNetnsSpec,
  netnsDown,
} from '../src/media/index.ts';
import {
  MediaUnavailableError,
  type MediaRoom,
  type MediaSink,
} from '../src/realtime/room-media.ts';
import type { PublishRights } from '../src/rooms/index.ts';
import { createTestNamespace } from './support/media-netns.ts';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const ALL: PublishRights = { audio: true, video: true, screen: true };

/** A browser-like offer for audio + video with its own DTLS fingerprint. */
function offer(): string {
  const fingerprint = [...crypto.randomBytes(32)]
    .map((b) => b.toString(16).padStart(2, '0').toUpperCase())
    .join(':');
  const ice = crypto.randomBytes(12).toString('hex');
  const section = (kind: string, mid: string, payload: string, rtpmap: string, ssrc: number) => [
    `m=${kind} 9 UDP/TLS/RTP/SAVPF ${payload}`,
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    `a=ice-ufrag:${ice.slice(0, 8)}`,
    `a=ice-pwd:${ice}`,
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    `a=mid:${mid}`,
    'a=sendonly',
    'a=rtcp-mux',
    `a=rtpmap:${payload} ${rtpmap}`,
    `a=ssrc:${ssrc} cname:podium-test`,
  ];
  return [
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1',
    'a=msid-semantic: WMS',
    ...section('audio', '0', '111', 'opus/48000/2', 1111),
    ...section('video', '1', '96', 'VP8/90000', 2222),
    '',
  ].join('\r\n');
}

type SinkEvent =
  | { kind: 'feeds'; added: string[]; removed: string[] }
  | { kind: 'offer'; participantId: string; target: PeerTarget }
  | { kind: 'candidate'; participantId: string; target: PeerTarget }
  | { kind: 'renegotiate'; participantId: string; targets: PeerTarget[] };

function recordingSink(): { sink: MediaSink; events: SinkEvent[] } {
  const events: SinkEvent[] = [];
  return {
    events,
    sink: {
      feedsChanged: ({ added, removed }) =>
        events.push({ kind: 'feeds', added: added.map((f) => f.feed_id), removed: [...removed] }),
      offer: (participantId, target) => events.push({ kind: 'offer', participantId, target }),
      candidate: (participantId, target) =>
        events.push({ kind: 'candidate', participantId, target }),
      renegotiate: (participantId, targets) =>
        events.push({ kind: 'renegotiate', participantId, targets: [...targets] }),
    },
  };
}

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected a rejection, the call succeeded');
}

describe('JanusRoomMedia with a real Janus', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let server: MediaServer;
  let media: JanusRoomMedia;
  const rooms: MediaRoom[] = [];

  async function openRoom(roomId: string, sink: MediaSink): Promise<MediaRoom> {
    const room = await media.createRoom(
      { roomId, mode: 'meeting', maxPublishers: 8, log: logger },
      sink,
    );
    rooms.push(room);
    return room;
  }

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-room-media-test-'));
    server = await MediaServer.create({
      logger,
      network: { mode: 'netns', netns: spec },
      workDir,
      rtpPortRange: { min: 31200, max: 31299 },
      restartDelayMs: { initial: 50, max: 500 },
    });
    media = new JanusRoomMedia({ server, log: logger, readyTimeoutMs: 5_000 });
  });

  afterAll(async () => {
    for (const room of rooms) await room.destroy();
    await server?.close();
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it('publishes only what the rights allow and renegotiates or replaces connections', async () => {
    const { sink, events } = recordingSink();
    const room = await openRoom('rights', sink);
    expect(room.available).toBe(true);
    expect(media.openRooms).toBe(1);

    const request = { participantId: 'p1', display: 'Lan', source: 'camera' as const };
    const answer = await room.publish({ ...request, sdp: offer(), rights: ALL });
    expect(answer).toMatch(/^m=audio /m);
    expect(answer).toMatch(/VP8\/90000/);
    expect(answer).toMatch(/opus\/48000/);

    // SECURITY: the room's own check, whatever the caller passed through.
    const none = { audio: false, video: false, screen: false };
    const refused = await errorOf(room.publish({ ...request, sdp: offer(), rights: none }));
    expect(refused).toBeInstanceOf(MediaError);
    expect((refused as MediaError).kind).toBe('unauthorized');
    const screen = await errorOf(
      room.publish({
        ...request,
        source: 'screen',
        sdp: offer(),
        rights: { ...ALL, screen: false },
      }),
    );
    expect((screen as MediaError).kind).toBe('unauthorized');

    // A broken offer is the client's mistake, reported as such (never a crash of the room).
    const broken = await errorOf(
      room.publish({ ...request, participantId: 'p9', sdp: 'v=0\r\n', rights: ALL }),
    );
    expect((broken as MediaError).kind).toBe('invalid-sdp');

    // Moderation in Janus: it accepts our secret and the offer's mids (or these would reject).
    await room.setPermissions('p1', { audio: false, video: true, screen: false });
    await room.stop('p1', ['video']);
    await room.setPermissions('p1', ALL);

    // The same connection again (same fingerprint) is a renegotiation; a new one replaces it.
    const first = offer();
    await room.publish({ ...request, sdp: first, rights: ALL });
    const renegotiated = await room.publish({ ...request, sdp: first, rights: ALL });
    expect(renegotiated).toMatch(/VP8/);
    const replaced = await room.publish({ ...request, sdp: offer(), rights: ALL });
    expect(replaced).toMatch(/VP8/);

    // Nothing went live (no ICE), so there is nothing to see or subscribe to.
    expect(room.feeds()).toEqual([]);
    const subscribe = await errorOf(room.subscribe('p2', ['f-none']));
    expect((subscribe as MediaError).kind).toBe('no-such-feed');
    expect(((await errorOf(room.answer('p2', 'v=0'))) as MediaError).kind).toBe('wrong-state');
    expect(await room.restartIce('p1', 'camera')).toBeNull();
    await room.trickle('p1', 'camera', {
      candidate: 'candidate:1 1 udp 2122260223 198.19.0.9 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
    await room.trickle('p1', 'camera', null);
    await room.trickle('nobody', 'subscriber', null);

    await room.leave('p1');
    await room.leave('p1');
    expect(events.filter((e) => e.kind === 'renegotiate')).toEqual([]);
    await room.destroy();
    await room.destroy();
    expect(media.openRooms).toBe(0);
  });

  it('rebuilds the room after Janus dies and asks publishers to renegotiate', async () => {
    const { sink, events } = recordingSink();
    const room = await openRoom('restart', sink);
    await room.publish({
      participantId: 'p1',
      display: 'Mai',
      source: 'camera',
      sdp: offer(),
      rights: ALL,
    });
    const generation = server.generation;
    process.kill(server.pid!, 'SIGKILL');

    // A request made while Janus is down waits for it (bounded) instead of failing.
    const during = room.publish({
      participantId: 'p2',
      display: 'Khoa',
      source: 'camera',
      sdp: offer(),
      rights: ALL,
    });
    await expect(during).resolves.toMatch(/VP8/);
    expect(server.generation).toBe(generation + 1);
    await expect
      .poll(() => events.filter((e) => e.kind === 'renegotiate'), { timeout: 10_000 })
      .toEqual([{ kind: 'renegotiate', participantId: 'p1', targets: ['camera'] }]);

    // The participant publishes again on a new connection, on the new Janus.
    await expect(
      room.publish({
        participantId: 'p1',
        display: 'Mai',
        source: 'camera',
        sdp: offer(),
        rights: ALL,
      }),
    ).resolves.toMatch(/VP8/);
  });

  it('answers "unavailable" once Janus is gone for good', async () => {
    const { sink } = recordingSink();
    const room = await openRoom('gone', sink);
    await server.close();
    const error = await errorOf(
      room.publish({
        participantId: 'p1',
        display: 'Lan',
        source: 'camera',
        sdp: offer(),
        rights: ALL,
      }),
    );
    expect(error).toBeInstanceOf(MediaUnavailableError);
  });
});
