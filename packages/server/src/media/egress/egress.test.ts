// The egress process for real (no Chromium): a synthetic "recorder page" — ffmpeg's test
// pattern and a tone as H.264 + Opus in Matroska, as MediaRecorder sends it — streamed into the
// ingest socket; real ffmpeg outputs; ffprobe checks what came out.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EgressOutputStatus, EgressSession } from '../../realtime/room-egress.ts';
import { EgressSupervisor } from './supervisor.ts';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration: string; size: string };
}

async function ffprobe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file],
  ]);
  return JSON.parse(stdout) as Probe;
}

/** What the recorder page sends: Matroska (H.264 with a key frame a second + Opus), live. */
function feed(ingestUrl: string, size: { width: number; height: number }): () => void {
  const ws = new WebSocket(ingestUrl);
  const ffmpeg: ChildProcess = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size.width}x${size.height}:rate=30`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-f', 'matroska', '-live', '1', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  ws.on('open', () => {
    ffmpeg.stdout?.on('data', (chunk: Buffer) => ws.send(chunk));
  });
  return () => {
    ffmpeg.kill('SIGKILL');
    ws.close();
  };
}

function waitFor<T>(check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = check();
      if (value !== undefined) resolve(value);
      else if (Date.now() > deadline) reject(new Error('timed out'));
      else setTimeout(tick, 100);
    };
    tick();
  });
}

describe('egress process (ffmpeg side, synthetic page stream)', () => {
  let dir: string;
  let egress: EgressSupervisor;
  const ingest = new Map<string, string>();
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-egress-test-'));
    egress = EgressSupervisor.create({
      ffmpegBin: 'ffmpeg',
      chromiumBin: '/usr/bin/chromium',
      ingestHost: '127.0.0.1',
      onIngest: (roomId, url) => ingest.set(roomId, url),
      log: pino({ level: 'silent' }),
    });
  });

  afterAll(async () => {
    for (const stop of stops) stop();
    await egress?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function openFed(roomId: string): Promise<EgressSession> {
    const session = await egress.open(roomId, {
      resolution: '720p',
      log: pino({ level: 'silent' }),
    });
    stops.push(feed(ingest.get(roomId)!, { width: 1280, height: 720 }));
    return session;
  }

  it('records one MP4 (H.264 + AAC, 1280x720) without the paused time, and HLS from the same composition', async () => {
    const session = await openFed('room-file');
    expect(
      await egress.open('room-file', { resolution: '1080p', log: pino({ level: 'silent' }) }),
    ).toBe(session);
    const file = path.join(dir, 'rec.mp4');
    const hls = path.join(dir, 'hls');
    const seen: EgressOutputStatus[] = [];
    session.on('output', (s) => seen.push(s));

    // A stretch is recorded from the moment it is asked for (or the media begins to flow) to
    // the moment a pause (or stop) is asked for — in media time, however late the request
    // reaches the egress; the paused time is not recorded.
    const asked = Date.now();
    await Promise.all([
      session.addOutput({ id: 'file', kind: 'file', path: file }),
      session.addOutput({ id: 'hls', kind: 'hls', dir: hls }),
    ]);
    const running = Date.now();
    expect(session.status().map((s) => s.state)).toEqual(['running', 'running']);
    await sleep(4000);
    // A pause asked 2.5 s ago (its request was slow to come): the media since is not kept.
    const paused = Date.now() - 2500;
    await session.pause('file', paused);
    expect(session.status().find((s) => s.outputId === 'file')?.state).toBe('paused');
    await sleep(3000);
    // A resume asked 1 s ago: its stretch starts from the composition's recent packets.
    const resumed = Date.now() - 1000;
    await session.resume('file', resumed);
    await sleep(3000);

    // HLS kept running through the file's pause: a live playlist of 1 s segments.
    const playlist = fs.readFileSync(path.join(hls, 'index.m3u8'), 'utf8');
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:[12]\b/);
    const segments = playlist.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    const hlsProbe = await ffprobe(path.join(hls, 'index.m3u8'));
    expect(hlsProbe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);

    const stopped = Date.now();
    const last = await session.removeOutput('file');
    expect(last).toMatchObject({ outputId: 'file', state: 'stopped' });
    expect(fs.existsSync(`${file}.parts`)).toBe(false);
    const probe = await ffprobe(file);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    const audio = probe.streams.find((s) => s.codec_type === 'audio');
    expect(video).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(audio).toMatchObject({ codec_name: 'aac' });
    // The first stretch starts between the request and `running`; a stretch starts at the key
    // frame nearest its moment (± 0.5 s, key frames every second).
    const least = (paused - running + (stopped - resumed)) / 1000;
    const most = (paused - asked + (stopped - resumed)) / 1000;
    const duration = Number(probe.format.duration);
    // Never the late pause's 2.5 s nor the paused 3 s; on a loaded machine the synthetic page's
    // encoder runs below real time, so a little less than recorded.
    expect(duration).toBeGreaterThan(least - 3);
    expect(duration).toBeLessThan(most + 1);
    expect(Math.abs(last.durationMs! / 1000 - duration)).toBeLessThan(1);
    expect(last.bytes).toBeGreaterThan(100_000);
    expect(seen.map((s) => `${s.outputId}:${s.state}`)).toEqual(
      expect.arrayContaining(['file:running', 'file:paused', 'file:stopping', 'file:stopped']),
    );

    // Removing the last output closes the session.
    const ended = new Promise((r) => session.on('ended', r));
    await session.removeOutput('hls');
    expect(await ended).toBe('closed');
  }, 60_000);

  it('fails an RTMP destination that refuses, alone: the file beside it goes on', async () => {
    const session = await openFed('room-rtmp');
    const file = path.join(dir, 'beside.mp4');
    await session.addOutput({ id: 'file', kind: 'file', path: file });
    // Nothing listens on port 9 of loopback: the publish is refused at once.
    await expect(
      session.addOutput({ id: 'dest', kind: 'rtmp', url: 'rtmp://127.0.0.1:9/live/secret-key' }),
    ).rejects.toThrow('rtmp_refused');
    expect(session.status().find((s) => s.outputId === 'dest')).toMatchObject({
      state: 'failed',
      failure: 'rtmp_refused',
    });
    await sleep(1500);
    expect(session.status().find((s) => s.outputId === 'file')?.state).toBe('running');
    await session.close();
    expect((await ffprobe(file)).streams).toHaveLength(2);
  }, 60_000);

  it('keeps a playable file and reports egress_crashed when the egress process dies, then restarts', async () => {
    const session = await openFed('room-crash');
    const file = path.join(dir, 'crash.mp4');
    await session.addOutput({ id: 'file', kind: 'file', path: file });
    await sleep(4000);
    const ended = new Promise((r) => session.on('ended', r));
    const pid = egress.pid!;
    process.kill(pid, 'SIGKILL');
    expect(await ended).toBe('egress_crashed');
    expect(session.status()).toEqual([
      expect.objectContaining({ outputId: 'file', state: 'failed', failure: 'egress_crashed' }),
    ]);
    const probe = await ffprobe(file);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probe.format.duration)).toBeGreaterThan(2);

    // Restarted: a new session for the same room works.
    await waitFor(() => (egress.pid && egress.pid !== pid ? true : undefined));
    const again = await openFed('room-crash');
    expect(again).not.toBe(session);
    await again.addOutput({ id: 'file', kind: 'file', path: path.join(dir, 'after.mp4') });
    await again.close();
  }, 60_000);
});
