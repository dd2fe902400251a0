import { z } from 'zod';
import { event, participantId, request } from './common.ts';

/**
 * End-to-end keys of `endtoend` rooms (issue 17 item 2; trust model in
 * apps/web/src/features/room/media/e2ee/README.md). Every participant announces the public half
 * of a per-session ECDH key pair (P-256); each sender seals its media key for every other
 * participant with a key agreed from the two key pairs and the server relays the sealed bytes to
 * that one participant. The server only ever carries public keys and ciphertext.
 */

/** A P-256 public key, raw uncompressed point (65 bytes), base64url without padding. */
export const E2EE_PUBLIC_KEY_CHARS = 87;
/** Most characters of one sealed key message (base64url): far above its real 86. */
export const E2EE_MAX_SEALED_CHARS = 172;

export const e2eePublicKey = z
  .string()
  .length(E2EE_PUBLIC_KEY_CHARS)
  .regex(/^[A-Za-z0-9_-]+$/);
export const e2eeSealed = z
  .string()
  .min(16)
  .max(E2EE_MAX_SEALED_CHARS)
  .regex(/^[A-Za-z0-9_-]+$/);

export const e2eeKeyView = z.object({ participant_id: participantId, public_key: e2eePublicKey });
export type E2eeKeyView = z.infer<typeof e2eeKeyView>;

export const e2eeRequests = {
  /** This participant's public key for the session (again after a resume: the same or a new one). */
  e2ee_announce: request('e2ee_announce', { public_key: e2eePublicKey }),
  /** A media key sealed for one other participant of the room; relayed to them alone. */
  e2ee_seal: request('e2ee_seal', { to: participantId, sealed: e2eeSealed }),
} as const;

export const e2eeEvents = {
  /**
   * Public keys of participants in the room: all of them after every `welcome`, then each one
   * as it is announced. A participant's newer key replaces the older.
   */
  e2ee_public_keys: event('e2ee_public_keys', { keys: z.array(e2eeKeyView).max(100) }),
  /** A media key another participant sealed for you (`from` is who the server says sent it). */
  e2ee_sealed: event('e2ee_sealed', { from: participantId, sealed: e2eeSealed }),
} as const;

/** The refusals' text (spread into the signaling messages). */
export const e2eeMessages = {
  en: { 'e2ee.not_endtoend': 'This room is not end-to-end encrypted' },
  vi: { 'e2ee.not_endtoend': 'Phòng này không được mã hóa đầu cuối' },
} as const;
