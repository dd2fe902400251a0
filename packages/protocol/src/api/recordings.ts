import { z } from 'zod';
import { RECORDING_FAILURES } from '../signaling/recording.ts';

/**
 * The recordings library (issue 12 item 2): recordings belong to the event's owner, even when a
 * co-host started them (decisions.md "Recording and streaming").
 *
 * - `GET /api/recordings` (T) — the owner's recordings, newest first.
 * - `POST /api/recordings/:id/link` (T) — a short-lived signed download link (a plain
 *   `<a href download>` cannot carry the access token).
 * - `GET /api/recordings/:id/file` — the MP4, with HTTP Range (206, 416): the owner's access
 *   token or a signed link.
 * - `DELETE /api/recordings/:id` (T) — deletes the file and the entry.
 */

/**
 * `recording`: being written now; `complete`: stopped and finalised; `partial`: stopped by a
 * failure, the part recorded so far is playable; `failed`: nothing usable was written.
 */
export const RECORDING_ENTRY_STATES = ['recording', 'complete', 'partial', 'failed'] as const;
export type RecordingEntryState = (typeof RECORDING_ENTRY_STATES)[number];

export const recordingEntry = z.object({
  id: z.string(),
  event_title: z.string(),
  /** ISO instant the recording started. */
  started_at: z.string(),
  /** Recorded time (paused parts excluded). */
  duration_ms: z.number().int().nonnegative(),
  size_bytes: z.number().int().nonnegative(),
  state: z.enum(RECORDING_ENTRY_STATES),
  failure: z.enum(RECORDING_FAILURES).nullable(),
  /** Whether the file can be downloaded (complete or partial). */
  downloadable: z.boolean(),
});
export type RecordingEntry = z.infer<typeof recordingEntry>;

export const recordingListResponse = z.object({ recordings: z.array(recordingEntry) });
export type RecordingListResponse = z.infer<typeof recordingListResponse>;

/** The `:id` of the recordings paths. */
export const recordingId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const recordingLinkResponse = z.object({
  /** Same-origin path with `exp` and `sig`. */
  url: z.string().min(1),
  /** ISO instant the link stops working. */
  expires_at: z.string(),
});
export type RecordingLinkResponse = z.infer<typeof recordingLinkResponse>;
