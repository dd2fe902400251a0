import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@podium/protocol';
import { startTestNodes, type TestNodes } from './support/cluster.ts';
import { signUpAndLogin } from './events-support.ts';
import { createEvent, joinRoom, socketCredentials, SignalClient } from './signal-support.ts';
import type { TestServer } from './support/server.ts';

// Issue 11 item 3 on a cluster (issue 16): a `hello {join_link}` reaching a node that does not
// run the room is admitted there, linked to the owner with the credentials it was given, and its
// answer still carries the admission.
describe('a join link greeted on the node that does not run the room', () => {
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

  it('is admitted, linked to the owner, and answered with its admission', async () => {
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
        join_link: { alias: event.name, passcode: 'Open-1234', display_name: 'Khách B' },
      }),
      guest.request({ type: 'join', has_mic: false, has_camera: false }),
    ]);
    expect(greeted).toMatchObject({
      type: 'reply',
      data: { admission: { role: 'guest', display_name: 'Khách B', room_id: event.id } },
    });
    expect(joined.type).toBe('reply');
    const welcome = await guest.nextOf('welcome');
    expect(JSON.stringify(welcome)).toContain(host.participantId);
    // Linked: node B runs no room of its own.
    expect(nodeB.podium.signaling.registry.size).toBe(0);
    await host.client.nextOf('participant_joined', (m) => JSON.stringify(m).includes('Khách B'));
    expect(guest.invalid).toEqual([]);
  });
});
