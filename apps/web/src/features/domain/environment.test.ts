// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_DISCOVERY_TIMEOUT_MS, DOMAIN_ENV_STORAGE_KEY } from '@podium/protocol';
import { accountApiBase } from '../../shared/api/baseUrl.ts';
import {
  discoverDomain,
  isLocalHost,
  knownMainHosts,
  loadDomainEnvironment,
  parentDomain,
  saveDomainEnvironment,
} from './environment.ts';
import { memoryStorage } from '../../test/memoryStorage.ts';

const LIST = {
  ACC_API: 'https://api.acme.test',
  CALL_CONFIG: 'https://rtc.acme.test',
  CONFERENCE_API: 'https://conf.acme.test',
  SIGNAL_CONTROLLER: 'wss://signal.acme.test',
};

describe('list.json discovery against a real HTTP server', () => {
  let server: http.Server;
  let base: string;
  const requests: string[] = [];
  let answer: (res: http.ServerResponse) => void = (res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(LIST));
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(`${req.headers.host ?? ''} ${req.url ?? ''}`);
      answer(res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  /** The parent domain `acme.test` is this loopback server. */
  const viaLoopback: typeof fetch = (input, init) =>
    fetch(String(input as string).replace('https://acme.test', base), init);

  it('fetches the parent domain list.json and saves the environment', async () => {
    const storage = memoryStorage();
    const env = await discoverDomain({
      hostname: 'meet.acme.test',
      protocol: 'https:',
      storage,
      knownMainHosts: [],
      fetch: viaLoopback,
    });
    expect(requests.at(-1)).toMatch(/ \/list\.json$/);
    expect(env).toEqual({
      MAIN_DOMAIN: 'https://acme.test',
      ACC_API_URL: 'https://api.acme.test',
      WEBRTC_BASE_API_URL: 'https://rtc.acme.test',
      CONFERENCE_API_URL: 'https://conf.acme.test',
      SIGNAL_CONTROLLER: 'wss://signal.acme.test',
    });
    expect(loadDomainEnvironment(storage)).toEqual(env);
    // A saved domain is never rediscovered.
    const before = requests.length;
    await discoverDomain({
      hostname: 'meet.acme.test',
      protocol: 'https:',
      storage,
      knownMainHosts: [],
      fetch: viaLoopback,
    });
    expect(requests.length).toBe(before);
  });

  it('a parent that does not answer in time, errors or sends nonsense changes nothing', async () => {
    expect(DOMAIN_DISCOVERY_TIMEOUT_MS).toBe(2000);
    const cases: Array<(res: http.ServerResponse) => void> = [
      () => undefined, // never answers: abandoned when the timeout fires
      (res) => res.writeHead(404).end(),
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ACC_API":1}'),
      (res) => res.writeHead(200).end('not json'),
    ];
    for (const behaviour of cases) {
      answer = behaviour;
      const storage = memoryStorage();
      const env = await discoverDomain({
        hostname: 'meet.acme.test',
        protocol: 'https:',
        storage,
        knownMainHosts: [],
        fetch: viaLoopback,
        timeoutMs: 100,
      });
      expect(env).toBeNull();
      expect(storage.map.size).toBe(0);
    }
  });

  it('local hosts and known main hosts are not discovered', async () => {
    const before = requests.length;
    for (const hostname of ['localhost', '127.0.0.1', 'podium.example.com', 'acme.test']) {
      const storage = memoryStorage();
      await discoverDomain({
        hostname,
        protocol: 'https:',
        storage,
        knownMainHosts: knownMainHosts(' Podium.example.com ,'),
        fetch: viaLoopback,
      });
      expect(storage.map.size).toBe(0);
    }
    expect(requests.length).toBe(before);
  });
});

describe('domain environment helpers', () => {
  it('parent domains and local hosts', () => {
    expect(parentDomain('meet.acme.com')).toBe('acme.com');
    expect(parentDomain('a.b.acme.com.')).toBe('b.acme.com');
    expect(parentDomain('acme.com')).toBeNull();
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('app.localhost')).toBe(true);
    expect(isLocalHost('10.0.0.1')).toBe(true);
    expect(isLocalHost('[::1]')).toBe(true);
    expect(isLocalHost('meet.acme.com')).toBe(false);
  });

  it('the API client base follows a saved environment on another origin only', () => {
    const storage = memoryStorage();
    expect(accountApiBase(storage, 'https://podium.test')).toBe('');
    saveDomainEnvironment(storage, {
      MAIN_DOMAIN: 'https://acme.test',
      ACC_API_URL: 'https://api.acme.test',
      WEBRTC_BASE_API_URL: 'https://api.acme.test',
      CONFERENCE_API_URL: 'https://api.acme.test',
      SIGNAL_CONTROLLER: 'wss://api.acme.test',
    });
    expect(accountApiBase(storage, 'https://podium.test')).toBe('https://api.acme.test');
    expect(accountApiBase(storage, 'https://api.acme.test')).toBe('');
    storage.setItem(DOMAIN_ENV_STORAGE_KEY, '{"ACC_API_URL":"javascript:alert(1)"}');
    expect(accountApiBase(storage, 'https://podium.test')).toBe('');
  });
});
