import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../src/test-support/net.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The operator's renderer and template (docs/deploy.md). */
const RENDER = path.join(repoRoot, 'deploy/nginx/render.mjs');
/** Debian's libnginx-mod-http-brotli-static (scripts/setup.mjs installs it for the tests). */
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface FrontDoor {
  /** http://<host>:<port>, nginx's address. */
  url: string;
  port: number;
  /** The access log's lines so far (the template's `podium` format). */
  accessLog(): Promise<string[]>;
  /** The rendered deploy/nginx configuration nginx runs with. */
  config: string;
  close(): Promise<void>;
}

/**
 * Debian nginx on loopback with the repository's front door (deploy/nginx), rendered by its own
 * renderer for these nodes, as an operator does. Only the main context is the test's: a temp
 * prefix for pid, logs, cache and temp files, `daemon off`, one process (no `user` switch, so the
 * temp web dist stays readable).
 */
export async function startFrontDoor(options: {
  /** The nodes' base URLs (http://127.0.0.1:<port>). */
  nodes: string[];
  webDist: string;
  /** The address nginx listens on (default 127.0.0.1; a test namespace's host side for its browsers). */
  host?: string;
}): Promise<FrontDoor> {
  const host = options.host ?? '127.0.0.1';
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-front-door-'));
  for (const sub of ['logs', 'cache', 'temp']) await fs.mkdir(path.join(dir, sub));
  const port = await freePort(host);
  const conf = path.join(dir, 'podium.conf');
  await promisify(execFile)(process.execPath, [
    RENDER,
    ...options.nodes.flatMap((url) => ['--node', new URL(url).host]),
    '--listen',
    `${host}:${port}`,
    '--server-name',
    'localhost',
    '--web-dist',
    options.webDist,
    '--cache-dir',
    path.join(dir, 'cache'),
    '--log-dir',
    path.join(dir, 'logs'),
    '--out',
    conf,
  ]);
  const temp = path.join(dir, 'temp');
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    `load_module ${BROTLI_MODULE};
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log info;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${conf};
}
`,
  );
  const errorLog = path.join(dir, 'logs/error.log');
  const proc = spawn(
    '/usr/sbin/nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  try {
    await waitForPort(host, port, proc, () => stderr);
  } catch (error) {
    proc.kill('SIGKILL');
    throw error;
  }
  return {
    url: `http://${host}:${port}`,
    port,
    config: await fs.readFile(conf, 'utf8'),
    accessLog: async () =>
      (await fs.readFile(path.join(dir, 'logs/podium.access.log'), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean),
    close: async () => {
      await stop(proc);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  await exited;
}

async function waitForPort(
  host: string,
  port: number,
  proc: ChildProcess,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, or undefined. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are inspected field by field
}

/**
 * One HTTP request from a chosen loopback address (127.0.0.2, 127.0.0.3, … are all this
 * machine on Linux), so nginx sees different clients as it would on the internet. No
 * decompression: the test looks at the encoding that came.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          let json: unknown;
          try {
            json = JSON.parse(data.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
