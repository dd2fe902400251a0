import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** The two global set-ups (loopback and the calls namespace) start the server the same way. */

/** The last lines of a log, for an error message. */
export function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Waits for the server's /readyz. PGlite runs every migration on a fresh data directory; give a
 * slow CI machine time. `what` names the server in errors ('the Podium server').
 */
export async function waitUntilReady(
  url: string,
  child: ChildProcess,
  log: string,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited during start-up; its log:\n${tail(log)}`);
    }
    try {
      const res = await fetch(url + '/readyz');
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} was not ready within 90 s; its log:\n${tail(log)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, then SIGKILL after `graceMs` (a server with Janus takes ~2 s to shut down). */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
