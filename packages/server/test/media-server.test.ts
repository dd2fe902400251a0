// The media layer against a real Janus, run inside a network namespace this file creates:
// every packet stays on the veth link into that namespace (or on loopback for the host-mode
// check). Without root the file fails with an explanation; it never skips.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JanusClient,
  type JanusSessionEvents,
  MediaError,
  type MediaServerEvents,
  MediaServer,
  type ResolvedNetnsSpec,
  type VideoRoomEvents,
  type VideoRoomHandle,
  netnsDown,
  netnsExists,
  netnsPids,
} from '../src/media/index.ts';
import { defaultRouteInterface } from '../src/media/host-network.ts';
import { createTestNamespace, isAlive, processesMentioning } from './support/media-netns.ts';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** Resolves with the next event of that name, or fails after `ms`. */
function next<E extends object, K extends keyof E>(
  source: { once(event: K, listener: (payload: E[K]) => void): () => void },
  event: K,
  ms = 5_000,
): Promise<E[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no ${String(event)} event within ${ms} ms`));
    }, ms);
    const off = source.once(event, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

function nextRoomEvent<K extends keyof VideoRoomEvents>(
  handle: VideoRoomHandle,
  event: K,
): Promise<VideoRoomEvents[K]> {
  return next<VideoRoomEvents, K>(handle, event);
}

/** Waits until the kernel reports the process stopped (state T in /proc/<pid>/stat). */
async function stoppedState(pid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // The state follows the parenthesised command name, which may itself hold spaces.
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('T')) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`process ${pid} did not stop`);
}

async function mediaErrorOf(promise: Promise<unknown>): Promise<MediaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaError) return error;
    throw error;
  }
  throw new Error('expected a MediaError, the call succeeded');
}

function setting(file: string, key: string): string {
  const match = new RegExp(`^\\s*${key} = "?([^"\\n]*)"?$`, 'm').exec(readFileSync(file, 'utf8'));
  if (!match?.[1]) throw new Error(`${key} not found in ${file}`);
  return match[1];
}

function listeningSockets(netns: string | undefined, pid: number): string[] {
  const cmd = ['ss', '-Hlntup'];
  const out = netns
    ? execFileSync('ip', ['netns', 'exec', netns, ...cmd], { encoding: 'utf8' })
    : execFileSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      return `${cols[0]} ${cols[4]}`;
    });
}

async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('MediaServer with Janus in a network namespace', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string;
  let media: MediaServer | undefined;
  const seen: { [K in keyof MediaServerEvents]: MediaServerEvents[K][] } = {
    ready: [],
    restarted: [],
    exited: [],
  };
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-media-test-'));
    media = await MediaServer.create({
      logger,
      network: { mode: 'netns', netns: spec },
      workDir,
      // Short enough for the keepalive test to watch a silent session expire.
      sessionTimeoutSeconds: 3,
      restartDelayMs: { initial: 100, max: 1_000 },
    });
    for (const event of ['ready', 'restarted', 'exited'] as const) {
      media.on(event, (payload) => (seen[event] as unknown[]).push(payload));
    }
  }, 60_000);

  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    await media?.close();
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  /** A client of our own with short keepalives (the namespace's sessions expire after 3 s). */
  async function connect(options: { requestTimeoutMs?: number } = {}): Promise<JanusClient> {
    const client = await media!.connect({ keepaliveIntervalMs: 1_000, ...options });
    closers.push(() => client.close());
    return client;
  }

  it('runs Janus inside the namespace on the generated config only', async () => {
    const pid = media!.pid!;
    expect(pid).toBeGreaterThan(0);
    expect(media!.generation).toBe(1);
    expect(
      execFileSync('ip', ['netns', 'identify', String(pid)], { encoding: 'utf8' }).trim(),
    ).toBe(spec!.name);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain(path.join(media!.configDir, 'janus.jcfg'));
    expect(cmdline.join(' ')).not.toContain('/etc/janus');
    // Its one listening socket: the API on the namespace's address. No HTTP, no admin, no demos.
    expect(listeningSockets(spec!.name, pid)).toEqual([`tcp ${spec!.nsIp}:8288`]);
    for (const file of ['janus.jcfg', 'janus.transport.websockets.jcfg']) {
      expect(statSync(path.join(media!.configDir, file)).mode & 0o777).toBe(0o600);
    }
    expect(setting(path.join(media!.configDir, 'janus.jcfg'), 'ice_enforce_list')).toBe(
      spec!.nsVeth,
    );
    const info = await media!.client!.info();
    expect(info.version).toBe('1.1.2');
    expect(info.plugins).toEqual(['janus.plugin.videoroom']);
    expect(info.transports).toEqual(['janus.transport.websockets']);
    expect(media!.iceAddress).toBe(spec!.nsIp);
  });

  it('refuses API clients without the generated secret', async () => {
    const client = await JanusClient.connect({
      url: `ws://${spec!.nsIp}:8288`,
      apiSecret: 'not-the-secret-0123456789abcdef',
      logger,
    });
    closers.push(() => client.close());
    // Janus answers `info` to anyone who may connect; everything else needs the secret.
    expect((await client.info()).plugins).toEqual(['janus.plugin.videoroom']);
    expect((await mediaErrorOf(client.createSession())).kind).toBe('unauthorized');
  });

  it('creates, checks and destroys rooms with their secret', async () => {
    const client = await connect();
    const session = await client.createSession();
    const admin = await session.attachVideoRoom();
    await admin.createRoom({
      roomId: 'meeting-1',
      secret: 'room-secret-1',
      maxPublishers: 8,
      requireE2ee: true,
      description: 'Weekly sync',
    });
    expect(await admin.roomExists('meeting-1')).toBe(true);
    expect(await admin.roomExists('meeting-2')).toBe(false);
    expect(
      (await mediaErrorOf(admin.createRoom({ roomId: 'meeting-1', secret: 's', maxPublishers: 2 })))
        .kind,
    ).toBe('room-exists');
    await admin.editRoom('meeting-1', 'room-secret-1', { maxPublishers: 100 });
    expect((await mediaErrorOf(admin.destroyRoom('meeting-1', 'wrong'))).kind).toBe('unauthorized');
    expect(await admin.roomExists('meeting-1')).toBe(true);
    await admin.destroyRoom('meeting-1', 'room-secret-1');
    expect(await admin.roomExists('meeting-1')).toBe(false);
    expect((await mediaErrorOf(admin.destroyRoom('meeting-1', 'room-secret-1'))).kind).toBe(
      'no-such-room',
    );
    await session.close();
    await session.close();
    expect(admin.isGone).toBe(true);
  });

  it('requires the VideoRoom admin key to create rooms', async () => {
    // A client with the right API secret but no admin key, as a compromised caller would be.
    const apiSecret = setting(path.join(media!.configDir, 'janus.jcfg'), 'api_secret');
    const client = await JanusClient.connect({
      url: `ws://${spec!.nsIp}:8288`,
      apiSecret,
      logger,
    });
    closers.push(() => client.close());
    const session = await client.createSession();
    const handle = await session.attachVideoRoom();
    const error = await mediaErrorOf(
      handle.createRoom({ roomId: 'sneaky', secret: 's', maxPublishers: 1 }),
    );
    expect(error.kind).toBe('invalid-request');
    expect(error.message).toMatch(/admin_key/);
    await client.close();
  });

  it('joins publishers and routes room events to the right handles', async () => {
    const client = await connect();
    const session = await client.createSession();
    const admin = await session.attachVideoRoom();
    await admin.createRoom({ roomId: 'room-events', secret: 'sec', maxPublishers: 3 });

    const alice = await session.attachVideoRoom();
    const bob = await session.attachVideoRoom();
    const carol = await session.attachVideoRoom();
    const aliceJoined = await alice.joinAsPublisher({
      roomId: 'room-events',
      feedId: 'alice',
      display: 'Alice',
    });
    expect(aliceJoined).toMatchObject({ roomId: 'room-events', feedId: 'alice', publishers: [] });
    expect(aliceJoined.privateId).toBeGreaterThan(0);
    expect(alice.role).toBe('publisher');
    expect(alice.feedId).toBe('alice');
    const bobJoined = await bob.joinAsPublisher({ roomId: 'room-events' });
    expect(bobJoined.feedId).toMatch(/.+/);
    expect((await admin.listParticipants('room-events')).map((p) => p.feedId).sort()).toEqual(
      ['alice', bobJoined.feedId].sort(),
    );
    expect(await admin.listParticipants('room-events')).toContainEqual({
      feedId: 'alice',
      display: 'Alice',
      publishing: false,
    });

    // Client-side state checks and Janus's own refusals, as domain errors.
    expect((await mediaErrorOf(alice.joinAsPublisher({ roomId: 'room-events' }))).kind).toBe(
      'wrong-state',
    );
    expect((await mediaErrorOf(admin.start({ type: 'answer', sdp: 'v=0' }))).kind).toBe(
      'wrong-state',
    );
    expect(
      (await mediaErrorOf(carol.joinAsPublisher({ roomId: 'room-events', feedId: 'ok' }))).kind,
    ).toBe('invalid-request');
    expect(
      (await mediaErrorOf(carol.joinAsPublisher({ roomId: 'room-events', feedId: 'alice' }))).kind,
    ).toBe('feed-exists');
    expect((await mediaErrorOf(carol.joinAsPublisher({ roomId: 'no-room' }))).kind).toBe(
      'no-such-room',
    );
    expect(
      (
        await mediaErrorOf(
          carol.joinAsSubscriber({ roomId: 'room-events', streams: [{ feedId: 'alice' }] }),
        )
      ).kind,
    ).toBe('no-such-feed');
    expect(
      (
        await mediaErrorOf(
          alice.publish({ offer: { type: 'offer', sdp: 'not an sdp' }, display: 'Alice' }),
        )
      ).kind,
    ).toBe('invalid-sdp');

    // Kick: the kicked handle is told it was removed, the others who it was.
    const removed = nextRoomEvent(bob, 'removed');
    const kicked = nextRoomEvent(alice, 'kicked');
    await admin.kick('room-events', 'sec', bobJoined.feedId);
    expect(await removed).toEqual({ roomId: 'room-events', reason: 'kicked' });
    expect(await kicked).toEqual({ roomId: 'room-events', feedId: bobJoined.feedId });
    expect(bob.role).toBe('left');

    // Leave: the others learn who left. Janus allows one join per handle, so a second is
    // refused before it reaches Janus.
    await carol.joinAsPublisher({ roomId: 'room-events', feedId: 'carol' });
    const left = nextRoomEvent(alice, 'left');
    await carol.leave();
    expect(await left).toEqual({ roomId: 'room-events', feedId: 'carol' });
    expect(carol.role).toBe('left');
    expect(
      (await mediaErrorOf(carol.joinAsPublisher({ roomId: 'room-events', feedId: 'carol' }))).kind,
    ).toBe('wrong-state');
    expect((await mediaErrorOf(bob.joinAsPublisher({ roomId: 'room-events' }))).kind).toBe(
      'wrong-state',
    );

    // Destroy: everyone in the room hears about it.
    const destroyed = nextRoomEvent(alice, 'roomDestroyed');
    await admin.destroyRoom('room-events', 'sec');
    expect(await destroyed).toEqual({ roomId: 'room-events' });

    const gone = nextRoomEvent(carol, 'gone');
    await carol.close();
    await carol.close();
    expect(await gone).toEqual({ reason: 'detached' });
    expect((await mediaErrorOf(carol.roomExists('x'))).kind).toBe('gone');
    await client.close();
    await client.close();
    expect(client.isClosed).toBe(true);
  });

  it('times out a request Janus does not answer', async () => {
    const client = await connect({ requestTimeoutMs: 300 });
    const pid = media!.pid!;
    process.kill(pid, 'SIGSTOP');
    try {
      // kill() returns before the signal takes effect; a request sent at once can still be served.
      await stoppedState(pid);
      const started = Date.now();
      const error = await mediaErrorOf(client.info());
      expect(error.kind).toBe('timeout');
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect((await client.info()).version).toBe('1.1.2');
    expect(media!.pid).toBe(pid);
  });

  it('keeps sessions alive with keepalives and reports one that timed out', async () => {
    const lively = await connect();
    const quiet = await media!.connect({ keepaliveIntervalMs: 60_000 });
    closers.push(() => quiet.close());
    const kept = await lively.createSession();
    const dropped = await quiet.createSession();
    const handle = await dropped.attachVideoRoom();
    const handleGone: VideoRoomEvents['gone'][] = [];
    handle.on('gone', (event) => handleGone.push(event));
    // Janus allows 3 s of silence here and checks about every 2 s.
    expect(await next<JanusSessionEvents, 'closed'>(dropped, 'closed', 10_000)).toEqual({
      reason: 'timeout',
    });
    // janus.c clears the session's handles (each announces "detached") just before it sends
    // "timeout", so under load the handle may hear either first; it must be gone exactly once.
    expect(handleGone).toHaveLength(1);
    expect(['timeout', 'detached']).toContain(handleGone[0]?.reason);
    expect(handle.isGone).toBe(true);
    expect(dropped.isClosed).toBe(true);
    expect(kept.isClosed).toBe(false);
    const stillThere = await kept.attachVideoRoom();
    expect(await stillThere.roomExists('nothing')).toBe(false);
    await quiet.close();
  }, 20_000);

  it('restarts Janus after kill -9 and fires ready again', async () => {
    const client = await connect();
    const session = await client.createSession();
    const handle = await session.attachVideoRoom();
    await handle.createRoom({ roomId: 'survivor', secret: 'sec', maxPublishers: 2 });
    const oldPid = media!.pid!;
    const oldShared = media!.client!;
    const sessionClosed = next<JanusSessionEvents, 'closed'>(session, 'closed');
    const handleGone = nextRoomEvent(handle, 'gone');
    const ready = next<MediaServerEvents, 'ready'>(media!, 'ready', 15_000);
    const restarted = next<MediaServerEvents, 'restarted'>(media!, 'restarted', 15_000);

    process.kill(oldPid, 'SIGKILL');

    const readyEvent = await ready;
    const restartedEvent = await restarted;
    expect(seen.exited).toContainEqual(
      expect.objectContaining({ generation: 1, pid: oldPid, signal: 'SIGKILL', willRestart: true }),
    );
    expect(readyEvent).toMatchObject({ generation: 2, restarted: true });
    expect(restartedEvent.generation).toBe(2);
    expect(restartedEvent.pid).toBe(readyEvent.pid);
    expect(readyEvent.pid).not.toBe(oldPid);
    expect(isAlive(oldPid)).toBe(false);
    expect(media!.pid).toBe(readyEvent.pid);
    expect(media!.generation).toBe(2);
    expect(seen.ready.map((e) => e.generation)).toEqual([2]);

    // Everything tied to the dead Janus is reported gone; requests on it fail cleanly.
    expect(await sessionClosed).toEqual({ reason: 'disconnected' });
    expect(await handleGone).toEqual({ reason: 'disconnected' });
    expect(client.isClosed).toBe(true);
    expect(oldShared.isClosed).toBe(true);
    expect((await mediaErrorOf(handle.roomExists('survivor'))).kind).toBe('closed');

    // The new Janus answers through the new shared client, and its rooms are empty: restoring
    // rooms and publishers is the room layer's job on `restarted`.
    expect(media!.client).toBe(readyEvent.client);
    expect(await media!.whenReady()).toBe(readyEvent.client);
    const fresh = await readyEvent.client.createSession();
    const check = await fresh.attachVideoRoom();
    expect(await check.roomExists('survivor')).toBe(false);
    await fresh.close();
  }, 30_000);

  it('refuses to start without a usable Janus, leaving nothing behind', async () => {
    const missing = await mediaErrorOf(
      MediaServer.create({
        logger,
        network: { mode: 'netns', netns: spec! },
        workDir,
        janusBin: '/nonexistent/janus',
      }),
    );
    expect(missing.message).toMatch(/Janus not found/);
    const before = (await fs.readdir(workDir)).sort();
    const exits = await mediaErrorOf(
      MediaServer.create({
        logger,
        network: { mode: 'netns', netns: spec! },
        workDir,
        janusBin: '/bin/false',
        wsPort: 8290,
      }),
    );
    expect(exits.message).toMatch(/exited during start-up/);
    // A second Janus on a port our Janus already holds: found out, and stopped again.
    const taken = await mediaErrorOf(
      MediaServer.create({ logger, network: { mode: 'netns', netns: spec! }, workDir }),
    );
    expect(taken.message).toMatch(/refused Podium's API secret|exited during start-up/);
    expect((await fs.readdir(workDir)).sort()).toEqual(before);
    expect(processesMentioning(workDir)).toEqual([media!.pid]);
    expect(await media!.client!.info()).toMatchObject({ version: '1.1.2' });
  }, 30_000);

  it('close() stops Janus and leaves no process, config or namespace behind', async () => {
    const pids = [...new Set([...seen.exited.map((e) => e.pid), media!.pid])].filter(
      (pid): pid is number => pid !== undefined,
    );
    const configDir = media!.configDir;
    const exited = next<MediaServerEvents, 'exited'>(media!, 'exited');
    await Promise.all([media!.close(), media!.close()]);
    expect(await exited).toMatchObject({ willRestart: false, signal: null, code: 0 });
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(processesMentioning(configDir)).toEqual([]);
    expect(existsSync(configDir)).toBe(false);
    expect(media!.pid).toBeUndefined();
    expect((await mediaErrorOf(media!.whenReady())).kind).toBe('closed');
    expect(await netnsPids(spec!.name)).toEqual([]);

    await netnsDown(spec!);
    expect(netnsExists(spec!.name)).toBe(false);
    expect(execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })).not.toContain(spec!.name);
    expect(() =>
      execFileSync('ip', ['link', 'show', spec!.hostVeth], { stdio: 'ignore' }),
    ).toThrow();
  });
});

describe('MediaServer in the host network (npm start without MEDIA_NETNS)', () => {
  it('keeps the API on loopback and ICE on the default-route interface', async () => {
    const iface = defaultRouteInterface();
    if (!iface) throw new Error('this machine has no IPv4 default route to pick an ICE interface');
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-media-host-test-'));
    const port = await freeLoopbackPort();
    const media = await MediaServer.create({
      logger,
      network: { mode: 'host' },
      workDir,
      wsPort: port,
    });
    try {
      expect(listeningSockets(undefined, media.pid!)).toEqual([`tcp 127.0.0.1:${port}`]);
      const jcfg = path.join(media.configDir, 'janus.jcfg');
      expect(setting(jcfg, 'ice_enforce_list')).toBe(iface);
      expect(setting(path.join(media.configDir, 'janus.transport.websockets.jcfg'), 'ws_acl')).toBe(
        '127.0.0.1',
      );
      expect((await media.client!.info()).plugins).toEqual(['janus.plugin.videoroom']);
    } finally {
      await media.close();
      await fs.rm(workDir, { recursive: true, force: true });
    }
    expect(processesMentioning(media.configDir)).toEqual([]);
  });
});
