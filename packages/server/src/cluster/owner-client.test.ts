import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomLeases, RoomOwner } from './leases.ts';
import { NODE_LINK_HEADER, openNodeLink, signNodeLink } from './node-auth.ts';
import { RoomOwnerClient } from './owner-client.ts';

const log = pino({ level: 'silent' });
const KEY = crypto.randomBytes(32);

/** Leases whose owners a test sets (the Redis adapter is covered by leases.test.ts). */
function leasesWith(owners: Map<string, RoomOwner>, lookups: string[]): RoomLeases {
  return {
    nodeId: 'b',
    shared: true,
    advertise: () => undefined,
    claim: () => Promise.resolve(null),
    owner: (roomId) => {
      lookups.push(roomId);
      if (roomId === 'broken') return Promise.reject(new Error('redis away'));
      return Promise.resolve(owners.get(roomId) ?? null);
    },
    close: () => Promise.resolve(),
  };
}

/** The owner node: answers what it received, and the address its node header carried. */
let owner: http.Server;
let ownerUrl = '';

beforeAll(async () => {
  owner = http.createServer((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/elsewhere' }).end();
      return;
    }
    if (req.url === '/slow') return; // never answers
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          body,
          custom: req.headers['x-custom'] ?? null,
          encoding: req.headers['accept-encoding'] ?? null,
          address: openNodeLink(KEY, req.headers[NODE_LINK_HEADER], Date.now()),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => owner.listen(0, '127.0.0.1', resolve));
  ownerUrl = `http://127.0.0.1:${(owner.address() as AddressInfo).port}`;
});

afterAll(async () => {
  owner.closeAllConnections();
  await new Promise((resolve) => owner.close(resolve));
});

function client(owners = new Map<string, RoomOwner>(), lookups: string[] = []) {
  let now = 0;
  const c = new RoomOwnerClient({
    leases: leasesWith(owners, lookups),
    secret: () => Promise.resolve(KEY),
    log,
    now: () => now,
  });
  return { c, advance: (ms: number) => (now += ms) };
}

describe('the room owner client (cluster)', () => {
  it('names another node that runs the room, never this node or one without an address', async () => {
    const owners = new Map<string, RoomOwner>([
      ['r-a', { nodeId: 'a', url: 'http://127.0.0.1:1' }],
      ['r-self', { nodeId: 'b', url: 'http://127.0.0.1:2' }],
      ['r-nourl', { nodeId: 'a', url: '' }],
    ]);
    const { c } = client(owners);
    expect(await c.elsewhere('r-a')).toEqual({ nodeId: 'a', url: 'http://127.0.0.1:1' });
    expect(await c.elsewhere('r-self')).toBeNull();
    expect(await c.elsewhere('r-nourl')).toBeNull();
    expect(await c.elsewhere('r-none')).toBeNull();
    await expect(c.elsewhere('broken')).rejects.toThrow('redis away');
  });

  it('reuses a recent lookup for a second; a failed one is null and not kept', async () => {
    const owners = new Map<string, RoomOwner>([['r', { nodeId: 'a', url: 'http://127.0.0.1:1' }]]);
    const lookups: string[] = [];
    const { c, advance } = client(owners, lookups);
    expect(await c.recentlyElsewhere('r')).toEqual({ nodeId: 'a', url: 'http://127.0.0.1:1' });
    owners.delete('r');
    advance(999);
    expect(await c.recentlyElsewhere('r')).not.toBeNull();
    advance(1);
    expect(await c.recentlyElsewhere('r')).toBeNull();
    expect(await c.recentlyElsewhere('broken')).toBeNull();
    expect(await c.recentlyElsewhere('broken')).toBeNull();
    expect(lookups).toEqual(['r', 'r', 'broken', 'broken']);
  });

  it('knows a request from another node only by a header signed with the nodes’ secret', async () => {
    const { c } = client();
    const now = Date.now();
    expect(await c.fromNode({ [NODE_LINK_HEADER]: signNodeLink(KEY, '203.0.113.9', now) })).toBe(
      true,
    );
    const forged = signNodeLink(crypto.randomBytes(32), '203.0.113.9', now);
    expect(await c.fromNode({ [NODE_LINK_HEADER]: forged })).toBe(false);
    const stale = signNodeLink(KEY, '203.0.113.9', now - 60_000);
    expect(await c.fromNode({ [NODE_LINK_HEADER]: stale })).toBe(false);
    expect(await c.fromNode({})).toBe(false);
  });

  it("sends the request signed with the client's address, and the owner's answer back open", async () => {
    const { c } = client();
    const target = { nodeId: 'a', url: ownerUrl };
    const post = await c.fetch(target, '/api/x?y=1', {
      address: '198.51.100.7',
      method: 'POST',
      headers: { 'x-custom': 'kept', [NODE_LINK_HEADER]: 'not the caller’s to set' },
      body: '{"gift":"rose"}',
    });
    expect(await post.response.json()).toEqual({
      method: 'POST',
      url: '/api/x?y=1',
      body: '{"gift":"rose"}',
      custom: 'kept',
      encoding: 'identity',
      address: '198.51.100.7',
    });
    post.release();
    const get = await c.fetch(target, '/live', { address: '::1' });
    expect(await get.response.json()).toMatchObject({ method: 'GET', body: '', address: '::1' });
    get.release();
  });

  it('never follows a redirect; gives up on a head that does not come, or when told to', async () => {
    const { c } = client();
    const target = { nodeId: 'a', url: ownerUrl };
    const moved = await c.fetch(target, '/moved', { address: '::1' });
    expect(moved.response.status).toBe(302);
    moved.release();
    await expect(
      c.fetch(target, '/slow', { address: '::1', headersTimeoutMs: 50 }),
    ).rejects.toThrow();
    const gone = new AbortController();
    const left = c.fetch(target, '/slow', { address: '::1', signal: gone.signal });
    setTimeout(() => gone.abort(), 20);
    await expect(left).rejects.toThrow();
  });
});
