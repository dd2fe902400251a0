import { z } from 'zod';
import { SIGNALING_MAX_NAME, SIGNALING_MAX_TEXT, event, request, signalingId } from './common.ts';

/**
 * The audience stream of a live room (issue 12 item 4; decisions.md "Livestream"): the room's
 * composed picture as HLS, watched on the public page /live/{alias} by an audience far larger
 * than the SFU serves. Hosts and co-hosts turn it on and off (`audience_start`/`audience_stop`);
 * in a livestream room the call shows a prominent "Start audience stream" (it is never started
 * behind the host's back: an empty stage is not shown to the world). Theater and conference
 * rooms turn it on for overflow audiences. Everyone in the room hears `audience_state` on every
 * change, when the number of viewers changes, and after every `welcome` (joiners, reconnects).
 * End-to-end encrypted rooms never leave the browsers, so they refuse (`audience.encrypted`).
 */

export const AUDIENCE_STATES = ['off', 'starting', 'live', 'stopping'] as const;
export type AudienceState = (typeof AUDIENCE_STATES)[number];

/** Why the server turned a running audience stream off (told to everyone with the state). */
export const AUDIENCE_FAILURES = ['encoder_failed', 'egress_crashed', 'disk_full'] as const;
export type AudienceFailure = (typeof AUDIENCE_FAILURES)[number];

/** Most viewers a count carries (a bound for the schema, far above one room's audience). */
export const AUDIENCE_MAX_VIEWERS = 10_000_000;

export const audienceView = z.object({
  state: z.enum(AUDIENCE_STATES),
  /** People watching the HLS output now (playback tokens seen within the viewer window). */
  viewers: z.number().int().nonnegative().max(AUDIENCE_MAX_VIEWERS),
  /** Epoch ms the stream went on (null when off). */
  started_at: z.number().nullable(),
  /** The last failure that turned it off, until it is started again. */
  failure: z.enum(AUDIENCE_FAILURES).nullable(),
});
export type AudienceView = z.infer<typeof audienceView>;

export const AUDIENCE_OFF: AudienceView = {
  state: 'off',
  viewers: 0,
  started_at: null,
  failure: null,
};

/**
 * The event's audience chat: one channel per event, apart from the room's own chat. Viewers of
 * the watch page read it (everyone with a playback pass) and write it (signed in); in the call
 * everyone reads it in its own "Audience" panel and the stage (hosts, co-hosts, presenters,
 * speakers) answers there, so the stage talks to the audience without the room's private chat
 * leaking out. Watch-page transport: api/live.ts (SSE + POST); in the call: this socket.
 */
/** As long as a room chat message. */
export const AUDIENCE_CHAT_MAX_TEXT = SIGNALING_MAX_TEXT;
/** The newest messages a late viewer (or a joiner of the call) is given. */
export const AUDIENCE_CHAT_HISTORY = 100;

export const audienceChatMessage = z.object({
  id: signalingId,
  /** The sender's display name. */
  name: z.string().max(SIGNALING_MAX_NAME),
  text: z.string().max(AUDIENCE_CHAT_MAX_TEXT),
  /** Epoch ms. */
  at: z.number(),
  /** 'stage': written from the call by its hosts, co-hosts, presenters or speakers. */
  from: z.enum(['audience', 'stage']),
});
export type AudienceChatMessage = z.infer<typeof audienceChatMessage>;

/** Text of an audience chat line: not blank, at most AUDIENCE_CHAT_MAX_TEXT characters. */
export const audienceChatText = z
  .string()
  .max(AUDIENCE_CHAT_MAX_TEXT)
  .refine((t) => t.trim().length > 0, { message: 'A chat message needs text' });

export const audienceRequests = {
  /** Hosts and co-hosts: put the room on its public watch page (HLS). */
  audience_start: request('audience_start', {}),
  /** Hosts and co-hosts: take the room off its watch page. */
  audience_stop: request('audience_stop', {}),
  /** Hosts, co-hosts, presenters and speakers: a line in the audience chat, as the stage. */
  audience_chat: request('audience_chat', { text: audienceChatText }),
} as const;

export const audienceEvents = {
  /** The room's audience stream and its viewer count: on change, and after every `welcome`. */
  audience_state: event('audience_state', { audience: audienceView }),
  /** A new line of the audience chat (from a viewer or from the stage). */
  audience_chat_message: event('audience_chat_message', { message: audienceChatMessage }),
  /** After every `welcome`: the audience chat's newest lines, oldest first (replaces the list). */
  audience_chat_history: event('audience_chat_history', {
    messages: z.array(audienceChatMessage).max(AUDIENCE_CHAT_HISTORY),
  }),
} as const;

export const audienceReplies = {
  audience_start: z.object({ audience: audienceView }),
  audience_stop: z.object({ audience: audienceView }),
  audience_chat: z.object({ message: audienceChatMessage }),
} as const;

/** The audience stream's error messages (signaling error keys) in both languages. */
export const audienceMessages = {
  en: {
    'audience.encrypted': 'End-to-end encrypted rooms cannot be streamed to an audience',
    'audience.unavailable': 'The audience stream is not available on this server',
    'audience.already_on': 'The audience stream is already on',
    'audience.not_on': 'The audience stream is not on',
    'audience.failed': 'The audience stream could not start, please try again',
    'audience.chat_stage_only': 'Only the stage can answer the audience',
    'audience.chat_too_fast': 'You are sending messages too fast, please wait a moment',
  },
  vi: {
    'audience.encrypted': 'Không thể phát trực tiếp phòng được mã hóa đầu cuối cho khán giả',
    'audience.unavailable': 'Máy chủ này không hỗ trợ phát cho khán giả',
    'audience.already_on': 'Đang phát cho khán giả rồi',
    'audience.not_on': 'Chưa phát cho khán giả',
    'audience.failed': 'Không thể bắt đầu phát cho khán giả, vui lòng thử lại',
    'audience.chat_stage_only': 'Chỉ người trên sân khấu mới trả lời được khán giả',
    'audience.chat_too_fast': 'Bạn gửi tin nhắn quá nhanh, vui lòng đợi một chút',
  },
} as const;
