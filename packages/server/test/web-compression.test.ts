import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decode). */
function get(url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * The built web app goes out small and cached: the .br/.gz copies the build writes beside each
 * text file are sent to browsers that accept them, hashed assets are cached for a year, and
 * index.html (which names the current hashes) is revalidated so a new build shows at once.
 */
describe('web app compression and caching', () => {
  const script = 'export const greeting = "hello";\n'.repeat(200);
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Podium</title>');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const asset = path.join(dist, 'assets', 'index-B1a2c3D4.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    server = await startTestServer('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const assetUrl = () => `${server.url}/assets/index-B1a2c3D4.js`;

  it('sends the Brotli copy to a browser that accepts br', async () => {
    const res = await get(assetUrl(), 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await get(assetUrl(), 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get(assetUrl(), accept);
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.body.toString(), String(accept)).toBe(script);
    }
  });

  it('caches hashed assets for a year, whatever the encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await get(assetUrl(), accept);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html revalidated, at / routes and the favicon too', async () => {
    for (const p of ['/app', '/j/some-alias', '/favicon.svg']) {
      const res = await get(server.url + p, 'br, gzip');
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
  });

  it('sends compressed copies of files a build added after start', async () => {
    const later = path.join(dist, 'assets', 'later-Z9y8x7W6.js');
    fs.writeFileSync(later, script);
    fs.writeFileSync(`${later}.br`, zlib.brotliCompressSync(script));
    const res = await get(`${server.url}/assets/later-Z9y8x7W6.js`, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });
});
