import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../http/security-headers.ts';
import { allowRecorderIngest } from './recorder-csp.ts';

/** The site's policy as the server sends it, with the recorder's exception on top. */
async function appWithRecorder(publicUrl: string): Promise<FastifyInstance> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-recorder-csp-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Podium</title>');
  const app = Fastify();
  app.addHook('onClose', (_app, done) => {
    fs.rmSync(dist, { recursive: true, force: true });
    done();
  });
  await registerSecurityHeaders(app, { publicUrl, frameAncestors: [], webDist: dist });
  allowRecorderIngest(app, '10.201.0.1');
  app.get('/egress/:room', async () => 'recorder page');
  app.get('/app', async () => 'app page');
  app.get('/api/thing', async () => ({ ok: true }));
  return app;
}

function connectSrc(csp: unknown): string[] {
  const directive = String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'connect-src');
  return directive?.slice(1) ?? [];
}

describe('the recorder page may reach the egress ingest, nothing else may', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('adds the ingest address to the recorder page alone', async () => {
    app = await appWithRecorder('http://127.0.0.1:8080');
    const recorder = await app.inject({ url: '/egress/room-1' });
    expect(recorder.body).toBe('recorder page');
    expect(connectSrc(recorder.headers['content-security-policy'])).toContain('ws://10.201.0.1:*');
    for (const url of ['/app', '/api/thing']) {
      const other = await app.inject({ url });
      expect(other.statusCode).toBe(200);
      const sources = connectSrc(other.headers['content-security-policy']);
      expect(sources).toContain("'self'");
      expect(sources.some((source) => source.includes('10.201.0.1'))).toBe(false);
    }
  });

  it('behind TLS the recorder page, opened over plain http, is not upgraded; other pages are', async () => {
    app = await appWithRecorder('https://podium.example');
    const recorder = await app.inject({ url: '/egress/room-1' });
    expect(String(recorder.headers['content-security-policy'])).not.toContain(
      'upgrade-insecure-requests',
    );
    const page = await app.inject({ url: '/app' });
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
