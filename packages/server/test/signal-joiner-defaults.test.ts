import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO, type ServerMessageType, type StudioState } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  greet,
  joinRoom,
  joinTicket,
  socketCredentials,
  type Joined,
  type SignalClient,
} from './signal-support.ts';

/**
 * What the in-call features send a joiner after its `welcome`: only state that differs from
 * their defaults, which the browser takes at every welcome (issue 11 item 5). The late-joiner
 * tests of each feature (recording, audience, live-chat, camera-share, breakout, studio,
 * whiteboard) show the state that is not default still arrives.
 */
const FEATURE_STATES: readonly ServerMessageType[] = [
  'recording_state',
  'audience_state',
  'audience_chat_history',
  'stream_state',
  'studio_state',
  'whiteboard_state',
  'whiteboard_scene',
  'breakout_state',
  'camera_shares',
  'video_state',
  'e2ee_public_keys',
];

describe.each(STORE_KINDS)('what a joiner is sent on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  const clients: SignalClient[] = [];

  async function join(alias: string, who: { owner: SignedIn } | { name: string }) {
    const credentials =
      'owner' in who
        ? await socketCredentials(server, { alias }, who.owner.token)
        : await socketCredentials(server, { ticket: await joinTicket(server, alias, who) });
    const joined = await joinRoom(server, credentials);
    clients.push(joined.client);
    // Everything the join caused is written before the answer to a later request.
    await joined.client.ok({ type: 'heartbeat' });
    return { ...joined, credentials };
  }

  const featureStates = (j: Pick<Joined, 'client'>) =>
    j.client.received.filter((m) => FEATURE_STATES.includes(m.type)).map((m) => m.type);

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'joinerdefaults', 'Mai Trần');
  });

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  it('in a room where nothing has changed: the chat history and no feature state', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(event.name, { owner });
    const guest = await join(event.name, { name: 'Lan' });
    for (const j of [host, guest]) {
      expect(j.client.all('chat_history')).toHaveLength(1);
      expect(featureStates(j)).toEqual([]);
      expect(j.client.invalid).toEqual([]);
    }
  });

  it('a resume (the same participant on a new socket) gets every state, defaults included', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(event.name, { owner });
    const guest = await join(event.name, { name: 'Lan' });
    expect(featureStates(guest)).toEqual([]);
    // Its browser may hold an older state of the room (a recording since stopped): it is told.
    guest.client.ws.terminate();
    const back = await greet(server, guest.credentials);
    clients.push(back);
    await back.ok({ type: 'resume', session_id: guest.sessionId });
    await back.nextOf('welcome');
    await back.ok({ type: 'heartbeat' });
    expect(featureStates({ client: back }).sort()).toEqual(
      [
        'audience_state',
        'audience_chat_history',
        'recording_state',
        'whiteboard_state',
        'studio_state',
        'camera_shares',
        'breakout_state',
        'video_state',
      ].sort(),
    );
    expect(back.all('video_state')[0]?.video).toBeNull();
    expect(back.all('studio_state')[0]?.studio).toEqual(DEFAULT_STUDIO);
    expect(back.all('breakout_state')[0]?.breakout).toBeNull();
    expect(featureStates(host)).toEqual([]);
  });

  it('in a room whose board is open and studio set: those two, and still nothing else', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(event.name, { owner });
    const studio: StudioState = { ...DEFAULT_STUDIO, layout: 2 };
    await host.client.ok({ type: 'studio_set', studio });
    await host.client.ok({ type: 'whiteboard_open' });

    const late = await join(event.name, { name: 'Bảo' });
    expect(featureStates(late)).toEqual(['whiteboard_state', 'studio_state']);
    expect(late.client.all('studio_state')[0]).toEqual({
      type: 'studio_state',
      studio,
      by: host.participantId,
    });
    expect(late.client.all('whiteboard_state')[0]?.whiteboard).toMatchObject({
      open: true,
      opened_by: host.participantId,
    });

    // Set back to the default: what a late joiner gets is what it shows, so it is still sent.
    await host.client.ok({ type: 'studio_set', studio: DEFAULT_STUDIO });
    const later = await join(event.name, { name: 'Khoa' });
    expect(later.client.all('studio_state')[0]?.studio).toEqual(DEFAULT_STUDIO);
  });
});
