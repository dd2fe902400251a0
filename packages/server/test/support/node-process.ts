import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
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

/**
 * Starts `packages/server/src/main.ts` on a free port (on loopback, or `env.HOST`); resolves once
 * /readyz answers. With `MEDIA_ENABLED` in `env` the node starts its Janus; SIGKILL of the node
 * leaves that Janus running (see `janusPids`).
 */
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
  // A media node listens on the host side of its test namespace (HOST), where the browsers are.
  const url = `http://${env.HOST ?? '127.0.0.1'}:${port}`;
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

/**
 * The Janus processes a node started under `dataDir` (their pids, from the owner file each
 * writes in its config folder under `<DATA_DIR>/media`): what a test kills with the node, as a
 * dead machine takes both.
 */
export async function janusPids(dataDir: string): Promise<number[]> {
  const root = path.join(dataDir, 'media');
  const pids: number[] = [];
  for (const entry of await fs.readdir(root).catch(() => [] as string[])) {
    try {
      const owner = JSON.parse(await fs.readFile(path.join(root, entry, 'owner.json'), 'utf8')) as {
        janusPid?: number;
      };
      if (owner.janusPid && owner.janusPid > 0) pids.push(owner.janusPid);
    } catch {
      // Not a Janus config folder.
    }
  }
  return pids;
}
