import crypto from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, PROTOCOL_VERSION } from '@podium/protocol';
import { NODE_LINK_HEADER, signNodeLink } from '../src/realtime/node-link.ts';
import { LEASE_MS } from '../src/cluster/leases.ts';
import { startTestNodes, type TestNodes } from './support/cluster.ts';
import { comeBack } from './support/rejoin.ts';
import { signUpAndLogin } from './events-support.ts';
import {
  createEvent,
  greet,
  joinRoom,
  joinTicket,
  socketCredentials,
  SignalClient,
} from './signal-support.ts';
import type { TestServer } from './support/server.ts';

// Issue 16 item 1: a live room runs on one node (its lease); a participant whose socket reached
// another node is linked to the owner, so two people on different nodes are in one call.
describe('one room, participants on two nodes (PostgreSQL + Redis)', () => {
  let cluster: TestNodes;
  let nodeA: TestServer;
  let nodeB: TestServer;
  const sockets: SignalClient[] = [];

  beforeAll(async () => {
    cluster = await startTestNodes(2);
    [nodeA, nodeB] = cluster.nodes as [TestServer, TestServer];
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await cluster?.close();
  });

  const guest = async (node: TestServer, alias: string, name: string): Promise<string> =>
    socketCredentials(node, { ticket: await joinTicket(node, alias, { name }) });

  it('roster, chat both ways, a hand raised, and the lock hold across nodes', async () => {
    const owner = await signUpAndLogin(nodeA, 'rooms-owner', 'Chủ phòng');
    const event = await createEvent(nodeA, owner.token);
    const host = await joinRoom(
      nodeA,
      await socketCredentials(nodeA, { alias: event.name }, owner.token),
    );
    sockets.push(host.client);
    // The room runs on node A, which holds its lease.
    const leases = nodeA.podium.services.cluster.leases;
    expect((await nodeB.podium.services.cluster.leases.owner(event.id))?.nodeId).toBe(
      leases.nodeId,
    );

    // A guest whose socket reached node B is in the same call.
    const onB = await joinRoom(nodeB, await guest(nodeB, event.name, 'Khách B'));
    sockets.push(onB.client);
    expect(nodeB.podium.signaling.registry.size).toBe(0);
    const rosterIds = JSON.stringify(onB.welcome);
    expect(rosterIds).toContain(host.participantId);
    await host.client.nextOf('participant_joined', (m) =>
      JSON.stringify(m).includes(onB.participantId),
    );

    await host.client.ok({ type: 'chat', to: 'everyone', text: 'Xin chào từ A' });
    expect(
      await onB.client.nextOf('chat_message', (m) => JSON.stringify(m).includes('Xin chào từ A')),
    ).toBeTruthy();
    await onB.client.ok({ type: 'chat', to: 'everyone', text: 'Hello from B' });
    expect(
      await host.client.nextOf('chat_message', (m) => JSON.stringify(m).includes('Hello from B')),
    ).toBeTruthy();

    await onB.client.ok({ type: 'raise_hand' });
    expect(await host.client.nextOf('hand_raised')).toMatchObject({
      participant_id: onB.participantId,
    });

    // The host locks the room: a new guest is refused on either node.
    await host.client.ok({ type: 'lock' });
    for (const node of [nodeB, nodeA]) {
      const late = await greet(node, await guest(node, event.name, 'Muộn'));
      sockets.push(late);
      expect(await late.request({ type: 'join', has_mic: false, has_camera: false })).toMatchObject(
        { type: 'error', code: 'room_locked' },
      );
    }
    expect(nodeB.podium.signaling.registry.size).toBe(0);

    // The guest's socket closing on node B is a dropped connection in the room on node A.
    onB.client.ws.terminate();
    expect(
      await host.client.nextOf('participant_updated', (m) =>
        JSON.stringify(m).includes('reconnecting'),
      ),
    ).toBeTruthy();
  }, 60_000);

  it('a link header not signed with the nodes’ secret is ignored: the socket is an ordinary client', async () => {
    const owner = await signUpAndLogin(nodeA, 'rooms-forger');
    const event = await createEvent(nodeA, owner.token);
    const host = await joinRoom(
      nodeA,
      await socketCredentials(nodeA, { alias: event.name }, owner.token),
    );
    sockets.push(host.client);
    // Forged: right shape, wrong key. Node B does not take it for a link from another node,
    // so it links the socket to node A itself, and the participant is in the call there.
    const forged = signNodeLink(Buffer.alloc(32, 7), '203.0.113.9', Date.now());
    const ws = new WebSocket(nodeB.url.replace(/^http/, 'ws') + apiPaths.signal.socket, {
      headers: { [NODE_LINK_HEADER]: forged },
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const frames: Array<Record<string, unknown>> = [];
    ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as Record<string, unknown>));
    const credentials = await guest(nodeB, event.name, 'Forger');
    ws.send(
      JSON.stringify({ id: 'h', type: 'hello', protocol_version: PROTOCOL_VERSION, credentials }),
    );
    ws.send(JSON.stringify({ id: 'j', type: 'join', has_mic: false, has_camera: false }));
    await host.client.nextOf('participant_joined');
    const deadline = Date.now() + 5_000;
    while (!frames.some((f) => f.type === 'welcome') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(frames.map((f) => f.type)).toContain('welcome');
    expect(nodeB.podium.signaling.registry.size).toBe(0);
    ws.terminate();
  }, 30_000);

  it('a gift given through the node that does not run the room reaches the room (forwarded to its owner)', async () => {
    const owner = await signUpAndLogin(nodeA, 'rooms-gift-host', 'Hà');
    const giver = await signUpAndLogin(nodeB, 'rooms-gift-giver', 'Minh');
    const event = await createEvent(nodeA, owner.token);
    const host = await joinRoom(
      nodeA,
      await socketCredentials(nodeA, { alias: event.name }, owner.token),
    );
    sockets.push(host.client);
    const member = await joinRoom(
      nodeB,
      await socketCredentials(nodeB, {
        ticket: await joinTicket(nodeB, event.name, { name: 'Minh', token: giver.token }),
      }),
    );
    sockets.push(member.client);
    const credited = await nodeB.api(apiPaths.wallet.devCredit, {
      token: giver.token,
      body: { amount: 100, idempotency_key: crypto.randomUUID() },
    });
    expect(credited.status).toBe(200);
    // Node B runs no room: without forwarding it would answer "not in the room" (403).
    const res = await nodeB.api(apiPaths.gifts.give, {
      token: giver.token,
      body: {
        room: event.id,
        to: host.participantId,
        gift_id: 'rose',
        idempotency_key: crypto.randomUUID(),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balances).toEqual([{ unit: 'coin', value: 90 }]);
    for (const c of [host.client, member.client]) {
      expect(await c.nextOf('gift_given')).toMatchObject({ gift: { id: 'rose' } });
    }
  }, 30_000);

  // Last: it stops node A.
  // Issue 11 item 3: the pre-join page's `hello {join_link}` reaching the node that does not run
  // the room is admitted there, linked to the owner with the credentials it was given, and its
  // answer still carries the admission.
  it('a join link greeted on the other node is admitted, linked, and answered with its admission', async () => {
    const owner = await signUpAndLogin(nodeA, 'link-owner', 'Chủ phòng');
    const event = await createEvent(nodeA, owner.token, { passcode: 'Open-1234' });
    const host = await joinRoom(
      nodeA,
      await socketCredentials(nodeA, { alias: event.name }, owner.token),
    );
    sockets.push(host.client);

    const guest = await SignalClient.connect(nodeB);
    sockets.push(guest);
    const [greeted, joined] = await Promise.all([
      guest.request({
        type: 'hello',
        protocol_version: PROTOCOL_VERSION,
        join_link: { alias: event.name, passcode: 'Open-1234', display_name: 'Khách link' },
      }),
      guest.request({ type: 'join', has_mic: false, has_camera: false }),
    ]);
    expect(greeted).toMatchObject({
      type: 'reply',
      data: { admission: { role: 'guest', display_name: 'Khách link', room_id: event.id } },
    });
    expect(joined.type).toBe('reply');
    const welcome = await guest.nextOf('welcome');
    expect(JSON.stringify(welcome)).toContain(host.participantId);
    // Linked: node B runs no room of its own.
    expect(nodeB.podium.signaling.registry.size).toBe(0);
    await host.client.nextOf('participant_joined', (m) => JSON.stringify(m).includes('Khách link'));
    expect(guest.invalid).toEqual([]);
  });

  it('a node stopped gracefully hands its rooms over at once: a linked guest is back through the other node, lock kept', async () => {
    const owner = await signUpAndLogin(nodeA, 'rooms-drain');
    const event = await createEvent(nodeA, owner.token);
    const host = await joinRoom(
      nodeA,
      await socketCredentials(nodeA, { alias: event.name }, owner.token),
    );
    sockets.push(host.client);
    const credentials = await guest(nodeB, event.name, 'Khách');
    const linked = await joinRoom(nodeB, credentials);
    sockets.push(linked.client);
    await host.client.ok({ type: 'lock' });

    const stoppedAt = Date.now();
    // SIGTERM's path: rooms close keeping their state, then release their leases.
    await nodeA.close();
    expect((await linked.client.closed).code).toBe(1012);
    const back = await comeBack(nodeB, credentials, linked.sessionId, sockets);
    expect(back.welcome.room).toMatchObject({ locked: true });
    // No wait for the lease to expire: the stopped node released it.
    expect(Date.now() - stoppedAt).toBeLessThan(LEASE_MS);
    expect(nodeB.podium.signaling.registry.size).toBe(1);
  }, 30_000);
});
