import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The server serves the built web app: files, a 404 for missing assets, index.html for routes.
 * A rebuild while the server runs adds new hashed files, which must be served too (a page that
 * got index.html for its script stays blank).
 */
describe('web app files', () => {
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Podium</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    fs.writeFileSync(path.join(os.tmpdir(), 'podium-outside.txt'), 'secret');
    server = await startTestServer('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (p: string) => fetch(server.url + p);

  it('serves files present at start and routes of the app as index.html', async () => {
    const asset = await get('/assets/app-1.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const route = await get('/app/settings');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Podium</title>');
  });

  it('serves a file the build added after start', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const res = await get('/assets/app-2.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe('console.log(2)');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    for (const p of ['/assets/nope.js', '/logo-missing.svg']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/json/);
    }
  });

  it('answers a malformed path with a client error', async () => {
    const res = await get('/assets/%E0%A4%A');
    expect(res.status).toBe(400);
  });

  it('never reads outside the web root', async () => {
    for (const p of ['/assets/..%2F..%2Fpodium-outside.txt', '/..%2Fpodium-outside.txt']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('secret');
    }
  });
});
