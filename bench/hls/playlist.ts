// HLS playlist cost (issue 16, the capacity model of docs/deploy.md): server CPU per
// `GET /live/{alias}/hls/index.m3u8` — the request every watch-page viewer makes about once a
// second and that nginx never caches (rewritten per viewer, counts the viewer) — against
// `GET /healthz` on the same server in the same run (the cheapest route through the same stack).
//
//   npm run bench -- hls [--connections 50] [--seconds 10] [--rounds 2]
//
// The server runs in this process (startTestServer: PGlite, the built web app if present, so
// every answer carries the CSP as in production), with a room put on air the way the egress
// does it (`live.prepare` → the HLS ffmpeg's 12-segment playlist → `live.onAir`); the load runs
// in a child process (bench/hls/load.mjs, autocannon), so this process's CPU is the server's.
// Each request comes from another client address (TRUST_PROXY=1 + X-Forwarded-For).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import { apiPaths } from '@podium/protocol';
import { hoursFromNow, signUpAndLogin, startTestServer } from '@podium/server/test-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (text: string): void => {
  process.stderr.write(`[hls ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
};

interface Load {
  total: number;
  average: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, connections: number, seconds: number): Promise<Load> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(here, 'load.mjs'), JSON.stringify({ url, connections, seconds })],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as Load;
}

/** A playlist as the egress's HLS ffmpeg writes it: 12 one-second segments, dated. */
function playlist(first: number): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  const start = Date.now() - 12_000;
  for (let i = 0; i < 12; i++) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(start + i * 1000).toISOString()}`);
    lines.push('#EXTINF:1.000000,');
    lines.push(`segment-${String(first + i).padStart(6, '0')}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
    },
  });
  const connections = Number(values.connections);
  const seconds = Number(values.seconds);
  const rounds = Number(values.rounds);
  const loadStart = os.loadavg();
  const hlsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-bench-hls-'));
  const server = await startTestServer('pglite', { HLS_DIR: hlsDir, TRUST_PROXY: '1' });
  try {
    const owner = await signUpAndLogin(server, 'bench-hls');
    const created = await server.api(apiPaths.events.create, {
      body: { title: 'Bench', start_time: hoursFromNow(1), mode: 'livestream' },
      token: owner.token,
    });
    if (created.status !== 201) throw new Error(`event: ${JSON.stringify(created.body)}`);
    const event = created.body as { id: string; name: string };
    const live = server.podium.services.live;
    const { run, dir } = await live.prepare(event.id);
    await fs.writeFile(path.join(dir, 'index.m3u8'), playlist(100));
    live.onAir(event.id, run);
    const ticket = await server.api(apiPaths.events.verifyCall, { body: { alias: event.name } });
    const playback = await server.api(apiPaths.live.playback, {
      body: { ticket: ticket.body.ticket },
    });
    if (playback.status !== 200) throw new Error(`playback: ${JSON.stringify(playback.body)}`);
    const token = encodeURIComponent(playback.body.token as string);
    const targets = [
      {
        label: 'GET playlist',
        url: `${server.url}/live/${event.name}/hls/index.m3u8?token=${token}`,
      },
      { label: 'GET /healthz', url: `${server.url}${apiPaths.health.live}` },
    ];
    for (const t of targets) await load(t.url, connections, 2); // warm-up
    const sums = new Map<
      string,
      { cpuMs: number; answered: number; rps: number[]; p99: number[]; non2xx: number }
    >();
    for (let r = 0; r < rounds; r++) {
      for (const t of targets) {
        const before = process.cpuUsage();
        const result = await load(t.url, connections, seconds);
        const used = process.cpuUsage(before);
        const cpuMs = (used.user + used.system) / 1000;
        log(
          `${t.label}: ${result.average} req/s, p50/p99 ${result.p50}/${result.p99} ms, ` +
            `${((cpuMs * 1000) / Math.max(1, result.total)).toFixed(0)} µs CPU/request, ` +
            `non-2xx ${result.non2xx}, errors ${result.errors}`,
        );
        const s = sums.get(t.label) ?? { cpuMs: 0, answered: 0, rps: [], p99: [], non2xx: 0 };
        s.cpuMs += cpuMs;
        s.answered += result.total;
        s.rps.push(result.average);
        s.p99.push(result.p99);
        s.non2xx += result.non2xx;
        sums.set(t.label, s);
      }
    }
    const loadEnd = os.loadavg();
    const rows = [...sums].map(([label, s]) => ({
      route: label,
      cpuUsPerRequest: Math.round((s.cpuMs * 1000) / Math.max(1, s.answered)),
      requestsPerSecond: s.rps,
      p99Ms: s.p99,
      non2xx: s.non2xx,
    }));
    process.stdout.write(
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model,
          connections,
          seconds,
          rounds,
          load: {
            start: loadStart.map((l) => +l.toFixed(1)),
            end: loadEnd.map((l) => +l.toFixed(1)),
          },
          rows,
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await server.close();
    await fs.rm(hlsDir, { recursive: true, force: true });
  }
}

await main();
