// HTTP benchmark (issue 11, item 2): Podium's REST API against a bare Fastify route, measured in
// one run, interleaved, on the same machine, with autocannon.
//
//   npm run bench -- http [--stores pglite,postgres] [--connections 50] [--seconds 10]
//                         [--rounds 2] [--out file.json] [--entry path/to/main.js]
//                         [--node-args=--max-semi-space-size=8]
//
// Podium runs compiled (packages/server/dist/main.js, as `npm start` does; build first with
// `npm run build`; `--entry` runs another build of it, e.g. a private copy to compare against) in a
// process of its own with a fresh data folder, on the embedded PGlite and on
// a throwaway PostgreSQL cluster (Debian's, fsync off as in the tests). The bare engine is
// bench/http/bare-fastify.mjs, also its own process. Each measured pair (Podium route, bare route)
// runs back to back, twice by default, so a change in the machine's load hits both alike.
// Reported per route: requests/s, latency p50/p99, non-2xx answers, server CPU per request, and
// the ratio Podium ÷ bare; per server: CPU seconds from spawn to ready and idle RSS.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { apiPaths } from '@podium/protocol';
import { freePort, startPostgresCluster } from '@podium/server/test-support';
import { Api, signUpHost } from '../signaling/api.ts';
import {
  repoRoot,
  sampleProc,
  startServer,
  type ServerProcess,
} from '../signaling/server-process.ts';

const log = (text: string): void => {
  process.stderr.write(`[http ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
};

interface Measure {
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Server CPU milliseconds per answered request during the measurement. */
  cpuMsPerRequest: number;
}

interface Target {
  label: string;
  pid: number;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

async function measure(target: Target, connections: number, seconds: number): Promise<Measure> {
  const before = sampleProc(target.pid);
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body !== undefined ? { body: target.body } : {}),
    connections,
    duration: seconds,
  });
  const after = sampleProc(target.pid);
  const answered = Math.max(1, result.requests.total);
  return {
    route: target.label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: ((after.cpuSeconds - before.cpuSeconds) * 1000) / answered,
  };
}

interface Bare {
  pid: number;
  url: string;
  startCpuSeconds: number;
  idleRssMb: number;
  stop(): Promise<void>;
}

async function startBare(): Promise<Bare> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'bench/http/bare-fastify.mjs')],
    {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('bare Fastify did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const ready = sampleProc(child.pid!);
  await new Promise((r) => setTimeout(r, 2000));
  return {
    pid: child.pid!,
    url,
    startCpuSeconds: ready.cpuSeconds,
    idleRssMb: sampleProc(child.pid!).rssMb,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A host with 20 events, so the conference list answers a page of real rows. */
async function prepareAccount(server: ServerProcess): Promise<string> {
  const api = new Api(server.url);
  const token = await signUpHost(api);
  const start = new Date(Date.now() + 3600_000);
  start.setUTCSeconds(0, 0);
  for (let i = 0; i < 20; i += 1) {
    await api.ok(apiPaths.events.create, 201, {
      token,
      body: { title: `Benchmark event ${i}`, start_time: start.toISOString(), mode: 'conference' },
    });
  }
  api.close();
  return token;
}

interface StoreRun {
  store: string;
  startCpuSeconds: number;
  idleRssMb: number;
  measures: { podium: Measure; bare: Measure }[];
}

async function runStore(
  store: 'pglite' | 'postgres',
  bare: Bare,
  options: {
    connections: number;
    seconds: number;
    rounds: number;
    entry?: string;
    nodeArgs?: string[];
  },
): Promise<StoreRun> {
  const cluster = store === 'postgres' ? await startPostgresCluster() : null;
  const server = await startServer({
    startTimeoutMs: 120_000,
    compiled: true,
    ...(options.entry ? { entry: options.entry } : {}),
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    env: cluster ? { DATABASE_URL: cluster.url } : {},
  });
  try {
    const started = sampleProc(server.pid);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = sampleProc(server.pid);
    const token = await prepareAccount(server);
    const auth = {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
    };
    const pairs: [Target, Target][] = [
      [
        {
          label: `GET ${apiPaths.account.details}`,
          pid: server.pid,
          url: server.url + apiPaths.account.details,
          method: 'GET',
          headers: auth,
        },
        {
          label: 'GET /bare/details',
          pid: bare.pid,
          url: `${bare.url}/bare/details`,
          method: 'GET',
          headers: {},
        },
      ],
      [
        {
          label: `POST ${apiPaths.events.list}`,
          pid: server.pid,
          url: server.url + apiPaths.events.list,
          method: 'POST',
          headers: auth,
          body: '{}',
        },
        {
          label: 'POST /bare/list',
          pid: bare.pid,
          url: `${bare.url}/bare/list`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        },
      ],
    ];
    // Warm both (JIT, connection pools, the token cache) before anything is counted.
    for (const [podium, plain] of pairs) {
      await measure(podium, options.connections, 2);
      await measure(plain, options.connections, 2);
    }
    const measures: StoreRun['measures'] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      for (const [podium, plain] of pairs) {
        const p = await measure(podium, options.connections, options.seconds);
        const b = await measure(plain, options.connections, options.seconds);
        log(
          `${store} round ${round + 1}: ${p.route} ${p.requestsPerSecond.toFixed(0)} req/s ` +
            `(p99 ${p.p99Ms} ms, non-2xx ${p.non2xx}) vs ${b.route} ${b.requestsPerSecond.toFixed(0)} req/s: ` +
            `${(p.requestsPerSecond / b.requestsPerSecond).toFixed(3)}x`,
        );
        measures.push({ podium: p, bare: b });
      }
    }
    return { store, startCpuSeconds: started.cpuSeconds, idleRssMb: idle.rssMb, measures };
  } finally {
    await server.stop();
    await cluster?.stop();
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

function report(runs: StoreRun[], bare: Bare, load: { start: number[]; end: number[] }): string {
  const lines = [
    `Load average ${load.start.map((l) => l.toFixed(1)).join(' ')} at start, ` +
      `${load.end.map((l) => l.toFixed(1)).join(' ')} at end; ${os.cpus().length} cores.`,
    '',
    '| store | route | Podium req/s | bare req/s | ratio | Podium p50 / p99 ms | bare p50 / p99 ms | CPU ms/req Podium ÷ bare | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    for (const { podium: p, bare: b } of run.measures) {
      lines.push(
        `| ${run.store} | ${p.route} | ${fmt(p.requestsPerSecond)} | ${fmt(b.requestsPerSecond)} | ` +
          `${(p.requestsPerSecond / b.requestsPerSecond).toFixed(3)} | ${p.p50Ms} / ${p.p99Ms} | ` +
          `${b.p50Ms} / ${b.p99Ms} | ${(p.cpuMsPerRequest / Math.max(b.cpuMsPerRequest, 1e-6)).toFixed(1)} | ` +
          `${p.non2xx + p.errors} |`,
      );
    }
  }
  lines.push('', '| server | CPU s spawn → ready | idle RSS MB |', '|---|---|---|');
  for (const run of runs)
    lines.push(
      `| Podium on ${run.store} | ${fmt(run.startCpuSeconds, 2)} | ${fmt(run.idleRssMb)} |`,
    );
  lines.push(`| bare Fastify | ${fmt(bare.startCpuSeconds, 2)} | ${fmt(bare.idleRssMb)} |`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stores: { type: 'string', default: 'pglite,postgres' },
      connections: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      out: { type: 'string' },
      entry: { type: 'string' },
      // Node options for Podium's process (e.g. a V8 heap setting to compare), space-separated.
      'node-args': { type: 'string' },
    },
  });
  const entry = values.entry ? path.resolve(values.entry) : undefined;
  if (!fs.existsSync(entry ?? path.join(repoRoot, 'packages/server/dist/main.js'))) {
    throw new Error('build the server first: npm run build');
  }
  const stores = values.stores.split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
  const options = {
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    rounds: Number(values.rounds),
    ...(entry ? { entry } : {}),
    ...(values['node-args'] ? { nodeArgs: values['node-args'].split(' ').filter(Boolean) } : {}),
  };
  const load = { start: os.loadavg(), end: [] as number[] };
  const bare = await startBare();
  const runs: StoreRun[] = [];
  try {
    for (const store of stores) runs.push(await runStore(store, bare, options));
  } finally {
    await bare.stop();
  }
  load.end = os.loadavg();
  const text = report(runs, bare, load);
  process.stdout.write(`${text}\n`);
  if (values.out) fs.writeFileSync(values.out, JSON.stringify({ load, runs }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
