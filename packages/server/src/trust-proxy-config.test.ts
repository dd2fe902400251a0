import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig, parseTrustProxy } from './config.ts';

/** The address Fastify gives a request that came through `xff` from a peer at 127.0.0.1. */
async function clientAddress(trustProxy: string | undefined, xff: string): Promise<string> {
  const app = Fastify({
    trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy),
  });
  app.get('/', async (request) => ({ ip: request.ip }));
  const res = await app.inject({ url: '/', headers: { 'x-forwarded-for': xff } });
  await app.close();
  return (res.json() as { ip: string }).ip;
}

describe('TRUST_PROXY', () => {
  it('reads off, a number of proxies, or proxy addresses; refuses anything else', () => {
    for (const off of [undefined, '', '0', 'false']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    // `true` once trusted every hop; it now means one proxy.
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('10.0.0.5, 10.0.1.0/24,::1')).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
    ]);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  // SECURITY: nginx appends the peer it saw to the X-Forwarded-For the client sent, so the
  // first entry is whatever the client wrote; behind one proxy the client is the last entry.
  it('behind one proxy the client is the hop that proxy saw, not an entry the client wrote', async () => {
    expect(await clientAddress('1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('true', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('2', '6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    expect(await clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // Off: the header means nothing; the peer is the address.
    expect(await clientAddress(undefined, '6.6.6.6, 203.0.113.7')).toBe('127.0.0.1');
  });
});
