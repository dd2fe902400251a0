import { z } from 'zod';
import {
  STREAM_NAME_MAX,
  STREAM_URL_MAX,
  STREAM_KEY_MAX,
  STREAM_KEY_HINT_CHARS,
  streamMessages,
  type StreamMessageKey,
} from './streaming-messages.ts';
export * from './streaming-messages.ts';

/**
 * Live streaming to RTMP/RTMPS servers (spec §1 "live streaming to a custom or linked stream
 * server using a stream key", §3 "Stream: name, URL, key", §8 'check your stream key').
 *
 * - Saved destinations ("linked stream servers") belong to an account and are managed over
 *   REST (`apiPaths.streaming`). SECURITY: the stream key is write-only: answers carry only its
 *   last characters (`key_hint`), never the key.
 * - Going live happens in the room, over the signaling socket (signaling/streaming.ts).
 */

const en = (key: StreamMessageKey): string => streamMessages[key].en;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/;
/** Printable ASCII without spaces: every real stream key (YouTube, Facebook, Twitch) fits. */
const KEY_CHARS = /^[\x21-\x7E]+$/;

/** rtmp(s)://host[:port][/path]: a DNS name, an IPv4 address or a bracketed IPv6 address. */
const STREAM_URL =
  /^rtmps?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:\/[\x21-\x7E]*)?$/i;

/**
 * The syntax of a server URL (the server also refuses private and loopback hosts, after
 * resolving the name): rtmp:// or rtmps://, a host, an optional port and path, no credentials.
 */
export function streamUrlProblem(url: string): StreamMessageKey | null {
  if (!/^rtmps?:\/\//i.test(url)) return 'stream.url_scheme';
  if (CONTROL_CHARS.test(url) || !STREAM_URL.test(url)) return 'stream.url_invalid';
  const port = /^rtmps?:\/\/[^/]*:(\d+)(?:\/|$)/i.exec(url)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return 'stream.url_invalid';
  return null;
}

export const streamName = z
  .string({ error: en('stream.name_required') })
  .trim()
  .min(1, en('stream.name_required'))
  .max(STREAM_NAME_MAX, en('stream.name_too_long'))
  .refine((s) => !CONTROL_CHARS.test(s), en('stream.url_invalid'));

export const streamUrl = z
  .string({ error: en('stream.url_scheme') })
  .trim()
  .min(1, en('stream.url_scheme'))
  .max(STREAM_URL_MAX, en('stream.url_invalid'))
  .superRefine((url, ctx) => {
    const problem = streamUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: en(problem) });
  });

/** SECURITY: the key is a credential: bounded, printable, never echoed back. */
export const streamKey = z
  .string({ error: en('stream.key_required') })
  .trim()
  .min(1, en('stream.key_required'))
  .max(STREAM_KEY_MAX, en('stream.key_too_long'))
  .refine((s) => KEY_CHARS.test(s), en('stream.key_invalid'));

const serverId = z.string().trim().min(1).max(64);

// ---------- REST: saved destinations ("linked stream servers") ----------

export const streamServerCreateRequest = z.object({
  name: streamName,
  url: streamUrl,
  key: streamKey,
});
export type StreamServerCreateRequest = z.output<typeof streamServerCreateRequest>;

/** Fields left out stay as they were; a new `key` replaces the stored one. */
export const streamServerUpdateRequest = z.object({
  id: serverId,
  name: streamName.optional(),
  url: streamUrl.optional(),
  key: streamKey.optional(),
});
export type StreamServerUpdateRequest = z.output<typeof streamServerUpdateRequest>;

export const streamServerDeleteRequest = z.object({ id: serverId });
export const streamServerListRequest = z.object({});

/** What the API shows of a saved destination. SECURITY: never the key itself. */
export interface StreamServerDto {
  id: string;
  name: string;
  url: string;
  /** The key's last characters (e.g. `abcd`), or '' for very short keys. */
  key_hint: string;
  created_at: string;
  updated_at: string;
}

export interface StreamServerListResponse {
  servers: StreamServerDto[];
}

/** The visible end of a stream key: the last 4 characters of keys of 12 or more, else none. */
export function streamKeyHint(key: string): string {
  return key.length >= 12 ? key.slice(-STREAM_KEY_HINT_CHARS) : '';
}
