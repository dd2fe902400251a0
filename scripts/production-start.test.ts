// `NODE_ENV=production npm start` runs: set-up, the web build, the server build, then the
// compiled server on plain Node (no TypeScript loader). The test runs scripts/start.mjs the way
// `npm start` does and uses the result as a browser would: health, an app route, a hashed asset
// sent Brotli-compressed and cached for good, then a clean stop on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${log()}`);
    try {
      if ((await get(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no /healthz within 240 s:\n${log()}`);
}

describe('production start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-prod-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the compiled server and the compressed web app, and stops on SIGTERM', async () => {
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MEDIA_ENABLED: '0',
        // System packages are the set-up's business, tested by using it; not here.
        PODIUM_SKIP_SYSTEM_SETUP: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, () => output);

    // What ran is the build output, not the TypeScript sources.
    expect(fs.existsSync(path.join(root, 'packages/server/dist/main.js'))).toBe(true);
    expect(output).not.toMatch(/tsx/);

    const page = await get(`${url}/j/some-alias`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page.body);
    expect(script, page.body).not.toBeNull();

    const asset = await get(`${url}${script![1]}`, { 'accept-encoding': 'br, gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const exited = new Promise<number | null>((resolve) => child!.on('exit', (c) => resolve(c)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 300_000);
});
