import { z } from 'zod';

/**
 * Building blocks shared by the signaling messages (`../signaling.ts`) and the per-feature files
 * of this folder. A feature file declares its requests, events and replies with these; the
 * registry in `../signaling.ts` spreads them into the one protocol.
 */

export const PROTOCOL_VERSION = 1;

/** Largest frame the server accepts from a client, in bytes (UTF-8). */
export const SIGNALING_MAX_MESSAGE_BYTES = 64 * 1024;
/** Chat text, in characters. */
export const SIGNALING_MAX_TEXT = 4000;
/** Correlation ids, participant ids, session ids, feed ids, file ids. */
export const SIGNALING_MAX_ID = 64;
/** An SDP must fit in one frame with its envelope. */
export const SIGNALING_MAX_SDP = 48 * 1024;
export const SIGNALING_MAX_CANDIDATE = 1024;
export const SIGNALING_MAX_CREDENTIALS = 4096;
export const SIGNALING_MAX_FEEDS = 100;
export const SIGNALING_MAX_NAME = 100;

export const signalingId = z.string().min(1).max(SIGNALING_MAX_ID);
/** @alias The same rule, named for what it identifies at its use sites. */
export const participantId = signalingId;
export const sdp = z.string().min(1).max(SIGNALING_MAX_SDP);

const envelope = {
  v: z.literal(PROTOCOL_VERSION).optional(),
  id: signalingId,
};

/** One client request: the envelope, a literal `type`, and its payload. */
export function request<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.object({ ...envelope, type: z.literal(type), ...shape });
}

/** One server event: a literal `type` and its payload (no id). */
export const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape });

export const exactlyOne =
  (a: string, b: string) =>
  (value: Record<string, unknown>): boolean =>
    (value[a] !== undefined) !== (value[b] !== undefined);
