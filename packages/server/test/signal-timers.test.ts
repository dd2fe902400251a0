import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION, apiPaths } from '@podium/protocol';
import type { TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  greet,
  joinRoom,
  joinTicket,
  SignalClient,
  sleep,
  socketCredentials,
  startSignalServer,
} from './signal-support.ts';

/** The gateway's clocks, shortened: heartbeats, the grace period, idle rooms, expiry. */
describe('signaling timers', () => {
  let server: TestServer;
  let owner: SignedIn;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    server = await startSignalServer('pglite', {
      graceMs: 400,
      idleCloseMs: 150,
      endedLingerMs: 150,
      // Long enough for a loaded machine to greet and join between two pings.
      limits: { heartbeatMs: 1500, helloTimeoutMs: 300 },
    });
    owner = await signUpAndLogin(server, 'timerhost', 'Timer Host');
  });

  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await server.close();
  });

  const hostCredentials = (alias: string) => socketCredentials(server, { alias }, owner.token);
  const guestCredentials = async (alias: string, name: string) =>
    socketCredentials(server, { ticket: await joinTicket(server, alias, { name }) });

  it('a socket that stops answering pings is dropped; after the grace period the participant leaves', async () => {
    const event = await createEvent(server, owner.token);
    const host = await joinRoom(server, await hostCredentials(event.name));
    sockets.push(host.client.ws);

    // A client that never answers the server's pings (a frozen tab, a dead network path).
    const credentials = await guestCredentials(event.name, 'Mute');
    const ws = new WebSocket(server.url.replace(/^http/, 'ws') + apiPaths.signal.socket, {
      autoPong: false,
    });
    sockets.push(ws);
    await new Promise((resolve) => ws.once('open', resolve));
    const frames: { type: string }[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as { type: string }));
    ws.send(
      JSON.stringify({ id: '1', type: 'hello', protocol_version: PROTOCOL_VERSION, credentials }),
    );
    ws.send(JSON.stringify({ id: '2', type: 'join' }));
    const joined = await host.client.nextOf('participant_joined');
    const welcome = frames.find((f) => f.type === 'welcome') as { session_id: string } | undefined;

    const closed = await new Promise<number>((resolve) => ws.once('close', resolve));
    expect(closed).toBe(1006);
    expect(await host.client.nextOf('participant_updated')).toMatchObject({
      participant_id: joined.participant.id,
      changes: { state: 'reconnecting' },
    });
    expect(await host.client.nextOf('participant_left')).toMatchObject({
      participant_id: joined.participant.id,
      reason: 'timeout',
    });

    // Too late to resume.
    const late = await greet(server, credentials);
    sockets.push(late.ws);
    expect(welcome).toBeDefined();
    expect(await late.request({ type: 'resume', session_id: welcome!.session_id })).toMatchObject({
      type: 'error',
      code: 'session_expired',
    });
    // The host, answering pings, is still there.
    expect(host.client.isOpen).toBe(true);
  });

  it('keeps a client that answered while the server was stalled longer than a heartbeat', async () => {
    const event = await createEvent(server, owner.token);
    const host = await joinRoom(server, await hostCredentials(event.name));
    sockets.push(host.client.ws);
    const guest = await joinRoom(server, await guestCredentials(event.name, 'Busy'));
    sockets.push(guest.client.ws);
    let dropped = false;
    guest.client.ws.once('close', () => (dropped = true));
    // The guest's pong is written as the ping arrives; then this process (the server's too)
    // is busy for two heartbeats, so the pong waits unread while the next tick comes due.
    await new Promise<void>((resolve) =>
      guest.client.ws.once('ping', () => {
        const until = Date.now() + 3_200;
        while (Date.now() < until) {
          // Busy: a stalled event loop.
        }
        resolve();
      }),
    );
    await sleep(3_500);
    expect(dropped).toBe(false);
    expect(guest.client.isOpen).toBe(true);
    expect(host.client.isOpen).toBe(true);
  });

  it('closes a socket that never says hello with 4003', async () => {
    const client = await SignalClient.connect(server);
    sockets.push(client.ws);
    expect((await client.closed).code).toBe(4003);
  });

  it('an empty room closes; the next run of the event starts afresh with the stored chat', async () => {
    const event = await createEvent(server, owner.token);
    const registry = server.podium.signaling.registry;
    const host = await joinRoom(server, await hostCredentials(event.name));
    sockets.push(host.client.ws);
    const guestCreds = await guestCredentials(event.name, 'Linh');
    const guest = await joinRoom(server, guestCreds);
    sockets.push(guest.client.ws);
    await guest.client.ok({ type: 'chat', to: host.participantId, text: 'private, kept' });
    await host.client.ok({ type: 'chat', to: 'everyone', text: 'public, kept' });
    await host.client.ok({ type: 'block', participant_id: guest.participantId });
    await host.client.ok({ type: 'leave' });
    expect(registry.find(event.id)).toBeDefined();

    const deadline = Date.now() + 3000;
    while (registry.find(event.id) && Date.now() < deadline) await sleep(25);
    expect(registry.find(event.id)).toBeUndefined();

    const again = await joinRoom(server, await hostCredentials(event.name));
    sockets.push(again.client.ws);
    const history = await again.client.nextOf('chat_history');
    expect(history.messages.map((m) => m.text)).toEqual(['private, kept', 'public, kept']);
    // The block outlived the room run.
    const blocked = await greet(server, guestCreds);
    sockets.push(blocked.ws);
    expect(await blocked.request({ type: 'join' })).toMatchObject({
      type: 'error',
      code: 'blocked',
    });
  });

  it('ends the room when the event link expires', async () => {
    // Far enough ahead for a loaded machine to create the event and join before it expires.
    const expiresAt = new Date(Date.now() + 3000).toISOString();
    const event = await createEvent(server, owner.token, { expired_at: expiresAt });
    const host = await joinRoom(server, await hostCredentials(event.name));
    sockets.push(host.client.ws);
    expect(await host.client.nextOf('ended', () => true, 8000)).toMatchObject({
      reason: 'time_over',
    });
    expect((await host.client.closed).code).toBe(1000);
  });
});
