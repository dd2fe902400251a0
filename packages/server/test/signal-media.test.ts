import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedView, IceCandidate, MediaKind, PeerTarget, RoomMode } from '@podium/protocol';
import type {
  MediaRoom,
  MediaRoomOptions,
  MediaSink,
  PublishRequest,
  RoomMedia,
  SimulcastLayer,
} from '../src/realtime/room-media.ts';
import type { PublishRights } from '../src/rooms/index.ts';
import { MediaError } from '../src/media/index.ts';
import type { TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  startSignalServer,
  type Joined,
  type SignalClient,
} from './signal-support.ts';

/**
 * The gateway's side of media: what reaches the media backend (only what the room allows) and
 * what comes back to which socket. The Janus-backed backend does not exist yet, so this records
 * the calls it would receive; everything else (server, sockets, database) is real.
 */
interface Call {
  method: string;
  participantId?: string;
  args: unknown[];
}

class RecordingRoom implements MediaRoom {
  readonly available = true;
  readonly calls: Call[] = [];
  readonly feedList: FeedView[] = [];
  failNext: Error | false = false;
  /** Calls of these methods wait until released: a media server slow to answer. */
  readonly held = new Map<string, Promise<void>>();

  constructor(
    readonly options: MediaRoomOptions,
    readonly sink: MediaSink,
  ) {}

  #record(method: string, participantId: string | undefined, ...args: unknown[]): void {
    this.calls.push({ method, ...(participantId ? { participantId } : {}), args });
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = false;
      throw error;
    }
  }

  callsOf(method: string): Call[] {
    return this.calls.filter((c) => c.method === method);
  }

  feeds(): readonly FeedView[] {
    return this.feedList;
  }
  feedOwner(feedId: string): string | undefined {
    return this.feedList.find((f) => f.feed_id === feedId)?.participant_id;
  }
  async publish(request: PublishRequest): Promise<string> {
    this.#record('publish', request.participantId, request.source, request.sdp, request.rights);
    return `answer:${request.participantId}:${request.source}`;
  }
  async unpublish(participantId: string, source: string): Promise<void> {
    this.#record('unpublish', participantId, source);
  }
  async subscribe(participantId: string, feedIds: readonly string[]): Promise<string> {
    this.#record('subscribe', participantId, [...feedIds]);
    await this.held.get('subscribe');
    return `offer:${participantId}:${feedIds.join(',')}`;
  }
  async unsubscribe(participantId: string, feedIds: readonly string[]): Promise<void> {
    this.#record('unsubscribe', participantId, [...feedIds]);
  }
  async receiveVideo(participantId: string, feedId: string, on: boolean): Promise<void> {
    this.#record('receiveVideo', participantId, feedId, on);
  }
  async receiveLayer(participantId: string, layer: SimulcastLayer): Promise<void> {
    this.#record('receiveLayer', participantId, layer);
  }
  async sendLayer(participantId: string, layer: SimulcastLayer): Promise<void> {
    this.#record('sendLayer', participantId, layer);
  }
  async answer(participantId: string, sdp: string): Promise<void> {
    this.#record('answer', participantId, sdp);
  }
  async trickle(
    participantId: string,
    target: PeerTarget,
    candidate: IceCandidate | null,
  ): Promise<void> {
    this.#record('trickle', participantId, target, candidate);
  }
  async restartIce(participantId: string, target: PeerTarget): Promise<string | null> {
    this.#record('restartIce', participantId, target);
    return target === 'subscriber' ? `restart:${participantId}` : null;
  }
  async setPermissions(participantId: string, rights: PublishRights): Promise<void> {
    this.#record('setPermissions', participantId, rights);
  }
  async stop(participantId: string, kinds: readonly MediaKind[]): Promise<void> {
    this.#record('stop', participantId, [...kinds]);
  }
  async setInterpreter(participantId: string, channel: string | null): Promise<void> {
    this.#record('setInterpreter', participantId, channel);
  }
  async setMode(mode: RoomMode): Promise<void> {
    this.#record('setMode', undefined, mode);
  }
  async leave(participantId: string): Promise<void> {
    this.#record('leave', participantId);
  }
  async destroy(): Promise<void> {
    this.#record('destroy', undefined);
  }

  announce(feed: FeedView): void {
    this.feedList.push(feed);
    this.sink.feedsChanged({ added: [feed], removed: [] });
  }
}

class RecordingMedia implements RoomMedia {
  readonly available = true;
  readonly rooms = new Map<string, RecordingRoom>();
  async createRoom(options: MediaRoomOptions, sink: MediaSink): Promise<MediaRoom> {
    const room = new RecordingRoom(options, sink);
    this.rooms.set(options.roomId, room);
    return room;
  }
}

const feed = (feedId: string, participantId: string, source: FeedView['source'] = 'camera') =>
  ({
    feed_id: feedId,
    participant_id: participantId,
    name: 'someone',
    source,
    channel: null,
    audio: true,
    video: true,
    simulcast: true,
  }) satisfies FeedView;

/** Resolves once `client` has answered a heartbeat: everything sent before it has arrived. */
async function settled(client: SignalClient): Promise<void> {
  await client.ok({ type: 'heartbeat' });
}

describe('signaling media path', () => {
  const media = new RecordingMedia();
  let server: TestServer;
  let owner: SignedIn;
  let member: SignedIn;
  const joined: Joined[] = [];

  /** 'host' (the owner), 'member' (signed in), or a guest's name. */
  async function join(alias: string, who: 'host' | 'member' | string): Promise<Joined> {
    const credentials =
      who === 'host' || who === 'member'
        ? await socketCredentials(server, { alias }, (who === 'host' ? owner : member).token)
        : await socketCredentials(server, {
            ticket: await joinTicket(server, alias, { name: who }),
          });
    const j = await joinRoom(server, credentials);
    joined.push(j);
    await j.client.nextOf('chat_history');
    return j;
  }

  beforeAll(async () => {
    server = await startSignalServer('pglite', { media });
    owner = await signUpAndLogin(server, 'mediahost', 'Media Host');
    member = await signUpAndLogin(server, 'mediamember', 'Media Member');
  });

  afterAll(async () => {
    for (const j of joined) j.client.ws.terminate();
    await server.close();
  });

  it('relays SDP and ICE between sockets and the media backend, in a meeting', async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(event.name, 'host');
    const guest = await join(event.name, 'Vy');
    const room = media.rooms.get(event.id)!;
    expect(room.options).toMatchObject({ roomId: event.id, mode: 'meeting', maxPublishers: 8 });

    const published = await host.client.ok({
      type: 'publish_offer',
      source: 'camera',
      sdp: 'v=0 offer',
    });
    expect(published.sdp).toBe(`answer:${host.participantId}:camera`);
    expect(room.callsOf('publish')).toEqual([
      {
        method: 'publish',
        participantId: host.participantId,
        args: ['camera', 'v=0 offer', { audio: true, video: true, screen: true }],
      },
    ]);

    room.announce(feed('f-host', host.participantId));
    for (const c of [guest.client, host.client]) {
      expect(await c.nextOf('feeds')).toMatchObject({
        added: [{ feed_id: 'f-host', participant_id: host.participantId }],
        removed: [],
      });
    }

    await guest.client.ok({ type: 'subscribe', feeds: ['f-host'] });
    expect(await guest.client.nextOf('offer')).toEqual({
      type: 'offer',
      target: 'subscriber',
      sdp: `offer:${guest.participantId}:f-host`,
    });
    await guest.client.ok({ type: 'answer', sdp: 'v=0 answer' });
    const candidate = { candidate: 'candidate:1 1 udp 1 198.18.0.2 5000 typ host', sdpMid: '0' };
    await guest.client.ok({ type: 'trickle', target: 'subscriber', candidate });
    await guest.client.ok({ type: 'trickle', target: 'subscriber', completed: true });
    const relayed = ['subscribe', 'answer', 'trickle'];
    expect(
      room.calls.filter(
        (c) => c.participantId === guest.participantId && relayed.includes(c.method),
      ),
    ).toEqual([
      { method: 'subscribe', participantId: guest.participantId, args: [['f-host']] },
      { method: 'answer', participantId: guest.participantId, args: ['v=0 answer'] },
      {
        method: 'trickle',
        participantId: guest.participantId,
        args: ['subscriber', candidate],
      },
      { method: 'trickle', participantId: guest.participantId, args: ['subscriber', null] },
    ]);

    room.sink.candidate(guest.participantId, 'subscriber', { candidate: 'candidate:9' });
    room.sink.candidate(guest.participantId, 'subscriber', null);
    expect(await guest.client.nextOf('trickle')).toMatchObject({
      target: 'subscriber',
      candidate: { candidate: 'candidate:9' },
    });
    expect(await guest.client.nextOf('trickle')).toMatchObject({ candidate: null });

    expect(await guest.client.request({ type: 'subscribe', feeds: ['f-nope'] })).toMatchObject({
      type: 'error',
      code: 'target_not_found',
    });

    // The video of one subscribed feed off and on again (frames it cannot decrypt).
    await guest.client.ok({ type: 'receive_video', feed_id: 'f-host', on: false });
    await guest.client.ok({ type: 'receive_video', feed_id: 'f-host', on: true });
    expect(room.callsOf('receiveVideo')).toEqual([
      { method: 'receiveVideo', participantId: guest.participantId, args: ['f-host', false] },
      { method: 'receiveVideo', participantId: guest.participantId, args: ['f-host', true] },
    ]);

    // A lossy downlink: every video it receives at most at the middle layer, then back on top.
    await guest.client.ok({ type: 'receive_layer', layer: 1 });
    await guest.client.ok({ type: 'receive_layer', layer: 2 });
    expect(room.callsOf('receiveLayer')).toEqual([
      { method: 'receiveLayer', participantId: guest.participantId, args: [1] },
      { method: 'receiveLayer', participantId: guest.participantId, args: [2] },
    ]);
    // A lossy uplink: its camera about to send the lowest layer only, then every layer again.
    await guest.client.ok({ type: 'send_layer', layer: 0 });
    await guest.client.ok({ type: 'send_layer', layer: 2 });
    expect(room.callsOf('sendLayer')).toEqual([
      { method: 'sendLayer', participantId: guest.participantId, args: [0] },
      { method: 'sendLayer', participantId: guest.participantId, args: [2] },
    ]);

    await guest.client.ok({ type: 'ice_restart', target: 'subscriber' });
    expect(await guest.client.nextOf('offer')).toMatchObject({
      sdp: `restart:${guest.participantId}`,
    });
    await host.client.ok({ type: 'ice_restart', target: 'camera' });
    await settled(host.client);
    expect(host.client.all('offer')).toEqual([]);

    // A late joiner hears of the feeds right after the welcome and the chat history.
    const late = await join(event.name, 'Xuân');
    expect(await late.client.nextOf('feeds')).toMatchObject({
      added: [{ feed_id: 'f-host' }],
    });

    // The media server failing is an error for that request, nothing more.
    room.failNext = new Error('media server went away');
    expect(
      await host.client.request({ type: 'publish_offer', source: 'screen', sdp: 'v=0' }),
    ).toMatchObject({ type: 'error', code: 'internal', message: 'Error, please try again' });
    // A client's own mistake (an offer the media server cannot read) is not a server fault.
    room.failNext = new MediaError('invalid-sdp', 'bad offer');
    expect(
      await host.client.request({ type: 'publish_offer', source: 'screen', sdp: 'v=0' }),
    ).toMatchObject({ type: 'error', code: 'bad_message', key: 'errors.bad_message' });
    // A media server that stops answering is "unavailable", which the client can retry.
    room.failNext = new MediaError('timeout', 'no answer');
    expect(
      await host.client.request({ type: 'publish_offer', source: 'screen', sdp: 'v=0' }),
    ).toMatchObject({ type: 'error', code: 'media_unavailable' });
    await host.client.ok({ type: 'chat', to: 'everyone', text: 'still fine' });

    await guest.client.ok({ type: 'leave' });
    await settled(host.client);
    expect(room.callsOf('leave').map((c) => c.participantId)).toEqual([guest.participantId]);
  });

  /** A host's feed a guest sees, and the media server sitting on every subscription. */
  async function subscriptionsHeld(feedId: string) {
    const event = await createEvent(server, owner.token);
    const host = await join(event.name, 'host');
    const guest = await join(event.name, 'Lan');
    const room = media.rooms.get(event.id)!;
    room.announce(feed(feedId, host.participantId));
    await guest.client.nextOf('feeds');
    let answer = (): void => undefined;
    room.held.set('subscribe', new Promise<void>((resolve) => (answer = resolve)));
    const release = () => {
      answer();
      room.held.delete('subscribe');
    };
    return { guest, room, release };
  }

  it("tells a joiner the feeds right after its welcome, before the features' state", async () => {
    const event = await createEvent(server, owner.token);
    const host = await join(event.name, 'host');
    media.rooms.get(event.id)!.announce(feed('f-early', host.participantId));
    await host.client.nextOf('feeds');
    const guest = await join(event.name, 'Lan');
    const types = guest.client.received.map((m) => m.type);
    const welcome = types.indexOf('welcome');
    // The browser subscribes on `feeds`: what the features tell a joiner waits behind it.
    expect(types[welcome + 1]).toBe('feeds');
    expect(guest.client.received[welcome + 1]).toMatchObject({
      added: [{ feed_id: 'f-early', participant_id: host.participantId }],
    });
    expect(types.indexOf('chat_history')).toBeGreaterThan(welcome + 1);
  });

  it('keeps a socket answering while the media server is slow, and hands its media requests on in order', async () => {
    const { guest, room, release } = await subscriptionsHeld('f-slow');
    const subscribed = guest.client.request({ type: 'subscribe', feeds: ['f-slow'] });
    // Behind it on the same socket: a layer change for the same connection, a raised hand and a
    // chat message. The controls answer while Janus has not; the media request reaches the
    // media room in the order sent (which keeps each connection's order from there).
    const layered = guest.client.request({ type: 'receive_layer', layer: 1 });
    await guest.client.ok({ type: 'raise_hand' });
    await guest.client.ok({ type: 'chat', to: 'everyone', text: 'while it connects' });
    expect(
      room.calls
        .filter((c) => c.participantId === guest.participantId)
        .map((c) => c.method)
        .filter((m) => m === 'subscribe' || m === 'receiveLayer'),
    ).toEqual(['subscribe', 'receiveLayer']);
    expect(guest.client.all('offer')).toEqual([]);

    release();
    expect(await subscribed).toMatchObject({ type: 'reply', ok: true });
    expect(await layered).toMatchObject({ type: 'reply', ok: true });
    expect(await guest.client.nextOf('offer')).toMatchObject({
      sdp: `offer:${guest.participantId}:f-slow`,
    });
  });

  it('counts media requests the media server has not answered against the queue limit, until answered', async () => {
    const { guest, room, release } = await subscriptionsHeld('f-held');
    // 64 (the gateway's maxQueued) subscriptions the media server sits on.
    const pending = Array.from({ length: 64 }, () =>
      guest.client.request({ type: 'subscribe', feeds: ['f-held'] }),
    );
    await expect
      .poll(() => room.callsOf('subscribe').filter((c) => c.participantId === guest.participantId))
      .toHaveLength(64);
    // One more request of any kind is refused while they are out.
    expect(await guest.client.request({ type: 'raise_hand' })).toMatchObject({
      type: 'error',
      code: 'rate_limited',
    });

    release();
    for (const answer of await Promise.all(pending)) {
      expect(answer).toMatchObject({ type: 'reply', ok: true });
    }
    // Answered, they count no more.
    await guest.client.ok({ type: 'raise_hand' });
  });

  it('asks the media backend only for what the role allows and shows feeds only to who may see them', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(event.name, 'host');
    const a = await join(event.name, 'Anh');
    const b = await join(event.name, 'Bảo');
    const room = media.rooms.get(event.id)!;

    expect(
      await a.client.request({ type: 'publish_offer', source: 'camera', sdp: 'v=0' }),
    ).toMatchObject({ type: 'error', code: 'permission' });
    expect(room.callsOf('publish')).toEqual([]);

    await host.client.ok({
      type: 'set_role',
      participant_id: a.participantId,
      role: 'presenter',
      granted: true,
    });
    await settled(host.client);
    expect(room.callsOf('setPermissions').at(-1)).toEqual({
      method: 'setPermissions',
      participantId: a.participantId,
      args: [{ audio: true, video: true, screen: true }],
    });
    await a.client.ok({ type: 'publish_offer', source: 'camera', sdp: 'v=0' });
    await a.client.ok({ type: 'set_media_state', audio: true, video: true, screen: false });

    room.announce(feed('f-a', a.participantId));
    expect(await b.client.nextOf('feeds')).toMatchObject({ added: [{ feed_id: 'f-a' }] });

    // Moved backstage: the audience no longer sees A, so A's new feeds do not reach them.
    await host.client.ok({ type: 'go_invisible', participant_id: a.participantId });
    expect(await b.client.nextOf('participant_left')).toMatchObject({
      participant_id: a.participantId,
      reason: 'hidden',
    });
    expect(await b.client.nextOf('feeds')).toEqual({ type: 'feeds', added: [], removed: ['f-a'] });
    room.announce(feed('f-a-screen', a.participantId, 'screen'));
    expect(await host.client.nextOf('feeds', (m) => m.added.length > 0)).toBeDefined();
    await settled(b.client);
    expect(b.client.all('feeds').flatMap((m) => m.added.map((f) => f.feed_id))).toEqual(['f-a']);
    expect(await b.client.request({ type: 'subscribe', feeds: ['f-a-screen'] })).toMatchObject({
      type: 'error',
      code: 'target_not_found',
    });
    await host.client.ok({ type: 'subscribe', feeds: ['f-a-screen'] });

    // Moderators see backstage: made co-host, M gets the whole picture, A's hidden feed included.
    const m = await join(event.name, 'member');
    await settled(m.client);
    expect(m.client.all('feeds').flatMap((f) => f.added.map((x) => x.feed_id))).toEqual([]);
    await host.client.ok({
      type: 'set_role',
      participant_id: m.participantId,
      role: 'co-host',
      granted: true,
    });
    await m.client.nextOf('snapshot');
    expect(await m.client.nextOf('feeds')).toMatchObject({
      added: [{ feed_id: 'f-a' }, { feed_id: 'f-a-screen' }],
      removed: [],
    });

    // Back on stage: the audience sees A again, and A's feeds with them.
    await host.client.ok({ type: 'go_visible', participant_id: a.participantId });
    expect(await b.client.nextOf('participant_joined')).toMatchObject({
      participant: { id: a.participantId },
    });
    expect(await b.client.nextOf('feeds')).toMatchObject({
      added: [{ feed_id: 'f-a' }, { feed_id: 'f-a-screen' }],
      removed: [],
    });

    await host.client.ok({ type: 'mute_all', layout: 'center' });
    await settled(host.client);
    expect(room.callsOf('stop')).toEqual([
      { method: 'stop', participantId: a.participantId, args: [['audio']] },
    ]);
    expect(await a.client.nextOf('media_stopped')).toMatchObject({ kinds: ['audio'] });

    await host.client.ok({ type: 'set_mode', mode: 'meeting' });
    await settled(host.client);
    expect(room.callsOf('setMode').map((c) => c.args[0])).toEqual(['meeting']);
  });

  it('routes an interpreter to the listeners of their channel only', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(event.name, 'host');
    const ivy = await join(event.name, 'Ivy');
    const lan = await join(event.name, 'Lan');
    const room = media.rooms.get(event.id)!;

    await host.client.ok({
      type: 'set_interpreter',
      participant_id: ivy.participantId,
      channel: 'English',
    });
    await settled(host.client);
    expect(room.callsOf('setInterpreter')).toEqual([
      { method: 'setInterpreter', participantId: ivy.participantId, args: ['English'] },
    ]);
    await ivy.client.ok({ type: 'publish_offer', source: 'camera', sdp: 'v=0' });
    room.announce(feed('f-ivy', ivy.participantId));
    // The interpreter sees their own feed with its channel; people on Original get nothing.
    expect(await ivy.client.nextOf('feeds')).toMatchObject({
      added: [{ feed_id: 'f-ivy', channel: 'English' }],
    });
    await settled(lan.client);
    await settled(host.client);
    expect(lan.client.all('feeds')).toEqual([]);
    expect(host.client.all('feeds')).toEqual([]);
    expect(await lan.client.request({ type: 'subscribe', feeds: ['f-ivy'] })).toMatchObject({
      type: 'error',
      code: 'target_not_found',
    });

    expect(
      await lan.client.request({ type: 'choose_channel', channel: 'Tiếng Việt' }),
    ).toMatchObject({
      type: 'error',
      code: 'not_allowed',
      key: 'room.no_interpreter',
      message: 'No interpreter available',
    });
    await lan.client.ok({ type: 'choose_channel', channel: 'English' });
    expect(await lan.client.nextOf('feeds')).toEqual({
      type: 'feeds',
      added: [{ ...feed('f-ivy', ivy.participantId), channel: 'English' }],
      removed: [],
    });
    await lan.client.ok({ type: 'subscribe', feeds: ['f-ivy'] });

    // A late joiner is on Original: no interpreter feed after the welcome.
    const late = await join(event.name, 'Minh');
    await settled(late.client);
    expect(late.client.all('feeds')).toEqual([]);

    // Back to Original: the feed goes, from the client and from the subscription.
    await lan.client.ok({ type: 'choose_channel', channel: null });
    expect(await lan.client.nextOf('feeds')).toEqual({
      type: 'feeds',
      added: [],
      removed: ['f-ivy'],
    });
    await settled(lan.client);
    expect(room.callsOf('unsubscribe')).toEqual([
      { method: 'unsubscribe', participantId: lan.participantId, args: [['f-ivy']] },
    ]);
    expect(await lan.client.request({ type: 'subscribe', feeds: ['f-ivy'] })).toMatchObject({
      code: 'target_not_found',
    });

    // Listening again, then the host moves Ivy to another channel: the English listener loses her.
    await lan.client.ok({ type: 'choose_channel', channel: 'English' });
    await lan.client.nextOf('feeds');
    await host.client.ok({
      type: 'set_interpreter',
      participant_id: ivy.participantId,
      channel: 'Français',
    });
    expect(await lan.client.nextOf('feeds')).toEqual({
      type: 'feeds',
      added: [],
      removed: ['f-ivy'],
    });
    expect(await ivy.client.nextOf('feeds')).toMatchObject({
      added: [{ feed_id: 'f-ivy', channel: 'Français' }],
    });

    // Stopped interpreting: an attendee again, with an ordinary feed the moderators receive
    // (the audience of a conference does not see attendees).
    await host.client.ok({
      type: 'set_interpreter',
      participant_id: ivy.participantId,
      channel: null,
    });
    expect(await host.client.nextOf('feeds')).toMatchObject({
      added: [{ feed_id: 'f-ivy', channel: null }],
      removed: [],
    });
    expect(await late.client.nextOf('participant_left')).toMatchObject({
      participant_id: ivy.participantId,
      reason: 'hidden',
    });
  });
});
