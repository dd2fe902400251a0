import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, CLIENT_LOG_RATE_PER_MINUTE, VERIFY_CALL_MAX_FAILURES } from '@podium/protocol';
import { startTestNodes, type TestNodes } from './support/cluster.ts';
import { hoursFromNow, signUpAndLogin } from './events-support.ts';

const LOGIN_MAX = 4;
const EVENT_MAX_FAILURES = 12;
// Long enough for a burst to land inside one back-off on a busy machine; short to wait out.
const EVENT_BACKOFF_MS = 3000;

// Two nodes on one database and one Redis: a limit holds for the total over both nodes, not
// per node (issue 16, "limits hold across nodes").
describe('limits across two nodes (PostgreSQL + Redis)', () => {
  let cluster: TestNodes;
  const node = (i: number) => cluster.nodes[i % 2]!;

  beforeAll(async () => {
    cluster = await startTestNodes(2, {
      LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX),
      TRUST_PROXY: '1',
      VERIFY_CALL_EVENT_MAX_FAILURES: String(EVENT_MAX_FAILURES),
      VERIFY_CALL_EVENT_BACKOFF_MS: String(EVENT_BACKOFF_MS),
    });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it(`${VERIFY_CALL_MAX_FAILURES} wrong passcodes spread over two nodes: the next is throttled on either`, async () => {
    const owner = await signUpAndLogin(node(0), 'nodes-owner');
    const created = await node(0).api(apiPaths.events.create, {
      body: { title: 'Two-node board', start_time: hoursFromNow(1), passcode: 'Right-123456' },
      token: owner.token,
    });
    expect(created.status).toBe(201);
    const alias = created.body.name as string;
    const guess = (i: number) =>
      node(i).api(apiPaths.events.verifyCall, {
        body: { alias, passcode: `Wrong-${100000 + i}` },
      });
    for (let i = 0; i < VERIFY_CALL_MAX_FAILURES; i++) {
      const res = await guess(i);
      expect(res.status, JSON.stringify(res.body)).not.toBe(429);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    for (const i of [0, 1]) {
      const res = await guess(i);
      expect(res.status, JSON.stringify(res.body)).toBe(429);
      expect(res.body.error.code).toBeTruthy();
    }
    // Even the right passcode waits now, on both nodes.
    const right = await node(1).api(apiPaths.events.verifyCall, {
      body: { alias, passcode: 'Right-123456' },
    });
    expect(right.status).toBe(429);
  });

  it(`failed sign-ins spread over two nodes: the ${LOGIN_MAX + 1}th is refused (429)`, async () => {
    const victim = await signUpAndLogin(node(1), 'nodes-login');
    const login = (i: number, password: string) =>
      node(i).api('/api/v1/user/session/new', { body: { username: victim.email, password } });
    for (let i = 0; i < LOGIN_MAX; i++) {
      const res = await login(i, 'not-the-password-1');
      expect(res.status, JSON.stringify(res.body)).toBe(401);
    }
    const refused = await login(LOGIN_MAX, 'not-the-password-1');
    expect(refused.status).toBe(429);
    expect((await login(LOGIN_MAX + 1, 'not-the-password-1')).status).toBe(429);
  });

  it(`the client log endpoint (a per-route limit): ${CLIENT_LOG_RATE_PER_MINUTE} a minute over both nodes together`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_LOG_RATE_PER_MINUTE + 2; i++) {
      const res = await node(i).api(apiPaths.logger.clientLog, {
        body: { level: 'error', message: `node test ${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, CLIENT_LOG_RATE_PER_MINUTE).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(CLIENT_LOG_RATE_PER_MINUTE)).toEqual([429, 429]);
  });

  it('an event whose passcode is guessed on both nodes within the hour: its owner is told once', async () => {
    const owner = await signUpAndLogin(node(0), 'nodes-guessed');
    const created = await node(0).api(apiPaths.events.create, {
      body: { title: 'Guessed twice', start_time: hoursFromNow(1), passcode: 'Right-123456' },
      token: owner.token,
    });
    const alias = created.body.name as string;
    let address = 0;
    /** A burst of wrong passcodes from fresh addresses, spread over both nodes, until it rests. */
    const burst = async (first: number) => {
      for (let i = 0; i < EVENT_MAX_FAILURES + 2; i++) {
        address += 1;
        await node(first + i).api(apiPaths.events.verifyCall, {
          body: { alias, passcode: `Wrong-${100000 + address}` },
          headers: { 'x-forwarded-for': `10.9.${address >> 8}.${address & 255}` },
        });
      }
    };
    const notices = async () => {
      const list = await node(1).api(`${apiPaths.notifications.list}?limit=50`, {
        token: owner.token,
      });
      const items = list.body.items as Array<{ kind: string }>;
      return items.filter((n) => n.kind === 'passcode_guessing').length;
    };

    // The first burst's resting guess (the 12th judged, alternating from node 0) lands on node 1.
    await burst(0);
    await expect.poll(notices).toBe(1);
    // After the back-off, a second burst from node 1: its resting guess lands on node 0.
    await new Promise((resolve) => setTimeout(resolve, EVENT_BACKOFF_MS + 300));
    await burst(1);
    const resting = await node(0).api(apiPaths.events.verifyCall, {
      body: { alias, passcode: 'Right-123456' },
      headers: { 'x-forwarded-for': '10.9.255.1' },
    });
    expect(resting.status).toBe(429);
    // Node 0 has not told the owner itself, but the notice mark is shared: no second notice.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await notices()).toBe(1);
  });
});
