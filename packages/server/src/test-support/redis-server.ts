import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net.ts';

/** A throwaway Redis on loopback, for the scale-out tests (issue 16). */
export interface TestRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const REDIS_BIN = '/usr/bin/redis-server';

/**
 * Starts Debian's redis-server on 127.0.0.1 at a free port: no RDB snapshots, no AOF, its own
 * temporary folder as working directory (nothing is written to the machine's Redis), killed by
 * `stop()`. Command-line options only, so no config file is read.
 */
export async function startTestRedis(): Promise<TestRedis> {
  if (!fs.existsSync(REDIS_BIN)) {
    throw new Error('Redis is not installed: run `npm run setup` (installs Debian redis-server)');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_BIN,
    [
      '--port',
      String(port),
      // SECURITY: loopback only, and protected mode stays on for anything else.
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
      '--logfile',
      '',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ready = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        // PING answers +PONG once the server loaded (an empty dataset: at once).
        socket.write('PING\r\n');
      });
      socket.once('data', (data) => {
        socket.end();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.on('error', () => resolve(false));
    });
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error('the test Redis server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  let stopped: Promise<void> | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGKILL');
          await exited;
        }
        fs.rmSync(dir, { recursive: true, force: true });
      })()),
  };
}
