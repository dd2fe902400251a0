import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { freePort } from './net.ts';

/** A throwaway PostgreSQL cluster on loopback, for tests that run against the real server. */
export interface PostgresCluster {
  /** Connection URL of the `postgres` maintenance database. */
  url: string;
  stop(): Promise<void>;
}

function findBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      'PostgreSQL is not installed: run `npm run setup` (installs Debian postgresql)',
    );
  }
  return path.join(base, newest, 'bin');
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-pg-'));
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root; Debian's package creates the `postgres` user for this.
  // Switch user in spawn itself rather than through runuser: runuser blocks SIGINT, so the fast
  // shutdown in stop() never reached the server and the test run hung at teardown.
  const ids = isRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
      }
    : {};
  const asUser = (cmd: string, args: string[]) => ({ cmd, args, ids });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const init = asUser(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'podium',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  execFileSync(init.cmd, init.args, { stdio: 'ignore', ...init.ids });
  const port = await freePort();
  const run = asUser(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'max_connections=300',
  ]);
  const child: ChildProcess = spawn(run.cmd, run.args, { stdio: 'ignore', ...run.ids });
  const url = `postgres://podium@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      throw new Error('the test PostgreSQL server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // The port accepts before the server finishes recovery; give it a moment to accept logins.
  await new Promise((r) => setTimeout(r, 300));
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
