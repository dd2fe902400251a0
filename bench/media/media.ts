// Media benchmark (issue 4, benchmark 3): CPU of the Podium server and of Janus per forwarded
// stream. Synthetic publishers and subscribers (werift peer connections, no browser) speak the
// real signaling protocol to a real Podium server (MEDIA_ENABLED=1) whose Janus runs in a network
// namespace the benchmark makes; the publishers send what one ffmpeg encodes (VP8 640x480 30 fps
// + Opus). A forwarded stream is one publisher's camera feed (video + audio) delivered to one
// subscriber.
//
//   npm run bench -- media [--plan 1x1,1x5,1x10,1x20,4x1,4x5] [--window-s 10] [--out file.json]
//     [--edges 1] [--size 1280x720] [--video-kbps 1200]
//
// Issue 16: `--edges N` runs the server with JANUS_EDGES=N, so the viewers of the conference are
// spread over the origin Janus and N edges (each publisher forwarded once per edge); each
// instance's CPU and UDP sockets (≈ its PeerConnections) are reported, and CPU per forwarded
// stream is given per instance.
//
// `PxS` = P publishers (the host and P − 1 presenters of a conference room) and S subscribers
// (guests), each subscribed to every publisher: P × S forwarded streams. Subscribers are added
// step by step within one room per P; before the first step the publishers alone are measured
// (ingest only). CPU comes from /proc/<pid>/stat over a steady window once every subscriber
// receives every track. Runs as root (namespace); media only on the veth pair and loopback.
import os from 'node:os';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadAverage } from '../lib/machine.ts';
import { prepareEvent, startMediaStack, type MediaStack } from '../lib/media-stack.ts';
import { sampleEach } from '../lib/processes.ts';
import { Api } from '../signaling/api.ts';
import { sampleProc } from '../signaling/server-process.ts';
import { MediaPeer } from './peer.ts';
import { udpSockets } from './instances.ts';
import { ensureFfmpeg, startRtpSource, type RtpSource } from './source.ts';

const log = (text: string): void => {
  process.stderr.write(`[media ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
};

interface Sample {
  publishers: number;
  subscribers: number;
  streams: number;
  seconds: number;
  /** Percent of one core over the window. */
  serverCpu: number;
  janusCpu: number;
  /** Each Janus instance (origin first): percent of one core, and its UDP sockets. */
  janusInstances: { cpu: number; udpSockets: number }[];
  /** This benchmark's own process (werift peers, the RTP replay). */
  benchCpu: number;
  /** What each publisher sends: video + audio RTP, headers included. */
  sourceKbps: number;
  sourceVideoPps: number;
  serverRssMb: number;
  janusRssMb: number;
  /** Subscriptions whose video and audio both arrived during the window. */
  flowing: number;
  /** Mean received rate per forwarded stream (video + audio RTP, headers included). */
  kbpsPerStream: number;
  videoPacketsPerSecondPerStream: number;
  load1: number;
  errors: string[];
}

const until = async (done: () => boolean, timeoutMs: number): Promise<boolean> => {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
};

function parsePlan(text: string): Map<number, number[]> {
  const plan = new Map<number, number[]>();
  for (const item of text.split(',')) {
    const match = /^(\d+)x(\d+)$/.exec(item.trim());
    if (!match) throw new Error(`--plan: "${item}" is not PxS (publishers x subscribers)`);
    const [p, s] = [Number(match[1]), Number(match[2])];
    if (p < 1 || s < 1 || p > 8 || s > 50) throw new Error(`--plan: ${item} is out of range`);
    plan.set(
      p,
      [...(plan.get(p) ?? []), s].sort((a, b) => a - b),
    );
  }
  return plan;
}

async function credentialsFor(
  api: Api,
  from: string,
  alias: string,
  name: string,
): Promise<string> {
  const verified = await api.ok('/api/quickom/qrcode/verify-call', 200, {
    from,
    body: { alias, display_name: name },
  });
  const auth = await api.ok('/member/v1/auth', 200, { from, body: { ticket: verified.ticket } });
  return String(auth.credentials);
}

async function measure(
  stack: MediaStack,
  source: RtpSource,
  publishers: number,
  subscribers: MediaPeer[],
  windowMs: number,
): Promise<Sample> {
  const streams = publishers * subscribers.length;
  const janusPids = stack.janusPids();
  const sentBefore = {
    packets: source.sent.video.packets,
    bytes: source.sent.video.bytes + source.sent.audio.bytes,
  };
  const before = {
    server: sampleProc(stack.serverPid),
    janus: sampleEach(janusPids),
    bench: process.cpuUsage(),
    received: subscribers.map((s) => ({ ...s.received })),
    at: performance.now(),
  };
  const load1 = os.loadavg()[0]!;
  await new Promise((r) => setTimeout(r, windowMs));
  const seconds = (performance.now() - before.at) / 1000;
  const after = {
    server: sampleProc(stack.serverPid),
    janus: sampleEach(janusPids),
    bench: process.cpuUsage(before.bench),
  };
  const pct = (cpuSeconds: number): number => (cpuSeconds / seconds) * 100;
  let bytes = 0;
  let videoPackets = 0;
  let flowing = 0;
  subscribers.forEach((s, i) => {
    const b = before.received[i]!;
    const dv = s.received.videoPackets - b.videoPackets;
    const da = s.received.audioPackets - b.audioPackets;
    bytes += s.received.videoBytes - b.videoBytes + s.received.audioBytes - b.audioBytes;
    videoPackets += dv;
    // Every publisher's tracks reach this subscriber (counted per subscriber, P tracks each).
    if (dv > 0 && da > 0 && s.received.liveTracks >= 2 * publishers) flowing += publishers;
  });
  return {
    publishers,
    subscribers: subscribers.length,
    streams,
    seconds,
    serverCpu: pct(after.server.cpuSeconds - before.server.cpuSeconds),
    janusCpu: pct(
      after.janus.reduce((a, s) => a + s.cpuSeconds, 0) -
        before.janus.reduce((a, s) => a + s.cpuSeconds, 0),
    ),
    janusInstances: janusPids.map((pid, i) => ({
      cpu: pct(after.janus[i]!.cpuSeconds - before.janus[i]!.cpuSeconds),
      udpSockets: udpSockets(pid),
    })),
    sourceKbps:
      ((source.sent.video.bytes + source.sent.audio.bytes - sentBefore.bytes) * 8) / 1000 / seconds,
    sourceVideoPps: (source.sent.video.packets - sentBefore.packets) / seconds,
    benchCpu: pct((after.bench.user + after.bench.system) / 1e6),
    serverRssMb: after.server.rssMb,
    janusRssMb: after.janus.reduce((a, s) => a + s.rssMb, 0),
    flowing,
    kbpsPerStream: streams ? (bytes * 8) / 1000 / seconds / streams : 0,
    videoPacketsPerSecondPerStream: streams ? videoPackets / seconds / streams : 0,
    load1,
    errors: subscribers.flatMap((s) => s.errors.map((e) => `${s.name}: ${e}`)),
  };
}

/** One conference room: P publishers, then subscribers added up to each step of `steps`. */
async function scenario(
  stack: MediaStack,
  source: RtpSource,
  publishers: number,
  steps: number[],
  windowMs: number,
  settleMs: number,
): Promise<Sample[]> {
  const from = stack.spec.hostIp;
  const api = new Api(stack.url);
  const event = await prepareEvent(stack.url, 'conference');
  const peers: MediaPeer[] = [];
  const results: Sample[] = [];
  const unsubscribe: (() => void)[] = [];
  const joinGuest = async (name: string): Promise<MediaPeer> =>
    MediaPeer.join(stack.url, await credentialsFor(api, from, event.alias, name), name, from);
  try {
    const hostAuth = await api.ok('/member/v1/auth', 200, {
      from,
      token: event.token,
      body: { alias: event.alias },
    });
    const host = await MediaPeer.join(stack.url, String(hostAuth.credentials), 'host', from);
    peers.push(host);
    const publishing = [host];
    for (let i = 1; i < publishers; i++) {
      const name = `Presenter ${i}`;
      const peer = await joinGuest(name);
      peers.push(peer);
      await host.socket.request(
        { type: 'set_role', participant_id: peer.participantId, role: 'presenter', granted: true },
        30_000,
      );
      publishing.push(peer);
    }
    for (const peer of publishing) {
      const tracks = await peer.publish();
      unsubscribe.push(source.onPacket((kind, packet) => tracks[kind].writeRtp(packet)));
    }
    const publisherIds = new Set(publishing.map((p) => p.participantId));
    // Ingest only: the publishers send, nobody watches yet.
    await new Promise((r) => setTimeout(r, settleMs));
    results.push(await measure(stack, source, publishers, [], windowMs));
    log(describe(results[results.length - 1]!));

    const subscribers: MediaPeer[] = [];
    for (const target of steps) {
      while (subscribers.length < target) {
        const name = `Viewer ${subscribers.length + 1}`;
        const peer = await joinGuest(name);
        peers.push(peer);
        subscribers.push(peer);
        const seen = await until(
          () => [...peer.feeds.values()].filter((p) => publisherIds.has(p)).length >= publishers,
          30_000,
        );
        if (!seen) throw new Error(`${name} was not told about ${publishers} feeds`);
        await peer.subscribe(
          [...peer.feeds.entries()].filter(([, p]) => publisherIds.has(p)).map(([f]) => f),
        );
      }
      const all = await until(
        () => subscribers.every((s) => s.received.liveTracks >= 2 * publishers),
        45_000,
      );
      if (!all) {
        const missing = subscribers.filter((s) => s.received.liveTracks < 2 * publishers);
        log(
          `${missing.length} subscriber(s) without every track after 45 s: ` +
            missing
              .slice(0, 3)
              .map((s) => `${s.name} ${s.received.liveTracks} (${s.errors.join('; ')})`)
              .join(', '),
        );
      }
      await new Promise((r) => setTimeout(r, settleMs));
      const window = await measure(stack, source, publishers, subscribers, windowMs);
      results.push(window);
      log(describe(window));
    }
  } finally {
    for (const stop of unsubscribe) stop();
    for (const peer of peers.reverse()) await peer.leave();
    api.close();
    await new Promise((r) => setTimeout(r, 1000));
  }
  return results;
}

function describe(w: Sample): string {
  return (
    `${w.publishers}x${w.subscribers} (${w.streams} streams, ${w.flowing} flowing): ` +
    `server ${w.serverCpu.toFixed(1)} %, Janus ${w.janusCpu.toFixed(1)} %` +
    (w.janusInstances.length > 1
      ? ` (${w.janusInstances.map((j) => `${j.cpu.toFixed(1)} % / ${j.udpSockets} udp`).join(', ')})`
      : '') +
    `, ` +
    `bench ${w.benchCpu.toFixed(0)} %; sent ${w.sourceKbps.toFixed(0)} kb/s, ` +
    `${w.sourceVideoPps.toFixed(0)} video pkt/s per publisher; received ` +
    `${w.kbpsPerStream.toFixed(0)} kb/s, ${w.videoPacketsPerSecondPerStream.toFixed(0)} video pkt/s per stream; ` +
    `load ${w.load1.toFixed(2)}`
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      plan: { type: 'string', default: '1x1,1x5,1x10,1x20,4x1,4x5' },
      'window-s': { type: 'string', default: '10' },
      'settle-s': { type: 'string', default: '3' },
      'video-kbps': { type: 'string', default: '500' },
      edges: { type: 'string', default: '0' },
      size: { type: 'string', default: '640x480' },
      out: { type: 'string' },
    },
  });
  const plan = parsePlan(values.plan);
  const windowMs = Number(values['window-s']) * 1000;
  const settleMs = Number(values['settle-s']) * 1000;
  if (!(windowMs > 0) || !(settleMs >= 0)) throw new Error('--window-s and --settle-s: seconds');
  ensureFfmpeg(log);
  const loadBefore = loadAverage();
  log(`load average ${loadBefore.join(' ')}; starting the media stack`);
  const edges = Number(values.edges);
  if (!Number.isInteger(edges) || edges < 0 || edges > 3) throw new Error('--edges: 0 to 3');
  if (!/^\d{2,4}x\d{2,4}$/.test(values.size)) throw new Error('--size: WxH, e.g. 1280x720');
  const stack = await startMediaStack({
    web: false,
    log,
    env: { JANUS_EDGES: String(edges) },
  });
  let source: RtpSource | undefined;
  const windows: Sample[] = [];
  let failure: unknown;
  try {
    log(`recording 10 s of VP8 ${values.size} + Opus from ffmpeg`);
    source = await startRtpSource({
      videoKbps: Number(values['video-kbps']),
      seconds: 10,
      size: values.size,
    });
    for (const [publishers, steps] of plan) {
      windows.push(...(await scenario(stack, source, publishers, steps, windowMs, settleMs)));
    }
  } catch (error) {
    failure = error;
    log(`failed: ${error instanceof Error ? error.message : String(error)}\n${stack.tail(15)}`);
  } finally {
    source?.stop();
    await stack.stop();
  }
  // CPU per forwarded stream: above the same room's ingest-only window (publishers, no viewers).
  const perStream = windows
    .filter((w) => w.streams > 0)
    .map((w) => {
      const base = windows.find((b) => b.publishers === w.publishers && b.streams === 0);
      return {
        plan: `${w.publishers}x${w.subscribers}`,
        streams: w.streams,
        serverCpuPerStream: (w.serverCpu - (base?.serverCpu ?? 0)) / w.streams,
        janusCpuPerStream: (w.janusCpu - (base?.janusCpu ?? 0)) / w.streams,
        // Per instance: its CPU above ingest over the PeerConnections it serves to viewers
        // (UDP sockets above the ingest window's: a forward into an edge adds two).
        instances: w.janusInstances.map((inst, i) => {
          const b = base?.janusInstances[i];
          return {
            cpuAboveIngest: inst.cpu - (b?.cpu ?? 0),
            udpSocketsAdded: inst.udpSockets - (b?.udpSockets ?? 0),
          };
        }),
      };
    });
  // Least-squares slope of CPU against streams over each room's windows (ingest window
  // included): the marginal cost of one more forwarded stream, less sensitive to one noisy window.
  const slopes = [...plan.keys()].map((publishers) => {
    const ws = windows.filter((w) => w.publishers === publishers);
    const fit = (y: (w: Sample) => number): number => {
      const n = ws.length;
      const mx = ws.reduce((a, w) => a + w.streams, 0) / n;
      const my = ws.reduce((a, w) => a + y(w), 0) / n;
      const sxx = ws.reduce((a, w) => a + (w.streams - mx) ** 2, 0);
      const sxy = ws.reduce((a, w) => a + (w.streams - mx) * (y(w) - my), 0);
      return sxx > 0 ? sxy / sxx : NaN;
    };
    return {
      publishers,
      windows: ws.length,
      serverCpuPerStream: fit((w) => w.serverCpu),
      janusCpuPerStream: fit((w) => w.janusCpu),
    };
  });
  const result = {
    date: new Date().toISOString(),
    plan: values.plan,
    windowSeconds: windowMs / 1000,
    videoKbps: Number(values['video-kbps']),
    size: values.size,
    edges,
    windows,
    perStream,
    slopes,
    loadAverage: { before: loadBefore, after: loadAverage() },
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '?',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    failure: failure ? String(failure instanceof Error ? failure.message : failure) : null,
  };
  const text = JSON.stringify(result, null, 2);
  if (values.out) fs.writeFileSync(values.out, text + '\n');
  console.log(text);
  for (const p of perStream) {
    log(
      `${p.plan}: ${p.streams} streams, per stream above ingest: server ` +
        `${p.serverCpuPerStream.toFixed(2)} %, Janus ${p.janusCpuPerStream.toFixed(2)} % of a core`,
    );
  }
  for (const f of slopes) {
    log(
      `${f.publishers} publisher(s), slope over ${f.windows} windows: server ` +
        `${f.serverCpuPerStream.toFixed(3)} %, Janus ${f.janusCpuPerStream.toFixed(3)} % of a core per stream`,
    );
  }
  if (failure) process.exitCode = 1;
}

await main();
