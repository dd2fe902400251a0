import { z } from 'zod';
import { ROOM_MODES } from '../signaling.ts';
import {
  AUDIENCE_CHAT_HISTORY,
  AUDIENCE_MAX_VIEWERS,
  audienceChatMessage,
  audienceChatText,
} from '../signaling/audience.ts';

/**
 * The public watch page of an event (/live/{alias}, issue 12 item 4): its status, the playback
 * token, and the HLS output the room's egress writes.
 *
 * - `GET /api/live/status?alias=` — title, whether the room is on air, viewers; no sign-in.
 * - `POST /api/live/playback {ticket}` — a join ticket from verify-call (which applies the
 *   event's passcode rule and its guessing limits, exactly as joining does) buys a playback
 *   token; `{token}` renews a still-valid one (same viewer). Tokens last
 *   LIVE_PLAYBACK_TTL_SECONDS.
 * - `GET /live/{alias}/hls/index.m3u8?token=` — the playlist, rewritten for this viewer: every
 *   URI in it carries the token and names the stream's run (`{run}/{file}`). Not cacheable by a
 *   shared cache (it names a viewer); fetching it is the viewer's heartbeat.
 * - `GET /live/{alias}/hls/{run}/{file}?token=` — segments (and LL-HLS parts); immutable.
 */

/** How long a playback token lasts; the watch page renews it at half its life. */
export const LIVE_PLAYBACK_TTL_SECONDS = 10 * 60;
/** A viewer counts while their playlist was fetched within this window. */
export const LIVE_VIEWER_WINDOW_MS = 15_000;
export const LIVE_TOKEN_MAX = 1024;

const aliasName = z.string().trim().min(1).max(200);

export const liveStatusQuery = z.object({ alias: aliasName });

export const liveStatusResponse = z.object({
  alias: z.string(),
  title: z.string(),
  mode: z.enum(ROOM_MODES),
  /** The watch page asks for the passcode before asking for a playback token. */
  require_passcode: z.boolean(),
  /** The room's audience stream is on and its playlist exists. */
  live: z.boolean(),
  viewers: z.number().int().nonnegative().max(AUDIENCE_MAX_VIEWERS),
  /** ISO time the stream went on air, null when offline. */
  started_at: z.string().nullable(),
});
export type LiveStatus = z.infer<typeof liveStatusResponse>;

export const livePlaybackRequest = z
  .object({
    /** A join ticket from verify-call for this event. */
    ticket: z.string().min(1).max(4096).optional(),
    /** A playback token to renew (still valid). */
    token: z.string().min(1).max(LIVE_TOKEN_MAX).optional(),
  })
  .refine((v) => (v.ticket === undefined) !== (v.token === undefined), {
    message: 'Give a ticket or a token',
    path: ['ticket'],
  });
export type LivePlaybackRequest = z.output<typeof livePlaybackRequest>;

export const livePlaybackResponse = z.object({
  token: z.string().max(LIVE_TOKEN_MAX),
  expires_at: z.string(),
  /** The playlist's path (without the token; the page adds it to every request). */
  playlist: z.string(),
});
export type LivePlayback = z.infer<typeof livePlaybackResponse>;

/**
 * The audience chat on the watch page (signaling/audience.ts has the message and the call's side).
 *
 * - `GET /live/{alias}/chat/events?token=` — Server-Sent Events, outside the API like the HLS
 *   (EventSource sends no custom header; the stream has no side effect): first `history`
 *   (`liveChatHistory`), then one `message` (`audienceChatMessage`) per new line. Anyone with a
 *   playback pass reads, signed in or not.
 * - `POST /api/live/chat {token, text}` — signed in only (bearer): one line, as the account's
 *   name. At most LIVE_CHAT_BURST lines per LIVE_CHAT_WINDOW_MS per account and event.
 */
export const LIVE_CHAT_BURST = 5;
export const LIVE_CHAT_WINDOW_MS = 10_000;

export const liveChatEventsQuery = z.object({ token: z.string().max(LIVE_TOKEN_MAX).optional() });

export const liveChatHistory = z.object({
  messages: z.array(audienceChatMessage).max(AUDIENCE_CHAT_HISTORY),
});
export type LiveChatHistory = z.infer<typeof liveChatHistory>;

export const liveChatPostRequest = z.object({
  /** The page's playback token: which event, and that its passcode rule was met. */
  token: z.string().min(1).max(LIVE_TOKEN_MAX),
  text: audienceChatText,
});
export type LiveChatPostRequest = z.output<typeof liveChatPostRequest>;

export const liveChatPostResponse = z.object({ message: audienceChatMessage });
export type LiveChatPostResponse = z.infer<typeof liveChatPostResponse>;

/** The live domain's messages in English and Vietnamese (the `key` of its errors). */
export const liveMessages = {
  'live.not_found': { en: 'This event does not exist', vi: 'Sự kiện này không tồn tại' },
  'live.invalid_token': {
    en: 'Your viewing pass has expired, please reload the page',
    vi: 'Lượt xem của bạn đã hết hạn, vui lòng tải lại trang',
  },
  'live.offline': {
    en: 'The event is not live right now',
    vi: 'Sự kiện hiện không phát trực tiếp',
  },
  'live.chat_sign_in': {
    en: 'Sign in to chat with the audience',
    vi: 'Đăng nhập để trò chuyện cùng khán giả',
  },
  'live.chat_too_fast': {
    en: 'You are sending messages too fast, please wait a moment',
    vi: 'Bạn gửi tin nhắn quá nhanh, vui lòng đợi một chút',
  },
} as const;
export type LiveMessageKey = keyof typeof liveMessages;
