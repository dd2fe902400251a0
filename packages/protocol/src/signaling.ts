import { z } from 'zod';
import { serverMessages, serverMessageTexts } from './errors.ts';
import { QR_RING_STOP_REASONS } from './api/qr-calls.ts';
import { notificationView } from './api/notifications.ts';
import {
  SIGNALING_MAX_CANDIDATE,
  SIGNALING_MAX_CREDENTIALS,
  SIGNALING_MAX_FEEDS,
  SIGNALING_MAX_ID,
  SIGNALING_MAX_MESSAGE_BYTES,
  SIGNALING_MAX_NAME,
  event,
  exactlyOne,
  participantId,
  request,
  sdp,
  signalingId,
} from './signaling/common.ts';
import { chatEvents, chatReplies, chatRequests } from './signaling/chat.ts';
import {
  admissionRefusal,
  helloAdmission,
  helloJoinLink,
  type AdmissionRefusal,
} from './signaling/joinLink.ts';

export type { AdmissionRefusal, HelloAdmission, HelloJoinLink } from './signaling/joinLink.ts';
import {
  breakoutEvents,
  breakoutMessages,
  breakoutReplies,
  breakoutRequests,
} from './signaling/breakout.ts';
import { e2eeEvents, e2eeMessages, e2eeRequests } from './signaling/e2ee.ts';
import { giftEvents } from './signaling/gifts.ts';
import {
  CAMERA_SHARE_SOURCES,
  cameraShareEvents,
  cameraShareMessages,
  cameraShareRequests,
} from './signaling/cameraShare.ts';
import { INTERPRETER_CHANNEL_MAX, interpretationRequests } from './signaling/interpretation.ts';
import {
  recordingEvents,
  recordingMessages,
  recordingReplies,
  recordingRequests,
} from './signaling/recording.ts';
import {
  streamingEvents,
  streamingMessages,
  streamingReplies,
  streamingRequests,
} from './signaling/streaming.ts';
import { studioEvents, studioReplies, studioRequests } from './signaling/studio.ts';
import {
  sharedVideoEvents,
  sharedVideoMessages,
  sharedVideoRequests,
} from './signaling/sharedVideo.ts';
import { studioMessages } from './api/studio.ts';
import {
  whiteboardEvents,
  whiteboardMessages,
  whiteboardReplies,
  whiteboardRequests,
} from './signaling/whiteboard.ts';

import {
  audienceEvents,
  audienceMessages,
  audienceReplies,
  audienceRequests,
} from './signaling/audience.ts';
export {
  PROTOCOL_VERSION,
  SIGNALING_MAX_CANDIDATE,
  SIGNALING_MAX_CREDENTIALS,
  SIGNALING_MAX_FEEDS,
  SIGNALING_MAX_ID,
  SIGNALING_MAX_MESSAGE_BYTES,
  SIGNALING_MAX_NAME,
  SIGNALING_MAX_SDP,
  SIGNALING_MAX_TEXT,
  signalingId,
} from './signaling/common.ts';
export * from './signaling/chat.ts';
export * from './signaling/interpretation.ts';
export * from './signaling/gifts.ts';
export * from './signaling/audience.ts';
export * from './signaling/recording.ts';
export * from './signaling/e2ee.ts';
export * from './signaling/streaming.ts';
export * from './signaling/studio.ts';
export * from './signaling/whiteboard.ts';
export * from './signaling/breakout.ts';
export * from './signaling/sharedVideo.ts';
export * from './signaling/cameraShare.ts';

/**
 * The signaling socket (`/socket/member/v1`): every message, per direction.
 *
 * Client → server: requests `{ v?, id, type, ...payload }`. Every request gets exactly one answer
 * carrying the same `id`: a `reply` (ok) or an `error` (code + i18n key). Server → client:
 * `reply`, `error`, and events (no `id`). Both sides import these schemas; the server validates
 * every frame with `parseClientFrame` / `parseClientMessage` before anything else looks at it.
 *
 * Roster rule: a joiner gets the room once (`welcome`); everyone else only hears about the change
 * (`participant_joined` / `participant_left` / `participant_updated` diffs), never the whole
 * roster again. `participant_joined` is an upsert: a client that already knows the id replaces it.
 *
 * An in-call feature declares its requests, events and replies in its own file under
 * `signaling/` (chat, interpretation, gifts, …); this file spreads them into the one protocol.
 */

// ---------------------------------------------------------------------------------------------
// Shared vocabularies

export const ROLES = [
  'host',
  'co-host',
  'presenter',
  'interpreter',
  'speaker',
  'participant',
  'guest',
] as const;
export type Role = (typeof ROLES)[number];

/** Room modes. meeting/endtoend are "meeting-like" (≤ 10 people), the others "conference-like". */
export const ROOM_MODES = ['meeting', 'endtoend', 'conference', 'theater', 'livestream'] as const;
export type RoomMode = (typeof ROOM_MODES)[number];

export const JOIN_STATES = [
  'joining',
  'waiting_for_host',
  'in_waiting_room',
  'locked',
  'full',
  'connected',
  'reconnecting',
  'left',
  'ended',
] as const;
export type JoinState = (typeof JOIN_STATES)[number];

export const LAYOUTS = ['gallery', 'center', 'pin'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const MEDIA_KINDS = ['audio', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * What a participant publishes: their camera/mic publisher, a separate screen publisher, or one
 * of their extra camera shares (signaling/cameraShare.ts).
 */
export const PUBLISH_SOURCES = ['camera', 'screen', ...CAMERA_SHARE_SOURCES] as const;
export type PublishSource = (typeof PUBLISH_SOURCES)[number];

/** Which peer connection an ICE message is about. */
export const PEER_TARGETS = ['camera', 'screen', ...CAMERA_SHARE_SOURCES, 'subscriber'] as const;
export type PeerTarget = (typeof PEER_TARGETS)[number];

// ---------------------------------------------------------------------------------------------
// Error codes and the messages (English and Vietnamese) behind their i18n keys

export const SIGNALING_ERROR_CODES = [
  'bad_message',
  'message_too_large',
  'protocol_mismatch',
  'unauthorized',
  'not_joined',
  'already_joined',
  'session_expired',
  'permission',
  'room_full',
  'room_locked',
  'room_ended',
  'blocked',
  'target_not_found',
  'invalid_target',
  'not_allowed',
  'conflict',
  'rate_limited',
  'internal',
  'media_unavailable',
  'invalid_passcode',
] as const;
export type SignalingErrorCode = (typeof SIGNALING_ERROR_CODES)[number];

const signalingEn = {
  'errors.permission': serverMessages['errors.permission'],
  'errors.internal': serverMessages['errors.internal'],
  'errors.too_many': serverMessages['errors.too_many'],
  'errors.unauthorized': serverMessages['errors.unauthorized'],
  'errors.bad_message': 'The message is not valid',
  'errors.message_too_large': 'The message is too large',
  'errors.protocol_version': 'Please reload the page to update the app',
  'room.full': 'Room is Full',
  'room.locked': 'Room is locked',
  'room.ended': 'This event has ended',
  'room.blocked': 'You cannot join this event',
  'room.not_in_room': 'You are not in the room',
  'room.already_joined': 'You have already joined this room',
  'room.session_expired': 'Your session has expired, please join again',
  'room.target_not_found': 'This participant is no longer in the room',
  'room.invalid_target': 'This action cannot be applied to this participant',
  'room.mute_all_gallery': 'Mute all is not allowed in gallery view',
  'room.no_presenter': 'No presenter available, cannot go invisible',
  'room.too_few_presenters': 'Too few presenters to go invisible',
  'room.pin_presenter_first': 'Please pin a presenter first',
  'room.no_interpreter': 'No interpreter available',
  'room.hand_no_mic': 'You cannot raise your hand without a microphone',
  'room.hand_interpreting': 'You cannot raise your hand while interpreting',
  'room.hand_invisible': 'You cannot raise your hand while invisible',
  'room.enable_not_allowed': 'You are not allowed to enable your camera or microphone',
  'room.presenter_slots_full': 'All presenter slots are taken',
  'room.needs_presenter': 'In a meeting, make this participant a presenter first',
  'room.guest_cannot_cohost': 'Guests cannot become co-hosts',
  'room.mode_too_many': 'Meeting mode allows at most 10 participants and 8 presenters',
  'room.no_pending_request': 'There is no request to answer',
  'errors.media_unavailable': 'Audio and video are not available right now, please try again later',
  'chat.invalid_passcode': 'Invalid passcode, please try again',
  ...audienceMessages.en,
  ...recordingMessages.en,
  ...e2eeMessages.en,
  ...streamingMessages.en,
  ...studioMessages.en,
  ...whiteboardMessages.en,
  ...breakoutMessages.en,
  ...sharedVideoMessages.en,
  ...cameraShareMessages.en,
} as const;
export type SignalingMessageKey = keyof typeof signalingEn;

/** The user-facing text of every signaling error key, in both product languages. */
export const signalingMessages: {
  en: Record<SignalingMessageKey, string>;
  vi: Record<SignalingMessageKey, string>;
} = {
  en: signalingEn,
  vi: {
    // The server-wide messages are written once, in errors.ts.
    'errors.permission': serverMessageTexts.vi['errors.permission'],
    'errors.internal': serverMessageTexts.vi['errors.internal'],
    'errors.too_many': serverMessageTexts.vi['errors.too_many'],
    'errors.unauthorized': serverMessageTexts.vi['errors.unauthorized'],
    'errors.bad_message': 'Tin nhắn không hợp lệ',
    'errors.message_too_large': 'Tin nhắn quá lớn',
    'errors.protocol_version': 'Vui lòng tải lại trang để cập nhật ứng dụng',
    'room.full': 'Phòng đã đầy',
    'room.locked': 'Phòng đã bị khóa',
    'room.ended': 'Sự kiện này đã kết thúc',
    'room.blocked': 'Bạn không thể tham gia sự kiện này',
    'room.not_in_room': 'Bạn không ở trong phòng',
    'room.already_joined': 'Bạn đã tham gia phòng này',
    'room.session_expired': 'Phiên của bạn đã hết hạn, vui lòng tham gia lại',
    'room.target_not_found': 'Người tham gia này không còn trong phòng',
    'room.invalid_target': 'Không thể áp dụng thao tác này cho người tham gia này',
    'room.mute_all_gallery': 'Không thể tắt tiếng tất cả ở chế độ xem lưới',
    'room.no_presenter': 'Không có người trình bày nào, không thể ẩn',
    'room.too_few_presenters': 'Quá ít người trình bày để ẩn',
    'room.pin_presenter_first': 'Vui lòng ghim một người trình bày trước',
    'room.no_interpreter': 'Không có phiên dịch viên',
    'room.hand_no_mic': 'Bạn không thể giơ tay khi không có micrô',
    'room.hand_interpreting': 'Bạn không thể giơ tay khi đang phiên dịch',
    'room.hand_invisible': 'Bạn không thể giơ tay khi đang ẩn',
    'room.enable_not_allowed': 'Bạn không được phép bật camera hoặc micrô',
    'room.presenter_slots_full': 'Đã hết chỗ cho người trình bày',
    'room.needs_presenter': 'Trong cuộc họp, hãy đặt người này làm người trình bày trước',
    'room.guest_cannot_cohost': 'Khách không thể trở thành đồng chủ trì',
    'room.mode_too_many': 'Chế độ họp cho phép tối đa 10 người tham gia và 8 người trình bày',
    'room.no_pending_request': 'Không có yêu cầu nào để trả lời',
    'errors.media_unavailable': 'Âm thanh và hình ảnh hiện không khả dụng, vui lòng thử lại sau',
    'chat.invalid_passcode': 'Mật khẩu không đúng, vui lòng nhập lại',
    ...audienceMessages.vi,
    ...recordingMessages.vi,
    ...e2eeMessages.vi,
    ...streamingMessages.vi,
    ...studioMessages.vi,
    ...whiteboardMessages.vi,
    ...breakoutMessages.vi,
    ...sharedVideoMessages.vi,
    ...cameraShareMessages.vi,
  },
};

// ---------------------------------------------------------------------------------------------
// Building blocks

const role = z.enum(ROLES);
const mode = z.enum(ROOM_MODES);
const mediaKind = z.enum(MEDIA_KINDS);
const peerTarget = z.enum(PEER_TARGETS);

export const iceCandidate = z.object({
  candidate: z.string().max(SIGNALING_MAX_CANDIDATE),
  sdpMid: z.string().max(SIGNALING_MAX_ID).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(255).nullable().optional(),
});
export type IceCandidate = z.infer<typeof iceCandidate>;

// ---------------------------------------------------------------------------------------------
// Client → server

export const clientMessageSchemas = {
  // Session
  hello: request('hello', {
    protocol_version: z.number().int(),
    /** Socket credentials from `POST /member/v1/auth`; the role comes from them, never from the client. */
    credentials: z.string().min(1).max(SIGNALING_MAX_CREDENTIALS).optional(),
    /** Instead of credentials: the join link, admitted as verify-call admits (signaling/joinLink.ts). */
    join_link: helloJoinLink.optional(),
  }).refine(exactlyOne('credentials', 'join_link'), {
    message: 'Give credentials or a join link',
  }),
  join: request('join', {
    has_mic: z.boolean().default(true),
    has_camera: z.boolean().default(true),
  }),
  leave: request('leave', {}),
  resume: request('resume', { session_id: signalingId }),
  heartbeat: request('heartbeat', {}),
  /**
   * Fresh socket credentials for the participant this socket speaks for (same room, identity,
   * name and role, a new expiry): a long call's client keeps ones that can still join anew after
   * a drop outlasted the grace period, when the join ticket has long expired.
   */
  renew_credentials: request('renew_credentials', {}),

  // Media (SDP and ICE relayed to the media server)
  publish_offer: request('publish_offer', {
    source: z.enum(PUBLISH_SOURCES).default('camera'),
    sdp,
  }),
  unpublish: request('unpublish', { source: z.enum(PUBLISH_SOURCES) }),
  subscribe: request('subscribe', { feeds: z.array(signalingId).max(SIGNALING_MAX_FEEDS) }),
  /**
   * Stops or resumes the video of a subscribed feed on this participant's connection, without
   * renegotiating (frames that cannot be decrypted: no keyframe requests storm the sender).
   */
  receive_video: request('receive_video', { feed_id: signalingId, on: z.boolean() }),
  /**
   * The highest simulcast layer (0 lowest … 2 top) this participant wants of every video it
   * receives: a browser whose downlink loses packets asks for a lower one, which keeps its frame
   * rate (fewer packets a frame to lose and to ask again for).
   */
  receive_layer: request('receive_layer', {
    layer: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
  /**
   * The highest simulcast layer this participant's camera is about to send (a lossy uplink
   * sends fewer): the media server moves everyone receiving it down first, then asks the camera
   * for a key frame, so nobody waits on a layer that stopped. Sent before turning layers off and
   * after turning them on again.
   */
  send_layer: request('send_layer', {
    layer: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
  answer: request('answer', { sdp }),
  trickle: request('trickle', {
    target: peerTarget,
    candidate: iceCandidate.optional(),
    completed: z.literal(true).optional(),
  }).refine(exactlyOne('candidate', 'completed'), {
    message: 'Send either a candidate or completed',
  }),
  ice_restart: request('ice_restart', { target: peerTarget }),

  // Room controls
  lock: request('lock', {}),
  unlock: request('unlock', {}),
  waiting_room: request('waiting_room', { enabled: z.boolean() }),
  admit: request('admit', {
    participant_id: participantId.optional(),
    all: z.literal(true).optional(),
  }).refine(exactlyOne('participant_id', 'all'), { message: 'Give participant_id or all' }),
  deny: request('deny', {
    participant_id: participantId.optional(),
    all: z.literal(true).optional(),
  }).refine(exactlyOne('participant_id', 'all'), { message: 'Give participant_id or all' }),
  remove: request('remove', { participant_id: participantId }),
  block: request('block', { participant_id: participantId }),
  /** `layout` is the host's current layout: mute all is refused in gallery view. */
  mute_all: request('mute_all', { layout: z.enum(LAYOUTS) }),
  stop_all_cameras: request('stop_all_cameras', {}),
  ask_enable: request('ask_enable', { kind: mediaKind, participant_id: participantId }),
  ask_response: request('ask_response', {
    kind: mediaKind,
    response: z.enum(['accepted', 'later']),
  }),
  /** Make (granted) or remove (not granted) a co-host or presenter; `host` hands the host role over. */
  set_role: request('set_role', {
    participant_id: participantId,
    role: z.enum(['host', 'co-host', 'presenter']),
    granted: z.boolean(),
  }).refine((m) => m.role !== 'host' || m.granted, {
    message: 'The host role can only be handed over',
  }),
  pin_for_all: request('pin_for_all', { participant_id: participantId.nullable() }),
  set_mode: request('set_mode', { mode }),
  end_for_all: request('end_for_all', {}),
  raise_hand: request('raise_hand', {}),
  /** Without participant_id: one's own hand; with another's id: a host control. */
  lower_hand: request('lower_hand', { participant_id: participantId.optional() }),
  /**
   * Without participant_id: oneself (presenters); with another's id: move a presenter backstage
   * (a host control); `all`: every presenter but the one pinned for everyone goes backstage
   * (go_visible: every backstage presenter comes back).
   */
  go_invisible: request('go_invisible', {
    participant_id: participantId.optional(),
    all: z.literal(true).optional(),
  }).refine((m) => !(m.participant_id && m.all), { message: 'Give participant_id or all' }),
  go_visible: request('go_visible', {
    participant_id: participantId.optional(),
    all: z.literal(true).optional(),
  }).refine((m) => !(m.participant_id && m.all), { message: 'Give participant_id or all' }),

  ...interpretationRequests,
  ...chatRequests,
  ...audienceRequests,
  ...recordingRequests,
  ...e2eeRequests,
  ...streamingRequests,
  ...studioRequests,
  ...whiteboardRequests,
  ...breakoutRequests,
  ...sharedVideoRequests,
  ...cameraShareRequests,
  set_media_state: request('set_media_state', {
    audio: z.boolean(),
    video: z.boolean(),
    screen: z.boolean(),
    has_mic: z.boolean().optional(),
    has_camera: z.boolean().optional(),
  }),
} as const;

type ClientSchemas = typeof clientMessageSchemas;
export type ClientMessageType = keyof ClientSchemas;
export const CLIENT_MESSAGE_TYPES = Object.keys(clientMessageSchemas) as ClientMessageType[];

export const clientMessage = z.discriminatedUnion(
  'type',
  Object.values(clientMessageSchemas) as unknown as [
    ClientSchemas[ClientMessageType],
    ...ClientSchemas[ClientMessageType][],
  ],
);
/** A validated client request (defaults applied). */
export type ClientMessage = {
  [K in ClientMessageType]: z.output<ClientSchemas[K]>;
}[ClientMessageType];
/** What a client may send (defaults optional). */
export type ClientMessageInput = {
  [K in ClientMessageType]: z.input<ClientSchemas[K]>;
}[ClientMessageType];
export type ClientMessageOf<T extends ClientMessageType> = z.output<ClientSchemas[T]>;

/** The requests that act on the room (handled by the room state machine). */
export const ROOM_REQUEST_TYPES = [
  'leave',
  'lock',
  'unlock',
  'waiting_room',
  'admit',
  'deny',
  'remove',
  'block',
  'mute_all',
  'stop_all_cameras',
  'ask_enable',
  'ask_response',
  'set_role',
  'pin_for_all',
  'set_mode',
  'end_for_all',
  'raise_hand',
  'lower_hand',
  'go_invisible',
  'go_visible',
  'set_interpreter',
  'choose_channel',
  'chat',
  'set_media_state',
] as const satisfies readonly ClientMessageType[];
export type RoomRequestType = (typeof ROOM_REQUEST_TYPES)[number];
export type RoomRequest = ClientMessageOf<RoomRequestType>;

export function isRoomRequest(message: ClientMessage): message is RoomRequest {
  return (ROOM_REQUEST_TYPES as readonly string[]).includes(message.type);
}

/** The socket's own requests: greeting, joining, resuming, keeping alive. */
const SESSION_REQUEST_TYPES = [
  'hello',
  'join',
  'resume',
  'heartbeat',
  'renew_credentials',
] as const satisfies readonly ClientMessageType[];
/** SDP and ICE, relayed to the media server after the room's checks. */
const MEDIA_REQUEST_TYPES = [
  'publish_offer',
  'unpublish',
  'subscribe',
  'receive_video',
  'receive_layer',
  'send_layer',
  'answer',
  'trickle',
  'ice_restart',
] as const satisfies readonly ClientMessageType[];

/**
 * In-call feature requests answered outside the room machine (they read or write something
 * beside the room state, like the stored chat history): every client message that is neither
 * a session, a media nor a room request. The server answers each through one typed table.
 */
export type FeatureRequestType = Exclude<
  ClientMessageType,
  RoomRequestType | (typeof SESSION_REQUEST_TYPES)[number] | (typeof MEDIA_REQUEST_TYPES)[number]
>;
export type FeatureRequest = ClientMessageOf<FeatureRequestType>;

const NOT_FEATURE: ReadonlySet<string> = new Set<string>([
  ...ROOM_REQUEST_TYPES,
  ...SESSION_REQUEST_TYPES,
  ...MEDIA_REQUEST_TYPES,
]);

export function isFeatureRequest(message: ClientMessage): message is FeatureRequest {
  return !NOT_FEATURE.has(message.type);
}

// ---------------------------------------------------------------------------------------------
// Parsing

export interface SignalingError {
  code: SignalingErrorCode;
  key: SignalingMessageKey;
  message: string;
  /** The request's correlation id, when one could be read from the bad message. */
  id: string | null;
}

export type ParseResult =
  | { ok: true; message: ClientMessage }
  | { ok: false; error: SignalingError & { code: 'bad_message' | 'message_too_large' } };

function correlationIdOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return signalingId.safeParse(id).success ? (id as string) : null;
}

/** Validates an already-decoded JSON value. Never throws. */
export function parseClientMessage(json: unknown): ParseResult {
  const result = clientMessage.safeParse(json);
  if (result.success) return { ok: true, message: result.data as ClientMessage };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length ? ` (${issue.path.join('.')})` : '';
  return {
    ok: false,
    error: {
      code: 'bad_message',
      key: 'errors.bad_message',
      message: `${signalingEn['errors.bad_message']}${where}`,
      id: correlationIdOf(json),
    },
  };
}

/** Validates a raw text frame: size cap first, then JSON, then the schema. Never throws. */
export function parseClientFrame(text: string): ParseResult {
  // SECURITY: the cap is checked on the raw text before JSON.parse so a huge frame costs nothing.
  // UTF-8 takes at most 3 bytes per UTF-16 code unit, so only long frames need an exact count.
  if (
    text.length > SIGNALING_MAX_MESSAGE_BYTES ||
    (text.length * 3 > SIGNALING_MAX_MESSAGE_BYTES &&
      utf8Length(text) > SIGNALING_MAX_MESSAGE_BYTES)
  ) {
    return {
      ok: false,
      error: {
        code: 'message_too_large',
        key: 'errors.message_too_large',
        message: signalingEn['errors.message_too_large'],
        id: null,
      },
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error: {
        code: 'bad_message',
        key: 'errors.bad_message',
        message: signalingEn['errors.bad_message'],
        id: null,
      },
    };
  }
  return parseClientMessage(json);
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Server → client

const hand = z.number().nullable();

export const participantView = z.object({
  id: participantId,
  name: z.string().max(SIGNALING_MAX_NAME),
  role,
  /** Joined without an account. */
  guest: z.boolean(),
  state: z.enum(['connected', 'reconnecting']),
  audio: z.boolean(),
  video: z.boolean(),
  screen: z.boolean(),
  /** Epoch ms the hand went up, or null. */
  hand_raised_at: hand,
  invisible: z.boolean(),
  interpreter_channel: z.string().max(INTERPRETER_CHANNEL_MAX).nullable(),
  /** What this participant may publish right now (drives the unmute/camera buttons). */
  can_publish: z.object({ audio: z.boolean(), video: z.boolean(), screen: z.boolean() }),
});
export type ParticipantView = z.infer<typeof participantView>;
export const participantChanges = participantView.omit({ id: true }).partial();
export type ParticipantChanges = z.infer<typeof participantChanges>;

export const waitingEntry = z.object({
  participant_id: participantId,
  name: z.string().max(SIGNALING_MAX_NAME),
  guest: z.boolean(),
  since: z.number(),
});
export type WaitingEntry = z.infer<typeof waitingEntry>;

export const roomSnapshot = z.object({
  mode,
  locked: z.boolean(),
  waiting_room: z.boolean(),
  pinned: participantId.nullable(),
  /** Everyone this viewer may see (in conference-like modes the audience sees the stage only). */
  participants: z.array(participantView),
  /** The waiting room; empty unless the viewer is a host or co-host. */
  waiting: z.array(waitingEntry),
});
export type RoomSnapshot = z.infer<typeof roomSnapshot>;

export const feedView = z.object({
  feed_id: signalingId,
  participant_id: participantId,
  name: z.string().max(SIGNALING_MAX_NAME),
  source: z.enum(['camera', 'screen', 'interpretation', ...CAMERA_SHARE_SOURCES]),
  /** Interpretation feeds: the language channel. */
  channel: z.string().max(INTERPRETER_CHANNEL_MAX).nullable(),
  audio: z.boolean(),
  video: z.boolean(),
  simulcast: z.boolean(),
});
export type FeedView = z.infer<typeof feedView>;

export const LEAVE_REASONS = [
  'left',
  'removed',
  'blocked',
  'denied',
  'replaced',
  'timeout',
  'hidden',
] as const;
export type LeaveReason = (typeof LEAVE_REASONS)[number];

export const serverMessageSchemas = {
  reply: event('reply', {
    id: signalingId,
    ok: z.literal(true),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
  error: event('error', {
    /** null when the bad frame carried no readable id. */
    id: signalingId.nullable(),
    code: z.enum(SIGNALING_ERROR_CODES),
    key: z.string().max(100),
    message: z.string().max(500),
    /** A `hello {join_link}` refused: what verify-call would have answered. */
    refusal: admissionRefusal.optional(),
  }),
  welcome: event('welcome', {
    session_id: signalingId,
    participant: participantView,
    room: roomSnapshot,
  }),
  /** A full snapshot when what the viewer may see changed (for example they became co-host). */
  snapshot: event('snapshot', { room: roomSnapshot }),
  join_state: event('join_state', { state: z.enum(JOIN_STATES) }),
  participant_joined: event('participant_joined', { participant: participantView }),
  participant_left: event('participant_left', {
    participant_id: participantId,
    reason: z.enum(LEAVE_REASONS),
  }),
  participant_updated: event('participant_updated', {
    participant_id: participantId,
    changes: participantChanges,
  }),
  room_updated: event('room_updated', {
    changes: z.object({ locked: z.boolean(), waiting_room: z.boolean() }).partial(),
  }),
  waiting_list_updated: event('waiting_list_updated', {
    added: z.array(waitingEntry),
    removed: z.array(participantId),
  }),
  ...chatEvents,
  hand_raised: event('hand_raised', {
    participant_id: participantId,
    name: z.string().max(SIGNALING_MAX_NAME),
    at: z.number(),
  }),
  hand_lowered: event('hand_lowered', {
    participant_id: participantId,
    /** Who lowered it, when not the participant themselves. */
    by: participantId.nullable(),
  }),
  asked_to_enable: event('asked_to_enable', { kind: mediaKind, by: participantId }),
  ask_answered: event('ask_answered', {
    participant_id: participantId,
    kind: mediaKind,
    response: z.enum(['accepted', 'later']),
  }),
  /** A host or co-host turned this participant's media off (mute all, stop all cameras). */
  media_stopped: event('media_stopped', {
    kinds: z.array(z.enum(['audio', 'video', 'screen'])),
    by: participantId,
  }),
  pinned: event('pinned', {
    participant_id: participantId.nullable(),
    by: participantId.nullable(),
  }),
  mode_changed: event('mode_changed', { mode, by: participantId.nullable() }),
  ended: event('ended', { reason: z.enum(['host_ended', 'time_over']) }),
  removed: event('removed', { reason: z.enum(['removed', 'blocked', 'denied', 'replaced']) }),
  // Media
  offer: event('offer', { target: peerTarget, sdp }),
  answer: event('answer', { target: peerTarget, sdp }),
  trickle: event('trickle', {
    target: peerTarget,
    candidate: iceCandidate.nullable(),
  }),
  feeds: event('feeds', { added: z.array(feedView), removed: z.array(signalingId) }),
  /**
   * The media server lost these peer connections (it restarted, or it closed them after ICE or
   * DTLS failed). Close them and set up new ones, without a page reload: `camera`/`screen` →
   * a new connection and `publish_offer` when still publishing; `subscriber` → a new connection
   * on the next subscriber `offer`, asked for with `subscribe` and the feeds still wanted (after
   * a media server restart every feed is reported removed and comes back through `feeds`).
   */
  renegotiate: event('renegotiate', {
    targets: z.array(peerTarget).min(1).max(PEER_TARGETS.length),
  }),
  /**
   * Who is speaking, as the media server hears it (audio levels of the published microphones);
   * the center layout puts them on the main stage. Silence keeps the last speaker; null when
   * they are gone (left, stopped publishing) and nobody else speaks. Sent on change, and to a
   * joiner after `welcome`; never names someone the receiver may not see.
   */
  active_speaker: event('active_speaker', { participant_id: participantId.nullable() }),
  ...giftEvents,
  ...audienceEvents,
  ...recordingEvents,
  ...e2eeEvents,
  ...streamingEvents,
  ...studioEvents,
  ...whiteboardEvents,
  ...breakoutEvents,
  ...sharedVideoEvents,
  ...cameraShareEvents,
  // Account channel: a socket greeted with account credentials (no room) receives these.
  /** A new notification for the signed-in account; `unread` is the account's new unread count. */
  notification: event('notification', {
    notification: notificationView,
    unread: z.number().int().nonnegative(),
  }),
  /** The unread count changed (read or deleted elsewhere, for example in another tab). */
  notification_count: event('notification_count', { unread: z.number().int().nonnegative() }),
  // QR call centre (api/qr-calls.ts), over the account channel to the alias's agents.
  /** A visitor is calling a QR-code alias this account answers for: show the ringing dialog. */
  qr_ring: event('qr_ring', {
    call_id: signalingId,
    alias: z.string().max(64),
    title: z.string().max(200),
    visitor_name: z.string().max(SIGNALING_MAX_NAME),
    /** When the ringing stops unanswered (ISO). */
    ring_deadline: z.string().max(40),
  }),
  /** Stop ringing for this call (answered here or elsewhere, cancelled, timed out, …). */
  qr_ring_stopped: event('qr_ring_stopped', {
    call_id: signalingId,
    reason: z.enum(QR_RING_STOP_REASONS),
  }),
} as const;

type ServerSchemas = typeof serverMessageSchemas;
export type ServerMessageType = keyof ServerSchemas;
export const serverMessage = z.discriminatedUnion(
  'type',
  Object.values(serverMessageSchemas) as unknown as [
    ServerSchemas[ServerMessageType],
    ...ServerSchemas[ServerMessageType][],
  ],
);
export type ServerMessage = {
  [K in ServerMessageType]: z.output<ServerSchemas[K]>;
}[ServerMessageType];
export type ServerMessageOf<T extends ServerMessageType> = z.output<ServerSchemas[T]>;
/** Events: server messages that answer no request. */
export type ServerEvent = Exclude<ServerMessage, { type: 'reply' | 'error' }>;

// ---------------------------------------------------------------------------------------------
// Replies: every request names the schema of its reply's `data`

/** A reply without data (most requests: the events that follow say what happened). */
const noData = z.object({});

const sessionReplies = {
  hello: z.object({
    /** This socket's session id; after a `resume` it is the participant's new one. */
    session_id: signalingId,
    protocol_version: z.number().int(),
    resume_grace_ms: z.number().int().nonnegative(),
    /** Greeted with a join link: the admission, with the credentials of this socket. */
    admission: helloAdmission.optional(),
  }),
  /** The participant id this socket now speaks for (also in `welcome`, which may come later). */
  join: z.object({ participant_id: participantId }),
  /** The same participant as before; the session id to resume next time is hello's `session_id`. */
  resume: z.object({ participant_id: participantId }),
  /** Credentials for `hello` on the next socket, and when they stop being good for `join`. */
  renew_credentials: z.object({
    credentials: z.string().min(1).max(SIGNALING_MAX_CREDENTIALS),
    expires_at: z.string(),
  }),
  /** The media server's SDP answer. */
  publish_offer: z.object({ sdp }),
} as const;

const listedReplies = {
  ...sessionReplies,
  ...chatReplies,
  ...recordingReplies,
  ...streamingReplies,
  ...audienceReplies,
  ...studioReplies,
  ...whiteboardReplies,
  ...breakoutReplies,
} as const;
type ListedReplies = typeof listedReplies;

/** Request type → the zod schema of its reply's `data` (`{}` when the reply carries none). */
export type ReplySchemas = {
  readonly [K in ClientMessageType]: K extends keyof ListedReplies
    ? ListedReplies[K]
    : typeof noData;
};
export const replySchemas: ReplySchemas = Object.fromEntries(
  CLIENT_MESSAGE_TYPES.map((type) => [
    type,
    type in listedReplies ? listedReplies[type as keyof ListedReplies] : noData,
  ]),
) as ReplySchemas;

/** The `data` of a successful reply to `T`. */
export type ReplyDataFor<T extends ClientMessageType> = z.output<ReplySchemas[T]>;

/**
 * Checks a reply's `data` (absent: `{}`) against the request's reply schema. Unknown fields are
 * dropped, so a newer server's additions do not break an older client. Never throws.
 */
export function parseReply<T extends ClientMessageType>(
  type: T,
  data: unknown,
): { ok: true; data: ReplyDataFor<T> } | { ok: false; error: string } {
  const schema: z.ZodType = replySchemas[type];
  const result = schema.safeParse(data ?? {});
  if (result.success) return { ok: true, data: result.data as ReplyDataFor<T> };
  const issue = result.error.issues[0];
  return { ok: false, error: `${type} reply${issue ? ` (${issue.path.join('.')})` : ''}` };
}

export function errorMessage(
  id: string | null,
  error: {
    code: SignalingErrorCode;
    key: SignalingMessageKey;
    message?: string;
    refusal?: AdmissionRefusal;
  },
): ServerMessageOf<'error'> {
  return {
    type: 'error',
    id,
    code: error.code,
    key: error.key,
    message: error.message ?? signalingEn[error.key],
    ...(error.refusal ? { refusal: error.refusal } : {}),
  };
}
