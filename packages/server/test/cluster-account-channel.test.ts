import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_CALL_WAIT_MAX_MS } from '@podium/protocol';
import { startTestNodes, type TestNodes } from './support/cluster.ts';
import { hoursFromNow, signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  greet,
  joinRoom,
  socketCredentials,
  type SignalClient,
} from './signal-support.ts';
import type { TestServer } from './support/server.ts';

// The account channel and QR ringing reach an agent's socket on whichever node holds it, and
// an event's audience chat reaches its listeners on every node (issue 16): two nodes on one
// database and one Redis.
describe('account channel, QR ringing and audience chat across two nodes', () => {
  let cluster: TestNodes;
  let nodeA: TestServer;
  let nodeB: TestServer;
  const sockets: SignalClient[] = [];

  async function online(node: TestServer, who: SignedIn): Promise<SignalClient> {
    const auth = await node.api('/member/v1/auth', { body: {}, token: who.token });
    expect(auth.status).toBe(200);
    const client = await greet(node, auth.body.credentials as string);
    sockets.push(client);
    return client;
  }

  /** A QR code of `owner`'s, created through node A, answered by these agents. */
  async function qrDesk(owner: SignedIn, title: string, agents: SignedIn[]): Promise<string> {
    const created = await nodeA.api('/api/account/qrcode/create', {
      token: owner.token,
      body: { type: 'qrcode', title, start_time: hoursFromNow(0) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const alias = created.body.name as string;
    for (const agent of agents) {
      const added = await nodeA.api('/api/account/qrcode/participant/add', {
        token: owner.token,
        body: { alias, account: agent.email },
      });
      expect(added.status).toBe(201);
    }
    return alias;
  }

  beforeAll(async () => {
    cluster = await startTestNodes(2);
    [nodeA, nodeB] = cluster.nodes as [TestServer, TestServer];
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await cluster?.close();
  });

  it("a notification made on node A reaches the account's socket on node B; presence follows it", async () => {
    const alice = await signUpAndLogin(nodeA, 'x-alice', 'Alice Phạm');
    const channelA = nodeA.podium.services.accountChannel;
    expect(channelA.isOnline(alice.id)).toBe(false);
    const socket = await online(nodeB, alice);
    await expect.poll(() => channelA.isOnline(alice.id), { timeout: 5_000 }).toBe(true);

    const made = await nodeA.podium.services.notifications.notify(alice.id, {
      kind: 'gift_received',
      data: { sender_name: 'Bob Võ', gift_name: 'Rose', amount: 5, unit: 'coin' },
    });
    const pushed = await socket.nextOf('notification');
    expect(pushed.notification).toEqual(made);
    expect(pushed.unread).toBe(1);

    socket.close();
    await socket.closed;
    await expect.poll(() => channelA.isOnline(alice.id), { timeout: 5_000 }).toBe(false);
  });

  it('a visitor calling through node A rings the agent on node B; the accept on B answers the wait held on A', async () => {
    const owner = await signUpAndLogin(nodeA, 'x-owner', 'Owner Ô');
    const agent = await signUpAndLogin(nodeB, 'x-agent', 'Agent An');
    const alias = await qrDesk(owner, 'Front desk', [agent]);

    const agentSocket = await online(nodeB, agent);
    await expect
      .poll(() => nodeA.podium.services.accountChannel.isOnline(agent.id), { timeout: 5_000 })
      .toBe(true);
    // The owner's agent list, served by node A, shows the agent online.
    const list = await nodeA.api(`/api/account/qrcode/participant/list?alias=${alias}`, {
      token: owner.token,
    });
    expect(list.body.entries).toMatchObject([{ id: agent.id, online: true }]);

    const call = await nodeA.api('/1-1/send', {
      body: { type: 'call', alias, display_name: 'Khách Vy' },
    });
    expect(call.body).toMatchObject({ state: 'ringing' });
    const callId = call.body.call_id as string;
    const ring = await agentSocket.nextOf('qr_ring', (m) => m.call_id === callId);
    expect(ring).toMatchObject({ alias, title: 'Front desk', visitor_name: 'Khách Vy' });

    // The visitor's wait is held on node A (where the call rings) while the agent answers on B.
    const started = Date.now();
    const held = nodeA.api('/1-1/send', {
      body: { type: 'wait', call_id: callId, token: call.body.token, state: 'ringing' },
    });
    await new Promise((r) => setTimeout(r, 300));
    const accepted = await nodeB.api('/1-1/send', {
      body: { type: 'accept', call_id: callId },
      token: agent.token,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'answered', join: { role: 'host' } });
    const waited = await held;
    expect(waited.body).toMatchObject({ state: 'answered', join: { role: 'guest' } });
    expect(waited.body.join.alias).toBe(accepted.body.join.alias);
    // Woken by node B's word on the bus, not by the wait's own limit.
    expect(Date.now() - started).toBeLessThan(QR_CALL_WAIT_MAX_MS / 2);
    expect(await agentSocket.nextOf('qr_ring_stopped', (m) => m.call_id === callId)).toMatchObject({
      reason: 'answered',
    });
  });

  it('two agents on different nodes both decline: the call ends busy at once, not at the timeout', async () => {
    const owner = await signUpAndLogin(nodeA, 'x-owner2', 'Owner Hà');
    const onA = await signUpAndLogin(nodeA, 'x-agent-a', 'Agent Ánh');
    const onB = await signUpAndLogin(nodeB, 'x-agent-b', 'Agent Bảo');
    const alias = await qrDesk(owner, 'Help desk', [onA, onB]);
    const socketA = await online(nodeA, onA);
    const socketB = await online(nodeB, onB);
    await expect
      .poll(() => nodeA.podium.services.accountChannel.isOnline(onB.id), { timeout: 5_000 })
      .toBe(true);

    const call = await nodeA.api('/1-1/send', {
      body: { type: 'call', alias, display_name: 'Khách Minh' },
    });
    expect(call.body).toMatchObject({ state: 'ringing' });
    const callId = call.body.call_id as string;
    await socketA.nextOf('qr_ring', (m) => m.call_id === callId);
    await socketB.nextOf('qr_ring', (m) => m.call_id === callId);

    // Each declines on their own node, at the same time.
    const declines = await Promise.all([
      nodeA.api('/1-1/send', { body: { type: 'decline', call_id: callId }, token: onA.token }),
      nodeB.api('/1-1/send', { body: { type: 'decline', call_id: callId }, token: onB.token }),
    ]);
    for (const declined of declines)
      expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    // Everyone rung declined: the visitor hears "busy" now (the ring would last 30 s).
    const waited = await nodeB.api('/1-1/send', {
      body: { type: 'wait', call_id: callId, token: call.body.token },
    });
    expect(waited.body).toMatchObject({ state: 'busy' });
  });

  it('an agent in a live room on node B is busy for a call through node A: it does not ring them', async () => {
    const owner = await signUpAndLogin(nodeA, 'x-owner3', 'Owner Lý');
    const agent = await signUpAndLogin(nodeB, 'x-agent-c', 'Agent Cúc');
    const alias = await qrDesk(owner, 'Reception', [agent]);
    await online(nodeB, agent);
    // The agent is in a meeting of their own, held on node B.
    const meeting = await createEvent(nodeB, agent.token);
    const inRoom = await joinRoom(
      nodeB,
      await socketCredentials(nodeB, { alias: meeting.name }, agent.token),
    );
    sockets.push(inRoom.client);
    // Node A hears it with node B's next presence beat.
    await expect
      .poll(() => nodeA.podium.services.accountChannel.inCallElsewhere(agent.id), {
        timeout: 12_000,
      })
      .toBe(true);
    expect(nodeA.podium.services.accountChannel.isOnline(agent.id)).toBe(true);

    const call = await nodeA.api('/1-1/send', {
      body: { type: 'call', alias, display_name: 'Khách Tú' },
    });
    expect(call.body).toMatchObject({ state: 'busy' });
  });

  it("an audience chat line posted on node A reaches the event's listeners on node B, once", async () => {
    const owner = await signUpAndLogin(nodeA, 'x-owner4', 'Owner Mỹ');
    const event = await createEvent(nodeA, owner.token);
    const onB: string[] = [];
    const off = nodeB.podium.services.live.chat.subscribe(event.id, (m) => onB.push(m.text));
    try {
      const posted = await nodeA.podium.services.live.chat.post(
        event.id,
        { identity: `a:${owner.id}`, name: 'Owner Mỹ', from: 'stage' },
        'Xin chào khán giả',
      );
      await expect.poll(() => onB, { timeout: 5_000 }).toEqual(['Xin chào khán giả']);
      // Stored once, so a viewer arriving on either node finds it in the history.
      const history = await nodeB.podium.services.live.chat.recent(event.id);
      expect(history.map((m) => m.id)).toEqual([posted.id]);
    } finally {
      off();
    }
  });
});
