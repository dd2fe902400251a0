// The synthetic camera and microphone of the media benchmark: one ffmpeg process encoding a test
// pattern (VP8, 640x480, 30 fps, ~500 kb/s, a key frame every second) and a sine tone (Opus) to
// RTP on loopback. Every publisher forwards the same packets, so the encoding is paid once.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

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
  pid: number;
  /** Called with every RTP packet ffmpeg sends, per kind. */
  onPacket(listener: (kind: 'video' | 'audio', packet: Buffer) => void): void;
  packets: { video: number; audio: number };
  stop(): Promise<void>;
}

function bindUdp(): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve(socket));
  });
}

export async function startRtpSource(options: { videoKbps: number }): Promise<RtpSource> {
  const video = await bindUdp();
  const audio = await bindUdp();
  const port = (s: dgram.Socket) => (s.address() as AddressInfo).port;
  const listeners: ((kind: 'video' | 'audio', packet: Buffer) => void)[] = [];
  const packets = { video: 0, audio: 0 };
  video.on('message', (m) => {
    packets.video += 1;
    for (const l of listeners) l('video', m);
  });
  audio.on('message', (m) => {
    packets.audio += 1;
    for (const l of listeners) l('audio', m);
  });
  // pkt_size keeps packets under the path MTU once SRTP and the tunnel-free veth add their bytes.
  const child: ChildProcess = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-re', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=30'],
      ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-map', '0:v', '-c:v', 'libvpx', '-b:v', `${options.videoKbps}k`],
      ...['-deadline', 'realtime', '-cpu-used', '8', '-g', '30', '-auto-alt-ref', '0'],
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
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The first packets prove the pipeline works before any publisher relies on it.
  const deadline = Date.now() + 15_000;
  while (packets.video === 0 || packets.audio === 0) {
    if (child.exitCode !== null) throw new Error(`ffmpeg exited: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no RTP from ffmpeg in 15 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    pid: child.pid!,
    packets,
    onPacket: (listener) => listeners.push(listener),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      video.close();
      audio.close();
    },
  };
}
