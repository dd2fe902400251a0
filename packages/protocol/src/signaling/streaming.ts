import { z } from 'zod';
import { streamKey, streamMessages, streamName, streamUrl } from '../api/streaming.ts';
import { event, request, signalingId } from './common.ts';

/**
 * Live streaming of the room to RTMP/RTMPS destinations (spec §1, §4 "starting, streaming,
 * stopping", §8 'check your stream key'). Hosts and co-hosts start destinations (saved ones by
 * id, or ad-hoc ones for this event) and stop one or all; each destination is its own egress
 * output, so one failing leaves the others streaming. Everyone gets `stream_state` (the room's
 * LIVE flag and each destination's state) on every change, after `welcome` and after a resume.
 * SECURITY: keys travel only in `stream_start` and never come back; URLs only to moderators.
 */

/** Destinations one room streams to at once. */
export const STREAM_DESTINATIONS_MAX = 5;

export const STREAM_DESTINATION_STATES = [
  'starting',
  'streaming',
  /** The connection dropped; the server retries with backoff (`attempt` counts the tries). */
  'retrying',
  'stopping',
  /** Given up: `error` says why (`stream.check_key` for a refused key or unreachable server). */
  'failed',
] as const;
export type StreamDestinationState = (typeof STREAM_DESTINATION_STATES)[number];

const STREAM_ERROR_KEYS = Object.keys(streamMessages) as [
  keyof typeof streamMessages,
  ...(keyof typeof streamMessages)[],
];

export const streamDestinationView = z.object({
  id: signalingId,
  name: z.string().max(100),
  state: z.enum(STREAM_DESTINATION_STATES),
  /** Why it failed (or why it is retrying), an i18n key of `streamMessages`. */
  error: z.enum(STREAM_ERROR_KEYS).nullable(),
  /** Retries so far after a dropped connection. */
  attempt: z.number().int().nonnegative(),
  /** The server URL without the key; only hosts and co-hosts get it (null for others). */
  url: z.string().max(1024).nullable(),
  /** The saved destination it came from, when it did (hosts and co-hosts only). */
  server_id: z.string().max(64).nullable(),
});
export type StreamDestinationView = z.infer<typeof streamDestinationView>;

/** A destination to start: a saved one of the host's account, or one for this event only. */
export const streamDestinationInput = z.union([
  z.object({ server_id: z.string().trim().min(1).max(64) }).strict(),
  z.object({ name: streamName, url: streamUrl, key: streamKey }).strict(),
]);
export type StreamDestinationInput = z.infer<typeof streamDestinationInput>;

export const streamingRequests = {
  stream_start: request('stream_start', {
    destinations: z.array(streamDestinationInput).min(1).max(STREAM_DESTINATIONS_MAX),
  }),
  /** Without `destination_id`: stop every destination (the room goes off the air). */
  stream_stop: request('stream_stop', { destination_id: signalingId.optional() }),
} as const;

export const streamingEvents = {
  stream_state: event('stream_state', {
    /** At least one destination is streaming: the LIVE indicator. */
    live: z.boolean(),
    destinations: z.array(streamDestinationView).max(STREAM_DESTINATIONS_MAX * 4),
  }),
} as const;

export const streamingReplies = {
  /** The ids of the destinations started, in the order asked. */
  stream_start: z.object({ destination_ids: z.array(signalingId) }),
} as const;

/** The signaling texts of the streaming keys, per language (spread into signaling.ts). */
const textsIn = (language: 'en' | 'vi') =>
  Object.fromEntries(
    Object.entries(streamMessages).map(([key, text]) => [key, text[language]]),
  ) as {
    [K in keyof typeof streamMessages]: string;
  };
export const streamingMessages = { en: textsIn('en'), vi: textsIn('vi') };
