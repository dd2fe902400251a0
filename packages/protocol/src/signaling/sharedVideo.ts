import { z } from 'zod';
import { event, participantId, request, signalingId } from './common.ts';

/**
 * Playing a video link in the call (issue 14 item 2): a host, co-host or presenter shares a
 * direct video file (mp4/webm) or a YouTube/Vimeo page, shown on everyone's stage (through the
 * sites' iframe players, the only frames the CSP allows) and played in sync. The server keeps
 * `{url, playing, position, at}` (`at`: its clock when `position` was true); every client
 * derives the position of the moment from that and its estimate of the server's clock, and
 * seeks when it drifts (the web's sharedVideo/sync.ts).
 */

/** The longest link accepted. */
export const SHARED_VIDEO_MAX_URL = 2000;

export const SHARED_VIDEO_KINDS = ['file', 'youtube', 'vimeo'] as const;
export type SharedVideoKind = (typeof SHARED_VIDEO_KINDS)[number];

/** A link understood: what plays it, and the site's video id for the embedded players. */
export interface VideoLink {
  kind: SharedVideoKind;
  url: string;
  /** YouTube / Vimeo: the video's id on the site (checked characters only). */
  videoId: string | null;
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const FILE_EXTENSIONS = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;

/**
 * What a pasted link is, or null when it is none of the three ('Invalid link'). SECURITY: only
 * http(s) links; site ids are checked character by character, so what goes into an embed URL
 * is never more than an id the site could have issued.
 */
export function parseVideoLink(input: string): VideoLink | null {
  const text = input.trim();
  if (text.length === 0 || text.length > SHARED_VIDEO_MAX_URL) return null;
  // Printable ASCII only (a pasted link is percent-encoded): no spaces, quotes or controls.
  if (!/^[\x21-\x7e]+$/.test(text) || /["'<>\\`]/.test(text)) return null;
  const match = /^(https?):\/\/([^/?#]+)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(text);
  if (!match) return null;
  const authority = match[2] ?? '';
  // No user:password@ (a link that hides its real host).
  if (authority.includes('@')) return null;
  const host = authority.replace(/:\d{1,5}$/, '').toLowerCase();
  if (!/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(host)) return null;
  const path = match[3] ?? '';
  const query = match[4] ?? '';
  const parts = path.split('/').filter(Boolean);
  if (YOUTUBE_HOSTS.has(host)) {
    let id: string | undefined;
    if (host === 'youtu.be') id = parts[0];
    else if (parts[0] === 'watch') id = /[?&]v=([^&]*)/.exec(query)?.[1];
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live') id = parts[1];
    return id && YOUTUBE_ID.test(id) ? { kind: 'youtube', url: text, videoId: id } : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    const id =
      host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts[0];
    return id && VIMEO_ID.test(id) ? { kind: 'vimeo', url: text, videoId: id } : null;
  }
  if (FILE_EXTENSIONS.test(path)) return { kind: 'file', url: text, videoId: null };
  return null;
}

export const sharedVideoView = z.object({
  /** Changes with every new link (the stage tile's id). */
  id: signalingId,
  url: z.string().max(SHARED_VIDEO_MAX_URL),
  kind: z.enum(SHARED_VIDEO_KINDS),
  video_id: z.string().max(20).nullable(),
  /** Who shared it. */
  by: participantId,
  playing: z.boolean(),
  /** Seconds into the video at `at`. */
  position: z.number().nonnegative(),
  /** The server's clock (epoch ms) when `position` was true. */
  at: z.number(),
});
export type SharedVideoView = z.infer<typeof sharedVideoView>;

export const sharedVideoRequests = {
  /** Share a link (replaces the one shown); refused with `video.invalid_link`. */
  video_share: request('video_share', { url: z.string().max(SHARED_VIDEO_MAX_URL) }),
  /** Play, pause or seek: the state from now on (position in seconds). */
  video_control: request('video_control', {
    playing: z.boolean(),
    position: z.number().nonnegative().max(86_400),
  }),
  video_stop: request('video_stop', {}),
} as const;

export const sharedVideoEvents = {
  /**
   * The shared video (null: none), to everyone on every change and after every `welcome`;
   * `now` is the server's clock when sent, from which clients estimate its offset to theirs.
   */
  video_state: event('video_state', { video: sharedVideoView.nullable(), now: z.number() }),
} as const;

export const sharedVideoMessages = {
  en: {
    'video.invalid_link': 'Invalid link',
    'video.not_shared': 'No video is being shared',
  },
  vi: {
    'video.invalid_link': 'Liên kết không hợp lệ',
    'video.not_shared': 'Không có video nào đang được chia sẻ',
  },
} as const;
