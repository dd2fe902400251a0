import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callConfigResponse } from '@podium/protocol';
import { startTestServer, type TestServer } from './support/server.ts';

const SECRET = 'coturn-static-auth-secret';

describe('POST /config with TURN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      TURN_URLS: 'turn:198.18.0.1:3478,turns:198.18.0.1:5349',
      TURN_SECRET: SECRET,
      STUN_URLS: 'stun:198.18.0.1:3478',
      TURN_TTL_SECONDS: '3600',
    });
  });
  afterAll(() => server.close());

  it('answers STUN and TURN servers with credentials the TURN server verifies', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await server.api('/config', { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    const answer = callConfigResponse.parse(res.body);
    expect(answer.ice_servers[0]).toEqual({ urls: ['stun:198.18.0.1:3478'] });
    const turn = answer.ice_servers[1]!;
    expect(turn.urls).toEqual(['turn:198.18.0.1:3478', 'turns:198.18.0.1:5349']);
    const expiry = Number(turn.username!.split(':')[0]);
    expect(expiry).toBeGreaterThanOrEqual(before + 3600);
    expect(expiry).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(new Date(answer.expires_at!).getTime()).toBe(expiry * 1000);
    const hmac = crypto.createHmac('sha1', SECRET).update(turn.username!).digest('base64');
    expect(turn.credential).toBe(hmac);
  });

  it('needs no body and no token, and is never cached', async () => {
    const res = await fetch(`${server.url}/config`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(callConfigResponse.parse(await res.json()).ice_servers).toHaveLength(2);
  });

  it('bad input is a 400, never a 500', async () => {
    for (const body of [[], '"x"', 42, { alias: 'x' }, '{"a":', '\u0000']) {
      const res = await server.api('/config', { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error.code).toBe('string');
    }
    const noHeader = await fetch(`${server.url}/config`, { method: 'POST' });
    expect(noHeader.status).toBe(400);
  });
});

describe('POST /config without TURN (the default deployment)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('answers no ICE servers and no expiry', async () => {
    const res = await server.api('/config', { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ice_servers: [] });
  });

  it('limits how often one address asks', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      statuses.push((await server.api('/config', { method: 'POST', body: {} })).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const last = await server.api('/config', { method: 'POST', body: {} });
    expect(last.body.error.code).toBe('too_many_requests');
  });
});
