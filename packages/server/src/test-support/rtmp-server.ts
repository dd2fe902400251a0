import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net.ts';

/** Where Debian's libnginx-mod-rtmp puts the module (see mod-rtmp.conf in modules-available). */
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

export interface RtmpServer {
  /** The RTMP port on 127.0.0.1. */
  readonly port: number;
  /** The server URL a destination names (without the key): rtmp://127.0.0.1:<port>/live. */
  readonly url: string;
  /** Where a published stream is pulled back: rtmp://127.0.0.1:<port>/live/<key>. */
  playUrl(key: string): string;
  /** Keys nginx asked the hook about, accepted or not, in order. */
  readonly publishes: ReadonlyArray<{ key: string; accepted: boolean }>;
  /** Stops nginx (connections drop) without removing its files; `start()` brings it back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface RtmpServerOptions {
  /** The one stream key the `on_publish` hook accepts (403 for any other). */
  key: string;
  /** nginx executable (default /usr/sbin/nginx). */
  nginxBin?: string;
}

/**
 * Debian nginx with the RTMP module on loopback, for tests of live streaming (Vitest and
 * Playwright both import it): a generated config in a temp folder (own prefix, pid, logs,
 * `daemon off`), application `live` with an `on_publish` HTTP hook served here that accepts one
 * key and answers 403 to any other — what YouTube or Facebook do with a wrong stream key.
 */
export async function startRtmpServer(options: RtmpServerOptions): Promise<RtmpServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-rtmp-'));
  await fs.mkdir(path.join(dir, 'logs'));
  const publishes: Array<{ key: string; accepted: boolean }> = [];

  // The on_publish hook: nginx posts the stream name (the key) as a form field `name`.
  const hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const key = new URLSearchParams(body).get('name') ?? '';
      const accepted = key === options.key;
      publishes.push({ key, accepted });
      res.writeHead(accepted ? 200 : 403).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const hookPort = (hook.address() as net.AddressInfo).port;

  const port = await freePort();
  const config = `load_module ${RTMP_MODULE};
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log info;
events { worker_connections 256; }
rtmp {
  server {
    listen 127.0.0.1:${port};
    chunk_size 4096;
    application live {
      live on;
      record off;
      drop_idle_publisher 10s;
      on_publish http://127.0.0.1:${hookPort}/publish;
    }
  }
}
`;
  await fs.writeFile(path.join(dir, 'nginx.conf'), config);

  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(
      options.nginxBin ?? '/usr/sbin/nginx',
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs/error.log')],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child = proc;
    await waitForPort(port, proc, () => stderr);
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    await exited;
  };
  await start();

  return {
    port,
    url: `rtmp://127.0.0.1:${port}/live`,
    playUrl: (key) => `rtmp://127.0.0.1:${port}/live/${key}`,
    publishes,
    start,
    stop,
    close: async () => {
      await stop();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, proc: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
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
