import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@podium/server/test-support';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** CPU time and memory of a process, read from /proc (Linux). */
export interface ProcSample {
  /** user + system CPU seconds since the process started. */
  cpuSeconds: number;
  rssMb: number;
  /** Peak resident set size so far. */
  peakRssMb: number;
}

const CLOCK_TICKS = 100; // USER_HZ on Linux, what /proc/<pid>/stat counts in.

export function sampleProc(pid: number): ProcSample {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may itself contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string): number =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return {
    cpuSeconds: (utime + stime) / CLOCK_TICKS,
    rssMb: kb('VmRSS') / 1024,
    peakRssMb: kb('VmHWM') / 1024,
  };
}

export interface ServerProcess {
  pid: number;
  url: string;
  dataDir: string;
  logFile: string;
  /** The last lines the server wrote (for failure reports). */
  tail(): string;
  /** What the server logged (at LOG_LEVEL=warn, only warnings and errors). */
  warnings(): { count: number; samples: string[] };
  stop(): Promise<void>;
}

/**
 * A real Podium server as its own process (so its CPU and memory are its own): PGlite in a fresh
 * temporary folder, loopback only, no media server, warnings and errors only.
 */
export async function startServer(options: {
  startTimeoutMs: number;
  /** Run the compiled server (packages/server/dist/main.js, as `npm start` does) on plain Node. */
  compiled?: boolean;
  /** With `compiled`: this main.js instead (a private copy of dist/ that other builds leave alone). */
  entry?: string;
  /** More environment for the server (e.g. DATABASE_URL). */
  env?: Record<string, string>;
  /** Node options before the entry (e.g. `--cpu-prof` to profile the server under load). */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-bench-signaling-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(options.compiled
        ? [options.entry ?? path.join(repoRoot, 'packages/server/dist/main.js')]
        : ['--import', 'tsx', path.join(repoRoot, 'packages/server/src/main.ts')]),
    ],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? dataDir,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: path.join(dataDir, 'data'),
        LOG_LEVEL: 'warn',
        MEDIA_ENABLED: '0',
        // No SMTP relay: the sign-up mail goes to the outbox in DATA_DIR.
        WEB_DIST: path.join(dataDir, 'no-web'),
        // What `npm start` gives the compiled server (scripts/server-env.mjs): glibc keeps a
        // fixed malloc trim threshold, so threads' freed memory goes back to the system.
        ...(options.compiled ? { MALLOC_TRIM_THRESHOLD_: String(128 * 1024) } : {}),
        ...options.env,
      },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const tail = (): string => {
    try {
      return fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '';
    }
  };
  const warnings = (): { count: number; samples: string[] } => {
    let lines: string[] = [];
    try {
      lines = fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
    } catch {
      // no log yet
    }
    return { count: lines.length, samples: lines.slice(0, 3).map((l) => l.slice(0, 300)) };
  };
  const url = `http://127.0.0.1:${port}`;
  // An interrupted benchmark must not leave its server behind.
  const onSignal = (signal: NodeJS.Signals): void => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = async (): Promise<void> => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + options.startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      const text = tail();
      await stop();
      throw new Error(`the server exited with ${child.exitCode} while starting:\n${text}`);
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const text = tail();
      await stop();
      throw new Error(`the server was not ready within ${options.startTimeoutMs} ms:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { pid: child.pid!, url, dataDir, logFile, tail, warnings, stop };
}

/**
 * The bare `ws` room (bench/signaling/bare-ws-room.mjs) as its own process on plain Node: the
 * reference the swarm measures Podium against in the same run. Same interface as the server.
 */
export async function startBareRoom(options: {
  startTimeoutMs: number;
  /** Node options before the script (e.g. `--cpu-prof`, to set its profile beside Podium's). */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-bench-bare-ws-'));
  const logFile = path.join(dataDir, 'bare.log');
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(repoRoot, 'bench/signaling/bare-ws-room.mjs')],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port) },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = (): string[] => {
    try {
      return fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
    } catch {
      return [];
    }
  };
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + options.startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the bare ws room exited with ${child.exitCode}:\n${lines().join('\n')}`);
    }
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the bare ws room was not ready within ${options.startTimeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid!,
    url,
    dataDir,
    logFile,
    tail: () => lines().slice(-30).join('\n'),
    warnings: () => {
      const all = lines();
      return { count: all.length, samples: all.slice(0, 3).map((l) => l.slice(0, 300)) };
    },
    stop,
  };
}
