import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';
import { loadConfig } from '../src/config.ts';

/**
 * Issue 10 item 6: the app and the API answered without CSP, frame protection, nosniff or a
 * Referrer-Policy, and without HSTS behind TLS. The headers do not touch the database, so
 * one store is enough.
 */
const INLINE = "document.documentElement.setAttribute('data-x', 'light');";
const INLINE_HASH = `'sha256-${crypto.createHash('sha256').update(INLINE).digest('base64')}'`;

function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-csp-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Podium</title><script>${INLINE}</script>` +
        '<script type="module" src="/assets/app.js"></script>',
    );
    server = await startTestServer('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('the app page: a strict CSP that lets its own inline script run, and no framing', async () => {
    const res = await fetch(`${server.url}/app/settings`);
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).toContain(INLINE_HASH);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // WebAssembly only (the virtual background's segmentation), no JS eval.
    expect(scripts).toContain("'wasm-unsafe-eval'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // The e2ee worker, Media Source playback and the coming video embeds.
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('media-src')).toContain('blob:');
    expect(csp.get('frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
    ]);
    // Plain http here: nothing upgraded, no HSTS.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('the API answers carry them too, errors included', async () => {
    for (const res of [
      await fetch(`${server.url}/api/account/details`, {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      }),
      await fetch(`${server.url}/api/account/details`),
      await fetch(`${server.url}/graphql/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ query: '{ _health }' }),
      }),
    ]) {
      expect(res.status).toBeLessThan(500);
      expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(
        ["'none'"],
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('a rebuilt index.html gets the hash of its new inline script', async () => {
    const other = "console.log('rebuilt');";
    const file = path.join(dist, 'index.html');
    fs.writeFileSync(file, `<!doctype html><script>${other}</script>`);
    // A different mtime even on coarse file systems.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    const res = await fetch(`${server.url}/somewhere`);
    const scripts = directives(res.headers.get('content-security-policy')).get('script-src');
    expect(scripts).toContain(
      `'sha256-${crypto.createHash('sha256').update(other).digest('base64')}'`,
    );
    expect(scripts).not.toContain(INLINE_HASH);
  });
});

describe('security headers behind TLS and with a framing allow-list', () => {
  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https; FRAME_ANCESTORS names who may frame', async () => {
    const server = await startTestServer('pglite', {
      PUBLIC_URL: 'https://podium.example',
      FRAME_ANCESTORS: 'https://intranet.example, https://portal.example:8443',
    });
    try {
      const res = await fetch(`${server.url}/healthz`);
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      expect(csp.get('frame-ancestors')).toEqual([
        'https://intranet.example',
        'https://portal.example:8443',
      ]);
      // X-Frame-Options cannot name origins; the CSP alone decides.
      expect(res.headers.get('x-frame-options')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('FRAME_ANCESTORS accepts origins only', () => {
    for (const bad of [
      "https://a.example 'unsafe-inline'",
      'https://a.example/path',
      '*',
      'ftp://x',
    ]) {
      expect(() => loadConfig({ FRAME_ANCESTORS: bad }), bad).toThrow(/FRAME_ANCESTORS/);
    }
    expect(loadConfig({ FRAME_ANCESTORS: 'https://a.example/' }).frameAncestors).toEqual([
      'https://a.example',
    ]);
  });
});
