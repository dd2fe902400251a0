// The media layer's public surface. Janus's wire format stays inside this folder.
export { MediaServer } from './media-server.ts';
export type { MediaNetwork, MediaServerEvents, MediaServerOptions } from './media-server.ts';
export { JanusClient } from './janus-client.ts';
export type {
  JanusClientEvents,
  JanusClientOptions,
  JanusServerInfo,
  JanusSessionEvents,
  SessionCloseReason,
  HandleGoneReason,
} from './janus-client.ts';
export { VideoRoomHandle } from './janus-videoroom.ts';
export type {
  AudioCodec,
  ConfigurePublisherOptions,
  ConfigureSubscriberOptions,
  CreateRoomOptions,
  EditRoomOptions,
  FeedId,
  IceCandidate,
  MediaKind,
  PublishedStream,
  PublisherInfo,
  PublisherJoined,
  PublishOptions,
  PublishRemotelyOptions,
  RemotePublisherPorts,
  RemoteStream,
  AddRemotePublisherOptions,
  RoomId,
  RoomParticipant,
  RtpForwarder,
  RtpForwardOptions,
  RtpForwardTarget,
  SessionDescription,
  StreamDescription,
  StreamSelector,
  Subscription,
  SubscriptionStream,
  SubscriptionUpdate,
  UnsubscribeSelector,
  VideoCodec,
  VideoRoomEvents,
} from './janus-videoroom.ts';
export { CascadeForward, CascadePorts } from './janus-cascade.ts';
export type { CascadeForwardOptions, CascadeRoom } from './janus-cascade.ts';
export { MediaError } from './janus-errors.ts';
export type { MediaErrorKind } from './janus-errors.ts';
export { netnsDown, netnsExists, netnsPids } from './netns.ts';
export type { NetnsSpec, ResolvedNetnsSpec } from './netns.ts';
export { JanusRoomMedia } from './room-media-janus.ts';
export type { JanusRoomMediaOptions } from './room-media-janus.ts';
export type { MediaRuntime } from './runtime.ts';
