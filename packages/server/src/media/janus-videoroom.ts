// The VideoRoom plugin (Janus's SFU) in Podium's terms: rooms, feeds (publishers), subscriptions,
// session descriptions and ICE candidates. Request and event formats: janus-doc videoroom.html.
import { z } from 'zod';
import type { HandleCore, HandleGoneReason } from './janus-handle.ts';
import { MediaError } from './janus-errors.ts';
import type { WireCandidateOut, WireJsep } from './janus-wire.ts';
import { wireJsep } from './janus-wire.ts';
import { TypedEvents } from '../shared/typed-events.ts';

/** Room identifiers are strings (VideoRoom runs with `string_ids`). */
export type RoomId = string;
/** A participant's publisher identity in a room; never the string "ok" (Janus's own marker). */
export type FeedId = string;
export type MediaKind = 'audio' | 'video' | 'data';
export type VideoCodec = 'vp8' | 'vp9' | 'h264' | 'av1';
export type AudioCodec = 'opus' | 'g722' | 'pcmu' | 'pcma';

export interface SessionDescription {
  type: 'offer' | 'answer';
  sdp: string;
  /** The sender encrypts its media end to end (required in rooms created with `requireE2ee`). */
  e2ee?: boolean;
}

/** Same shape as the browser's RTCIceCandidateInit. */
export interface IceCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

export interface CreateRoomOptions {
  roomId: RoomId;
  /** Needed to edit, destroy, kick, moderate and forward; keep it server-side. */
  secret: string;
  /** How many may publish at once (sized to the room's mode). */
  maxPublishers: number;
  description?: string;
  /** Default ['vp8']. */
  videoCodecs?: VideoCodec[];
  /** Default ['opus']. */
  audioCodecs?: AudioCodec[];
  /** Video bitrate cap per publisher, bits per second. */
  bitrate?: number;
  /** Ask publishers for a key frame this often (seconds); default 10. */
  keyframeIntervalSeconds?: number;
  /** Publishers must declare end-to-end encryption (a policy flag Janus cannot verify). */
  requireE2ee?: boolean;
  /** Tell participants when someone joins without publishing. */
  notifyJoining?: boolean;
  /** Emit `talking` events from the audio level extension. */
  audioLevelEvents?: boolean;
  /** Subscriptions must name a publisher's private id. */
  requirePrivateId?: boolean;
}

export interface EditRoomOptions {
  maxPublishers?: number;
  description?: string;
  bitrate?: number;
  newSecret?: string;
}

export interface PublishedStream {
  kind: MediaKind;
  mid: string;
  mindex: number;
  disabled: boolean;
  codec?: string;
  description?: string;
  moderated?: boolean;
  simulcast?: boolean;
  svc?: boolean;
  talking?: boolean;
}

export interface PublisherInfo {
  feedId: FeedId;
  display?: string;
  streams: PublishedStream[];
  talking?: boolean;
}

export interface RoomParticipant {
  feedId: FeedId;
  display?: string;
  publishing: boolean;
  talking?: boolean;
}

export interface PublisherJoined {
  roomId: RoomId;
  feedId: FeedId;
  /** Lets this participant's subscriptions be tied to it (`requirePrivateId` rooms). */
  privateId: number;
  publishers: PublisherInfo[];
  attendees: { feedId: FeedId; display?: string }[];
}

export interface StreamDescription {
  mid: string;
  description: string;
}

export interface PublishOptions {
  offer: SessionDescription;
  display?: string;
  bitrate?: number;
  descriptions?: StreamDescription[];
}

export interface ConfigurePublisherOptions {
  /** A renegotiation (new tracks, ICE restart) from the browser. */
  offer?: SessionDescription;
  display?: string;
  bitrate?: number;
  /** Ask the browser for a key frame on every video stream. */
  keyframe?: boolean;
  streams?: { mid: string; send?: boolean; keyframe?: boolean }[];
  descriptions?: StreamDescription[];
}

export interface StreamSelector {
  feedId: FeedId;
  /** One stream of the feed; all of its streams when absent. */
  mid?: string;
}

export interface UnsubscribeSelector {
  feedId?: FeedId;
  mid?: string;
  /** A stream of this subscription, by its own mid. */
  subscriptionMid?: string;
}

export interface SubscriptionStream {
  /** mid in the subscriber's own session description. */
  mid: string;
  mindex: number;
  kind: MediaKind;
  /** Whether the m-line is in use (false for a slot left by a publisher that went away). */
  active: boolean;
  feedId?: FeedId;
  feedMid?: string;
  feedDisplay?: string;
  send: boolean;
  ready: boolean;
}

export interface Subscription {
  offer: SessionDescription;
  streams: SubscriptionStream[];
}

export type SubscriptionUpdate =
  | { status: 'updated'; streams: SubscriptionStream[]; offer: SessionDescription | undefined }
  /** Janus queued the change behind a renegotiation in progress; a `subscriptionUpdated` follows. */
  | { status: 'queued' };

export interface ConfigureSubscriberOptions {
  streams?: {
    mid: string;
    send?: boolean;
    /** Simulcast layer 0 (lowest) to 2. */
    substream?: 0 | 1 | 2;
    temporal?: 0 | 1 | 2;
  }[];
  /** ICE restart: Janus answers with a fresh offer. */
  restartIce?: boolean;
}

export interface RtpForwardTarget {
  port: number;
  rtcpPort?: number;
  payloadType?: number;
  ssrc?: number;
}

export interface RtpForwardOptions {
  roomId: RoomId;
  secret: string;
  feedId: FeedId;
  host: string;
  audio?: RtpForwardTarget;
  video?: RtpForwardTarget;
}

export interface RtpForwarder {
  streamId: number;
  kind: MediaKind;
  host: string;
  port: number;
}

export interface RemoteStream {
  kind: MediaKind;
  /** Janus's codec name ('vp8', 'opus', …); required for audio and video. */
  codec?: string;
  description?: string;
  disabled?: boolean;
  simulcast?: boolean;
}

export interface AddRemotePublisherOptions {
  roomId: RoomId;
  secret: string;
  /** The feed id subscribers of this room use (the origin's own is a good choice). */
  feedId: FeedId;
  display?: string;
  /** The local address Janus binds the ports to (its ICE address). */
  bindAddress?: string;
  /** Explicit ports (Janus picks from 10000 upward when absent; see janus-cascade.ts). */
  port?: number;
  rtcpPort?: number;
  /** The origin's streams in mindex order. */
  streams: RemoteStream[];
}

export interface RemotePublisherPorts {
  /** The address Janus bound, when it was told one. */
  host?: string;
  port: number;
  rtcpPort: number;
}

export interface PublishRemotelyOptions {
  roomId: RoomId;
  secret: string;
  feedId: FeedId;
  remoteId: string;
  host: string;
  port: number;
  rtcpPort?: number;
}

export interface VideoRoomEvents {
  /** Feeds became active or changed (new streams, descriptions). */
  publishers: { roomId: RoomId; publishers: PublisherInfo[] };
  unpublished: { roomId: RoomId; feedId: FeedId };
  /** Someone joined without publishing (rooms with `notifyJoining`). */
  joining: { roomId: RoomId; feedId: FeedId; display?: string };
  /** Another participant left the room. */
  left: { roomId: RoomId; feedId: FeedId };
  /** Another participant was kicked. */
  kicked: { roomId: RoomId; feedId: FeedId };
  /** This handle was taken out of the room (kicked, or Janus's own reasons). */
  removed: { roomId: RoomId | undefined; reason: string };
  talking: { roomId: RoomId; feedId: FeedId; talking: boolean };
  roomDestroyed: { roomId: RoomId };
  /**
   * A subscriber's stream now carries this simulcast layer: Janus switched on a key frame of it
   * (a `substream` event of the handle).
   */
  layerSwitched: { mid: string; substream: 0 | 1 | 2 };
  /** Janus changed this subscription by itself (a publisher left, a queued update ran). */
  subscriptionUpdated: { streams: SubscriptionStream[]; offer: SessionDescription | undefined };
  /** ICE and DTLS are up for this handle's PeerConnection. */
  webrtcUp: Record<string, never>;
  media: { kind: 'audio' | 'video'; mid?: string; receiving: boolean };
  slowLink: { mid?: string; uplink: boolean; lost: number };
  /** The PeerConnection is closed. */
  hangup: { reason: string };
  /** One of Janus's ICE candidates for the browser; null when Janus has sent them all. */
  candidate: { candidate: IceCandidate | null };
  /** The handle is gone for good (detached, session closed, or Janus connection lost). */
  gone: { reason: HandleGoneReason };
}

// ---------------------------------------------------------------------------------------------
// Payloads as Janus sends them
// ---------------------------------------------------------------------------------------------

const id = z.union([z.string(), z.number()]).transform(String);

const publishedStream = z.looseObject({
  type: z.enum(['audio', 'video', 'data']),
  mindex: z.number(),
  mid: z.string(),
  disabled: z.boolean().optional(),
  codec: z.string().optional(),
  description: z.string().optional(),
  moderated: z.boolean().optional(),
  simulcast: z.boolean().optional(),
  svc: z.boolean().optional(),
  talking: z.boolean().optional(),
});

const publisher = z.looseObject({
  id,
  display: z.string().optional(),
  dummy: z.boolean().optional(),
  streams: z.array(publishedStream).default([]),
  talking: z.boolean().optional(),
});

const subscriptionStream = z.looseObject({
  mindex: z.number(),
  mid: z.string(),
  type: z.enum(['audio', 'video', 'data']),
  active: z.boolean().optional(),
  feed_id: id.optional(),
  feed_mid: z.string().optional(),
  feed_display: z.string().optional(),
  send: z.boolean().optional(),
  ready: z.boolean().optional(),
});

const joined = z.looseObject({
  videoroom: z.literal('joined'),
  room: id,
  id,
  private_id: z.number(),
  publishers: z.array(publisher).default([]),
  attendees: z.array(z.looseObject({ id, display: z.string().optional() })).default([]),
});

const exists = z.looseObject({ videoroom: z.literal('success'), exists: z.boolean() });

const participants = z.looseObject({
  videoroom: z.literal('participants'),
  participants: z.array(
    z.looseObject({
      id,
      display: z.string().optional(),
      publisher: z.boolean().optional(),
      talking: z.boolean().optional(),
    }),
  ),
});

const subscriptionReply = z.looseObject({
  videoroom: z.enum(['attached', 'updated', 'updating']),
  streams: z.array(subscriptionStream).optional(),
});

const forwarders = z.looseObject({
  videoroom: z.literal('rtp_forward'),
  forwarders: z
    .array(
      z.looseObject({
        stream_id: z.number(),
        type: z.enum(['audio', 'video', 'data']),
        host: z.string(),
        port: z.number(),
      }),
    )
    .default([]),
});

const remotePublisherAdded = z.looseObject({
  videoroom: z.literal('success'),
  ip: z.string().optional(),
  port: z.number(),
  rtcp_port: z.number(),
});

function parse<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new MediaError('other', `unexpected VideoRoom answer to ${what}`);
  }
  return result.data;
}

function toPublisher(p: z.infer<typeof publisher>): PublisherInfo {
  return {
    feedId: p.id,
    ...(p.display !== undefined ? { display: p.display } : {}),
    ...(p.talking !== undefined ? { talking: p.talking } : {}),
    streams: p.streams.map((s) => ({
      kind: s.type,
      mid: s.mid,
      mindex: s.mindex,
      disabled: s.disabled ?? false,
      ...(s.codec !== undefined ? { codec: s.codec } : {}),
      ...(s.description !== undefined ? { description: s.description } : {}),
      ...(s.moderated !== undefined ? { moderated: s.moderated } : {}),
      ...(s.simulcast !== undefined ? { simulcast: s.simulcast } : {}),
      ...(s.svc !== undefined ? { svc: s.svc } : {}),
      ...(s.talking !== undefined ? { talking: s.talking } : {}),
    })),
  };
}

function toStreams(
  streams: z.infer<typeof subscriptionStream>[] | undefined,
): SubscriptionStream[] {
  return (streams ?? []).map((s) => ({
    mid: s.mid,
    mindex: s.mindex,
    kind: s.type,
    active: s.active ?? true,
    ...(s.feed_id !== undefined ? { feedId: s.feed_id } : {}),
    ...(s.feed_mid !== undefined ? { feedMid: s.feed_mid } : {}),
    ...(s.feed_display !== undefined ? { feedDisplay: s.feed_display } : {}),
    send: s.send ?? true,
    ready: s.ready ?? false,
  }));
}

function toDescription(jsep: WireJsep | undefined): SessionDescription | undefined {
  if (!jsep) return undefined;
  return { type: jsep.type, sdp: jsep.sdp, ...(jsep.e2ee ? { e2ee: true } : {}) };
}

function toJsep(description: SessionDescription, expected: 'offer' | 'answer'): WireJsep {
  if (description.type !== expected) {
    throw new MediaError('invalid-sdp', `expected an SDP ${expected}, got ${description.type}`);
  }
  return wireJsep.parse({
    type: description.type,
    sdp: description.sdp,
    ...(description.e2ee ? { e2ee: true } : {}),
  });
}

function checkFeedId(feedId: FeedId): void {
  // Janus answers "ok" where it would otherwise name a feed ("unpublished": "ok").
  if (feedId === 'ok' || feedId.length === 0) {
    throw new MediaError('invalid-request', `feed id ${JSON.stringify(feedId)} is reserved`);
  }
}

/** A remote publisher's stream as Janus takes it: its mid is its position (Janus's own rule). */
function remoteStreamBody(s: RemoteStream, index: number): Record<string, unknown> {
  return compact({
    type: s.kind,
    mindex: index,
    mid: String(index),
    codec: s.codec,
    description: s.description,
    // Sent either way on updates: Janus changes `disabled` only when it is present.
    disabled: s.disabled ?? false,
    simulcast: s.simulcast || undefined,
  });
}

/** Drops undefined values so Janus sees only the settings we mean. */
function compact(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

// ---------------------------------------------------------------------------------------------
// The handle
// ---------------------------------------------------------------------------------------------

/** 'left': Janus allows one join per handle; after leaving, kicks or room ends, attach anew. */
type Role = 'none' | 'publisher' | 'subscriber' | 'left';

/**
 * One VideoRoom handle. Room administration works on any handle; a handle then becomes either
 * a publisher (one participant's presence and outgoing PeerConnection) or a subscriber (one
 * incoming PeerConnection carrying any number of feeds' streams).
 */
export class VideoRoomHandle {
  readonly #core: HandleCore;
  readonly #events: TypedEvents<VideoRoomEvents>;
  #role: Role = 'none';
  #roomId: RoomId | undefined;
  #feedId: FeedId | undefined;

  /** @internal Handles come from JanusSession.attachVideoRoom(). */
  constructor(core: HandleCore) {
    this.#core = core;
    this.#events = new TypedEvents(core.logger);
    core.events.on('plugin', ({ data, jsep }) => this.#onPluginEvent(data, jsep));
    core.events.on('webrtcup', () => this.#events.emit('webrtcUp', {}));
    core.events.on('media', ({ kind, mid, receiving }) => {
      if (kind !== 'audio' && kind !== 'video') return;
      this.#events.emit('media', { kind, receiving, ...(mid !== undefined ? { mid } : {}) });
    });
    core.events.on('slowlink', ({ mid, uplink, lost }) =>
      this.#events.emit('slowLink', { uplink, lost, ...(mid !== undefined ? { mid } : {}) }),
    );
    core.events.on('hangup', ({ reason }) => this.#events.emit('hangup', { reason }));
    core.events.on('trickle', ({ candidate }) =>
      this.#events.emit('candidate', {
        candidate: 'completed' in candidate ? null : candidate,
      }),
    );
    core.events.on('gone', ({ reason }) => {
      this.#events.emit('gone', { reason });
      this.#events.removeAll();
    });
  }

  /** Opaque identifier, for logs. */
  get id(): string {
    return String(this.#core.id);
  }

  get isGone(): boolean {
    return this.#core.gone;
  }

  get role(): Role {
    return this.#role;
  }

  /** The room this handle joined (as publisher or subscriber), if any. */
  get roomId(): RoomId | undefined {
    return this.#roomId;
  }

  /** This publisher's feed id once joined. */
  get feedId(): FeedId | undefined {
    return this.#feedId;
  }

  on<K extends keyof VideoRoomEvents>(
    event: K,
    listener: (payload: VideoRoomEvents[K]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  once<K extends keyof VideoRoomEvents>(
    event: K,
    listener: (payload: VideoRoomEvents[K]) => void,
  ): () => void {
    return this.#events.once(event, listener);
  }

  // ---- room administration ------------------------------------------------------------------

  async createRoom(options: CreateRoomOptions): Promise<void> {
    if (!Number.isInteger(options.maxPublishers) || options.maxPublishers < 1) {
      throw new MediaError('invalid-request', 'maxPublishers must be a positive integer');
    }
    const { data } = await this.#core.message(
      compact({
        request: 'create',
        room: options.roomId,
        permanent: false,
        // SECURITY: rooms never appear in a `list`; only the server knows their ids.
        is_private: true,
        description: options.description,
        secret: options.secret,
        publishers: options.maxPublishers,
        bitrate: options.bitrate,
        fir_freq: options.keyframeIntervalSeconds ?? 10,
        videocodec: (options.videoCodecs ?? ['vp8']).join(','),
        audiocodec: (options.audioCodecs ?? ['opus']).join(','),
        require_e2ee: options.requireE2ee ?? false,
        notify_joining: options.notifyJoining ?? false,
        audiolevel_event: options.audioLevelEvents ?? false,
        require_pvtid: options.requirePrivateId ?? false,
        record: false,
        admin_key: this.#core.roomAdminKey,
      }),
    );
    if (data.videoroom !== 'created') {
      throw new MediaError(
        'other',
        `unexpected VideoRoom answer to create: ${String(data.videoroom)}`,
      );
    }
  }

  async editRoom(roomId: RoomId, secret: string, changes: EditRoomOptions): Promise<void> {
    await this.#core.message(
      compact({
        request: 'edit',
        room: roomId,
        secret,
        new_publishers: changes.maxPublishers,
        new_description: changes.description,
        new_bitrate: changes.bitrate,
        new_secret: changes.newSecret,
      }),
    );
  }

  async destroyRoom(roomId: RoomId, secret: string): Promise<void> {
    await this.#core.message({ request: 'destroy', room: roomId, secret, permanent: false });
  }

  async roomExists(roomId: RoomId): Promise<boolean> {
    const { data } = await this.#core.message({ request: 'exists', room: roomId });
    return parse(exists, data, 'exists').exists;
  }

  async listParticipants(roomId: RoomId): Promise<RoomParticipant[]> {
    const { data } = await this.#core.message({ request: 'listparticipants', room: roomId });
    return parse(participants, data, 'listparticipants').participants.map((p) => ({
      feedId: p.id,
      publishing: p.publisher ?? false,
      ...(p.display !== undefined ? { display: p.display } : {}),
      ...(p.talking !== undefined ? { talking: p.talking } : {}),
    }));
  }

  async kick(roomId: RoomId, secret: string, feedId: FeedId): Promise<void> {
    await this.#core.message({ request: 'kick', room: roomId, secret, id: feedId });
  }

  /** Blocks (or unblocks) one of a publisher's streams, whatever the publisher itself wants. */
  async moderate(
    roomId: RoomId,
    secret: string,
    feedId: FeedId,
    mid: string,
    mute: boolean,
  ): Promise<void> {
    await this.#core.message({ request: 'moderate', room: roomId, secret, id: feedId, mid, mute });
  }

  /**
   * Forwards a publisher's audio/video as plain RTP (recording, RTMP transcoding). Uses the
   * older `audio_port`/`video_port` form on purpose: in Janus 1.1.2 the `streams` form sends
   * no key frame request, so the receiver would wait for a key frame that never comes.
   */
  async rtpForward(options: RtpForwardOptions): Promise<RtpForwarder[]> {
    const { audio, video } = options;
    if (!audio && !video) throw new MediaError('invalid-request', 'nothing to forward');
    const { data } = await this.#core.message(
      compact({
        request: 'rtp_forward',
        room: options.roomId,
        secret: options.secret,
        publisher_id: options.feedId,
        host: options.host,
        host_family: 'ipv4',
        audio_port: audio?.port,
        audio_rtcp_port: audio?.rtcpPort,
        audio_pt: audio?.payloadType,
        audio_ssrc: audio?.ssrc,
        video_port: video?.port,
        video_rtcp_port: video?.rtcpPort,
        video_pt: video?.payloadType,
        video_ssrc: video?.ssrc,
        admin_key: this.#core.roomAdminKey,
      }),
    );
    return parse(forwarders, data, 'rtp_forward').forwarders.map((f) => ({
      streamId: f.stream_id,
      kind: f.type,
      host: f.host,
      port: f.port,
    }));
  }

  async stopRtpForward(
    roomId: RoomId,
    secret: string,
    feedId: FeedId,
    streamId: number,
  ): Promise<void> {
    await this.#core.message(
      compact({
        request: 'stop_rtp_forward',
        room: roomId,
        secret,
        publisher_id: feedId,
        stream_id: streamId,
        admin_key: this.#core.roomAdminKey,
      }),
    );
  }

  // ---- cascading (remote publishers; see janus-cascade.ts) ------------------------------------

  /**
   * Makes a publisher of another Janus appear in this room: Janus listens for its plain RTP on
   * one UDP port (every stream on it, told apart by SSRC) and sends key frame requests back from
   * a second one. `streams` must list the origin's streams in their mindex order (Janus numbers
   * them 0, 1, … and maps the origin's SSRCs onto them by position).
   */
  async addRemotePublisher(options: AddRemotePublisherOptions): Promise<RemotePublisherPorts> {
    if (options.streams.length === 0) {
      throw new MediaError('invalid-request', 'a remote publisher needs at least one stream');
    }
    checkFeedId(options.feedId);
    const { data } = await this.#core.message(
      compact({
        request: 'add_remote_publisher',
        room: options.roomId,
        secret: options.secret,
        id: options.feedId,
        display: options.display,
        // Bound to this address only (not every interface of the host).
        iface: options.bindAddress,
        port: options.port,
        rtcp_port: options.rtcpPort,
        streams: options.streams.map((s, index) => remoteStreamBody(s, index)),
      }),
    );
    const reply = parse(remotePublisherAdded, data, 'add_remote_publisher');
    return {
      ...(reply.ip !== undefined ? { host: reply.ip } : {}),
      port: reply.port,
      rtcpPort: reply.rtcp_port,
    };
  }

  /**
   * Brings a remote publisher's streams up to date: description and `disabled` of the ones it
   * has (by position), and any new ones after them (Janus cannot change a stream's kind or codec).
   */
  async updateRemotePublisher(options: {
    roomId: RoomId;
    secret: string;
    feedId: FeedId;
    streams: RemoteStream[];
  }): Promise<void> {
    await this.#core.message({
      request: 'update_remote_publisher',
      room: options.roomId,
      secret: options.secret,
      id: options.feedId,
      streams: options.streams.map((s, index) => remoteStreamBody(s, index)),
    });
  }

  /** Takes a remote publisher out of the room; its subscribers get an offer without it. */
  async removeRemotePublisher(roomId: RoomId, secret: string, feedId: FeedId): Promise<void> {
    await this.#core.message({
      request: 'remove_remote_publisher',
      room: roomId,
      secret,
      id: feedId,
    });
  }

  /**
   * Forwards a local publisher to a remote publisher on another Janus (`remoteId` names this
   * forward among the publisher's). With `rtcpPort`, Janus latches the remote side's RTCP port
   * and relays its key frame requests to the publisher.
   */
  async publishRemotely(options: PublishRemotelyOptions): Promise<void> {
    await this.#core.message(
      compact({
        request: 'publish_remotely',
        room: options.roomId,
        secret: options.secret,
        publisher_id: options.feedId,
        remote_id: options.remoteId,
        host: options.host,
        host_family: 'ipv4',
        port: options.port,
        rtcp_port: options.rtcpPort,
        admin_key: this.#core.roomAdminKey,
      }),
    );
  }

  async unpublishRemotely(
    roomId: RoomId,
    secret: string,
    feedId: FeedId,
    remoteId: string,
  ): Promise<void> {
    await this.#core.message({
      request: 'unpublish_remotely',
      room: roomId,
      secret,
      publisher_id: feedId,
      remote_id: remoteId,
    });
  }

  // ---- publishers ---------------------------------------------------------------------------

  /** Joins as a participant that may publish; gets the feeds already active. */
  async joinAsPublisher(options: {
    roomId: RoomId;
    feedId?: FeedId;
    display?: string;
  }): Promise<PublisherJoined> {
    this.#requireRole('none', 'join');
    if (options.feedId !== undefined) checkFeedId(options.feedId);
    const { data } = await this.#core.message(
      compact({
        request: 'join',
        ptype: 'publisher',
        room: options.roomId,
        id: options.feedId,
        display: options.display,
      }),
    );
    const reply = parse(joined, data, 'join');
    this.#role = 'publisher';
    this.#roomId = reply.room;
    this.#feedId = reply.id;
    return {
      roomId: reply.room,
      feedId: reply.id,
      privateId: reply.private_id,
      publishers: reply.publishers.filter((p) => !p.dummy).map(toPublisher),
      attendees: reply.attendees.map((a) => ({
        feedId: a.id,
        ...(a.display !== undefined ? { display: a.display } : {}),
      })),
    };
  }

  /** Starts publishing the browser's offer; resolves with Janus's answer. */
  async publish(options: PublishOptions): Promise<SessionDescription> {
    this.#requireRole('publisher', 'publish');
    const { jsep } = await this.#core.message(
      compact({
        request: 'publish',
        display: options.display,
        bitrate: options.bitrate,
        descriptions: options.descriptions,
      }),
      toJsep(options.offer, 'offer'),
    );
    const answer = toDescription(jsep);
    if (!answer) throw new MediaError('other', 'VideoRoom accepted the offer without an answer');
    return answer;
  }

  /** Changes a publisher's settings; with an offer, renegotiates and resolves with the answer. */
  async configurePublisher(
    options: ConfigurePublisherOptions,
  ): Promise<SessionDescription | undefined> {
    this.#requireRole('publisher', 'configure');
    const { jsep } = await this.#core.message(
      compact({
        request: 'configure',
        display: options.display,
        bitrate: options.bitrate,
        keyframe: options.keyframe,
        streams: options.streams,
        descriptions: options.descriptions,
      }),
      options.offer ? toJsep(options.offer, 'offer') : undefined,
    );
    return toDescription(jsep);
  }

  async unpublish(): Promise<void> {
    this.#requireRole('publisher', 'unpublish');
    await this.#core.message({ request: 'unpublish' });
  }

  // ---- subscribers --------------------------------------------------------------------------

  /** Subscribes to feeds' streams; resolves with Janus's offer for the browser to answer. */
  async joinAsSubscriber(options: {
    roomId: RoomId;
    streams: StreamSelector[];
    privateId?: number;
  }): Promise<Subscription> {
    this.#requireRole('none', 'subscribe');
    if (options.streams.length === 0) {
      throw new MediaError('invalid-request', 'a subscription needs at least one stream');
    }
    const { data, jsep } = await this.#core.message(
      compact({
        request: 'join',
        ptype: 'subscriber',
        room: options.roomId,
        private_id: options.privateId,
        streams: options.streams.map((s) => compact({ feed: s.feedId, mid: s.mid })),
      }),
    );
    const reply = parse(subscriptionReply, data, 'join as subscriber');
    const offer = toDescription(jsep);
    if (!offer) throw new MediaError('other', 'VideoRoom created a subscription without an offer');
    this.#role = 'subscriber';
    this.#roomId = options.roomId;
    return { offer, streams: toStreams(reply.streams) };
  }

  /** Completes a (re)negotiation with the browser's answer and starts the media. */
  async start(answer: SessionDescription): Promise<void> {
    this.#requireRole('subscriber', 'start');
    await this.#core.message({ request: 'start' }, toJsep(answer, 'answer'));
  }

  async pause(): Promise<void> {
    this.#requireRole('subscriber', 'pause');
    await this.#core.message({ request: 'pause' });
  }

  /** Resumes after pause() (no renegotiation). */
  async resume(): Promise<void> {
    this.#requireRole('subscriber', 'resume');
    await this.#core.message({ request: 'start' });
  }

  async updateSubscription(change: {
    subscribe?: StreamSelector[];
    unsubscribe?: UnsubscribeSelector[];
  }): Promise<SubscriptionUpdate> {
    this.#requireRole('subscriber', 'update');
    const subscribe = change.subscribe ?? [];
    const unsubscribe = change.unsubscribe ?? [];
    if (subscribe.length === 0 && unsubscribe.length === 0) {
      throw new MediaError('invalid-request', 'nothing to change in the subscription');
    }
    const { data, jsep } = await this.#core.message(
      compact({
        request: 'update',
        subscribe: subscribe.length
          ? subscribe.map((s) => compact({ feed: s.feedId, mid: s.mid }))
          : undefined,
        unsubscribe: unsubscribe.length
          ? unsubscribe.map((s) =>
              compact({ feed: s.feedId, mid: s.mid, sub_mid: s.subscriptionMid }),
            )
          : undefined,
      }),
    );
    const reply = parse(subscriptionReply, data, 'update');
    if (reply.videoroom === 'updating') return { status: 'queued' };
    return { status: 'updated', streams: toStreams(reply.streams), offer: toDescription(jsep) };
  }

  /** Per-stream delivery and simulcast layers; with restartIce, resolves with a new offer. */
  async configureSubscriber(
    options: ConfigureSubscriberOptions,
  ): Promise<SessionDescription | undefined> {
    this.#requireRole('subscriber', 'configure');
    const { jsep } = await this.#core.message(
      compact({
        request: 'configure',
        streams: options.streams?.map((s) => compact({ ...s })),
        restart: options.restartIce || undefined,
      }),
    );
    return toDescription(jsep);
  }

  // ---- both ---------------------------------------------------------------------------------

  /** Passes one of the browser's ICE candidates to Janus; null when the browser has sent all. */
  async trickle(candidate: IceCandidate | null): Promise<void> {
    await this.trickleMany([candidate]);
  }

  async trickleMany(candidates: (IceCandidate | null)[]): Promise<void> {
    if (candidates.length === 0) return;
    const wire: WireCandidateOut[] = candidates.map((c) =>
      c === null
        ? { completed: true }
        : (compact({
            candidate: c.candidate,
            sdpMid: c.sdpMid,
            sdpMLineIndex: c.sdpMLineIndex,
          }) as WireCandidateOut),
    );
    await this.#core.trickle(wire);
  }

  /** Leaves the room (a publisher also stops publishing). Janus allows no second join. */
  async leave(): Promise<void> {
    if (this.#role === 'none' || this.#role === 'left') return;
    await this.#core.message({ request: 'leave' });
    this.#leftRoom();
  }

  /** Closes the PeerConnection but keeps the handle. */
  async hangup(): Promise<void> {
    await this.#core.hangup();
  }

  /** Detaches the handle from Janus; idempotent. */
  async close(): Promise<void> {
    await this.#core.detach();
  }

  #requireRole(role: Role, action: string): void {
    if (this.#core.gone) throw new MediaError('gone', `cannot ${action}: the media handle is gone`);
    if (this.#role !== role) {
      const state = {
        none: 'not in a room',
        publisher: 'a publisher',
        subscriber: 'a subscriber',
        left: 'done with its room (attach a new handle)',
      }[this.#role];
      throw new MediaError(
        'wrong-state',
        `cannot ${action} on a VideoRoom handle that is ${state}`,
      );
    }
  }

  #onPluginEvent(data: Record<string, unknown>, jsep: WireJsep | undefined): void {
    const kind = data.videoroom;
    const roomId = data.room === undefined ? undefined : String(data.room);
    switch (kind) {
      case 'event':
        this.#onRoomEvent(data, roomId);
        return;
      case 'destroyed':
        if (roomId !== undefined) this.#events.emit('roomDestroyed', { roomId });
        if (roomId === this.#roomId) this.#leftRoom();
        return;
      case 'talking':
      case 'stopped-talking':
        if (roomId !== undefined && data.id !== undefined) {
          this.#events.emit('talking', {
            roomId,
            feedId: String(data.id),
            talking: kind === 'talking',
          });
        }
        return;
      case 'updated': {
        const reply = subscriptionReply.safeParse(data);
        this.#events.emit('subscriptionUpdated', {
          streams: reply.success ? toStreams(reply.data.streams) : [],
          offer: toDescription(jsep),
        });
        return;
      }
      default:
        this.#core.logger.debug({ videoroom: kind }, 'unhandled VideoRoom event');
    }
  }

  #onRoomEvent(data: Record<string, unknown>, roomId: RoomId | undefined): void {
    if (typeof data.error_code === 'number') {
      this.#core.logger.warn({ code: data.error_code, error: data.error }, 'VideoRoom error event');
      return;
    }
    if (
      typeof data.mid === 'string' &&
      (data.substream === 0 || data.substream === 1 || data.substream === 2)
    ) {
      this.#events.emit('layerSwitched', { mid: data.mid, substream: data.substream });
    }
    if (roomId === undefined) return;
    if (Array.isArray(data.publishers)) {
      const list = z.array(publisher).safeParse(data.publishers);
      if (list.success) {
        const publishers = list.data.filter((p) => !p.dummy).map(toPublisher);
        if (publishers.length) this.#events.emit('publishers', { roomId, publishers });
      }
    }
    if (data.unpublished !== undefined && data.unpublished !== 'ok') {
      this.#events.emit('unpublished', { roomId, feedId: String(data.unpublished) });
    }
    if (data.leaving !== undefined) {
      if (data.leaving === 'ok') {
        this.#events.emit('removed', {
          roomId,
          reason: typeof data.reason === 'string' ? data.reason : 'left',
        });
        this.#leftRoom();
      } else {
        this.#events.emit('left', { roomId, feedId: String(data.leaving) });
      }
    }
    if (data.kicked !== undefined) {
      this.#events.emit('kicked', { roomId, feedId: String(data.kicked) });
    }
    if (data.joining !== null && typeof data.joining === 'object') {
      const who = data.joining as Record<string, unknown>;
      if (who.id !== undefined) {
        this.#events.emit('joining', {
          roomId,
          feedId: String(who.id),
          ...(typeof who.display === 'string' ? { display: who.display } : {}),
        });
      }
    }
  }

  #leftRoom(): void {
    this.#role = 'left';
    this.#roomId = undefined;
    this.#feedId = undefined;
  }
}
