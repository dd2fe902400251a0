// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { localAppPort, pingLocalApp, submitToLocalApp } from './localApp.ts';

/** A tiny stand-in for the Podium desktop app: answers CORS and records what it got. */
async function startLocalApp(options: { failSubmit?: boolean } = {}) {
  const received: Array<{ path: string; body: unknown }> = [];
  const server = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString()) });
      const status = options.failSubmit && req.url?.endsWith('/submit') ? 500 : 200;
      res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  // `localhost` may resolve to either loopback address: listen on both with one port.
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const v6 = http.createServer((req, res) => server.emit('request', req, res));
  await new Promise<void>((r) => v6.once('error', () => r()).listen(port, '::1', r));
  return {
    port,
    received,
    close: async () => {
      for (const s of [server, v6]) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}

describe('the local OAuth app (spec §7) over loopback HTTP', () => {
  let app: Awaited<ReturnType<typeof startLocalApp>> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('pings and submits to http://localhost:<port>/apis/v1/oauth/…', async () => {
    app = await startLocalApp();
    expect(await pingLocalApp(app.port, 'google')).toBe(true);
    expect(
      await submitToLocalApp(app.port, {
        provider: 'google',
        authorization: 'tok',
        renewal_token: 'ren',
        account_id: 'acc',
      }),
    ).toBe(true);
    expect(app.received).toEqual([
      { path: '/apis/v1/oauth/ping', body: { provider: 'google' } },
      {
        path: '/apis/v1/oauth/submit',
        body: { provider: 'google', authorization: 'tok', renewal_token: 'ren', account_id: 'acc' },
      },
    ]);
  });

  it('an app that refuses the session is reported, and a port nobody listens on does not answer', async () => {
    app = await startLocalApp({ failSubmit: true });
    const body = {
      provider: 'facebook' as const,
      authorization: 'a',
      renewal_token: 'r',
      account_id: 'x',
    };
    expect(await submitToLocalApp(app.port, body)).toBe(false);
    const port = app.port;
    await app.close();
    app = undefined;
    expect(await pingLocalApp(port, 'facebook')).toBe(false);
  });

  it('reads the port from the query', () => {
    expect(localAppPort('')).toBe(7979);
    expect(localAppPort('?port=51234')).toBe(51234);
    for (const bad of ['?port=0', '?port=70000', '?port=abc', '?port=12.5', '?port=-1']) {
      expect(localAppPort(bad), bad).toBeNull();
    }
  });
});
