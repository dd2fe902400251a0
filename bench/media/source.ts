// The synthetic camera and microphone of the media benchmark: ffmpeg encodes a test pattern (VP8,
// 640x480, 30 fps, ~500 kb/s, a key frame every second) and a sine tone (Opus) to RTP on
// loopback; the packets are recorded and replayed in a loop. Every publisher forwards the same
// packets, so the encoding is paid once.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The bench set-up step: installs ffmpeg with apt-get when it is missing (only the benchmark
 * needs it; tests never do). Idempotent: nothing happens when `ffmpeg` is on the PATH.
 */
export function ensureFfmpeg(log: (text: string) => void): void {
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error('ffmpeg is missing; install it (apt-get install ffmpeg)');
  log('ffmpeg is missing: apt-get install ffmpeg');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'ffmpeg']]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${run.status})`);
  }
}

export interface RtpSource {
  /** Called with every RTP packet sent, per kind; returns a function that stops the calls. */
  onPacket(listener: (kind: Kind, packet: Buffer) => void): () => void;
  /** Packets and bytes sent so far, per kind. */
  sent: Record<Kind, { packets: number; bytes: number }>;
  /** Length of the recording that loops, in seconds. */
  seconds: number;
  stop(): void;
}

type Kind = 'video' | 'audio';

function bindUdp(): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve(socket));
  });
}

interface Recorded {
  packet: Buffer;
  /** Seconds after the first packet of its kind, from the RTP timestamp. */
  at: number;
}

/**
 * Records `seconds` of RTP from ffmpeg (real time, `-re`), then stops ffmpeg. Encoding live on a
 * busy shared machine made the input rate swing (ffmpeg starved, then caught up in bursts of up
 * to 3x), which swung Janus's CPU with it; a recording replayed on the RTP clock keeps it steady.
 */
async function record(
  videoKbps: number,
  seconds: number,
  size: string,
): Promise<Record<Kind, Recorded[]> & { duration: Record<Kind, number> }> {
  const video = await bindUdp();
  const audio = await bindUdp();
  const port = (s: dgram.Socket) => (s.address() as AddressInfo).port;
  const packets: Record<Kind, Buffer[]> = { video: [], audio: [] };
  video.on('message', (m) => packets.video.push(m));
  audio.on('message', (m) => packets.audio.push(m));
  const child: ChildProcess = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-re', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=30:duration=${seconds}`],
      ...['-re', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
      ...['-map', '0:v', '-c:v', 'libvpx', '-b:v', `${videoKbps}k`, '-maxrate', `${videoKbps}k`],
      ...['-bufsize', `${videoKbps}k`, '-deadline', 'realtime', '-cpu-used', '8'],
      // A key frame every second: subscribers that join later wait at most that long.
      ...['-g', '30', '-keyint_min', '30', '-auto-alt-ref', '0'],
      ...['-payload_type', '96', '-f', 'rtp', `rtp://127.0.0.1:${port(video)}?pkt_size=1200`],
      ...['-map', '1:a', '-c:a', 'libopus', '-b:a', '48k', '-ac', '2'],
      ...['-payload_type', '111', '-f', 'rtp', `rtp://127.0.0.1:${port(audio)}?pkt_size=1200`],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), (seconds + 60) * 1000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(killer);
  await new Promise((r) => setTimeout(r, 200)); // the last datagrams
  video.close();
  audio.close();
  if (code !== 0 || packets.video.length === 0 || packets.audio.length === 0) {
    throw new Error(`ffmpeg made no usable recording (exit ${code}): ${stderr}`);
  }
  const clock: Record<Kind, number> = { video: 90_000, audio: 48_000 };
  const frame: Record<Kind, number> = { video: 1 / 30, audio: 0.02 };
  const out = {
    video: [] as Recorded[],
    audio: [] as Recorded[],
    duration: { video: 0, audio: 0 },
  };
  for (const kind of ['video', 'audio'] as const) {
    const first = packets[kind][0]!.readUInt32BE(4);
    out[kind] = packets[kind].map((packet) => ({
      packet,
      at: ((packet.readUInt32BE(4) - first) >>> 0) / clock[kind],
    }));
    out.duration[kind] = out[kind][out[kind].length - 1]!.at + frame[kind];
  }
  return out;
}

/**
 * The synthetic camera and microphone: a recording from ffmpeg, replayed in a loop on its RTP
 * clock with sequence numbers and timestamps carried on across loops.
 */
export async function startRtpSource(options: {
  videoKbps: number;
  seconds: number;
  /** WxH of the test picture (default 640x480). */
  size?: string;
}): Promise<RtpSource> {
  const recorded = await record(options.videoKbps, options.seconds, options.size ?? '640x480');
  const listeners = new Set<(kind: Kind, packet: Buffer) => void>();
  const sent = { video: { packets: 0, bytes: 0 }, audio: { packets: 0, bytes: 0 } };
  const clock: Record<Kind, number> = { video: 90_000, audio: 48_000 };
  const cursor = { video: { loop: 0, index: 0 }, audio: { loop: 0, index: 0 } };
  const start = performance.now();
  const tick = (): void => {
    const now = (performance.now() - start) / 1000;
    for (const kind of ['video', 'audio'] as const) {
      const list = recorded[kind];
      const c = cursor[kind];
      for (;;) {
        const item = list[c.index]!;
        if (c.loop * recorded.duration[kind] + item.at > now) break;
        const packet = Buffer.from(item.packet);
        packet.writeUInt16BE((packet.readUInt16BE(2) + c.loop * list.length) & 0xffff, 2);
        const shift = Math.round(c.loop * recorded.duration[kind] * clock[kind]);
        packet.writeUInt32BE((packet.readUInt32BE(4) + shift) >>> 0, 4);
        sent[kind].packets += 1;
        sent[kind].bytes += packet.length;
        for (const listener of listeners) listener(kind, packet);
        c.index += 1;
        if (c.index === list.length) {
          c.index = 0;
          c.loop += 1;
        }
      }
    }
  };
  const timer = setInterval(tick, 5);
  return {
    sent,
    seconds: Math.min(recorded.duration.video, recorded.duration.audio),
    onPacket: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => clearInterval(timer),
  };
}
