import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiAt } from '../../src/test-support/server.ts';
import type { ApiLike } from '../../src/test-support/api.ts';
import { freePort } from '../../src/test-support/net.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A Podium server in its own process (`main.ts`), so a test can SIGKILL it. */
export interface NodeProcess {
  process: ChildProcess;
  server: ApiLike;
  output: () => string;
}

/** Starts `packages/server/src/main.ts` on a free loopback port; resolves once /readyz answers. */
export async function startNodeProcess(env: Record<string, string>): Promise<NodeProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MEDIA_ENABLED: '0',
      WEB_DIST: path.join(os.tmpdir(), 'podium-no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { process: child, server: { url, api: apiAt(url) }, output: () => output };
}

/** SIGKILL: no shutdown runs, leases are not released (what a crashed machine leaves). */
export async function killNodeProcess(node: NodeProcess): Promise<void> {
  if (node.process.exitCode !== null || node.process.signalCode !== null) return;
  const exited = new Promise((resolve) => node.process.once('exit', resolve));
  node.process.kill('SIGKILL');
  await exited;
}
