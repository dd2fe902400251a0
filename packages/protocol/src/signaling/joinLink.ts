import { z } from 'zod';
import { verifyCallRequest } from '../api/events.ts';
import { JOIN_ROLES } from '../api/events-messages.ts';
import { SIGNALING_MAX_CREDENTIALS } from './common.ts';

/*
 * Admission on the socket (issue 11 item 3): the pre-join page's `hello` may carry the join link
 * instead of credentials, and is answered as verify-call would answer it, with the socket's
 * credentials — so the room's first `join` can go right behind it, with no HTTP round trip before
 * the socket. `POST verify-call` stays (other clients and the watch page use it); both ask the
 * server's one admission.
 */

/**
 * What verify-call takes (the link's alias, the passcode, a speaker or host link's token, the
 * name, the guest's key), and the signed-in person's access token, which an HTTP request carries
 * in its header: the owner joins as host, a member as participant.
 */
export const helloJoinLink = verifyCallRequest
  .omit({ socket: true })
  .extend({ access_token: z.string().min(1).max(4096).optional() });
export type HelloJoinLink = z.output<typeof helloJoinLink>;

/** `hello {join_link}` admitted: verify-call's answer and the credentials this socket now has. */
export const helloAdmission = z.object({
  /** The join ticket (reloads of the room and the watch page present it). */
  ticket: z.string().min(1).max(4096),
  expires_at: z.string().max(64),
  role: z.enum(JOIN_ROLES),
  display_name: z.string().max(200).nullable(),
  /** The event's title. */
  title: z.string().max(500),
  /** This socket's credentials: the next socket's `hello`, a guest's uploads. */
  credentials: z.string().min(1).max(SIGNALING_MAX_CREDENTIALS),
  room_id: z.string().max(64),
});
export type HelloAdmission = z.output<typeof helloAdmission>;

/**
 * `hello {join_link}` refused: the error verify-call would have answered (its status, code, key,
 * field messages and Retry-After), so the pre-join page shows the same message either way.
 */
export const admissionRefusal = z.object({
  status: z.number().int().min(400).max(599),
  code: z.string().max(100),
  key: z.string().max(100).optional(),
  fields: z.record(z.string().max(100), z.string().max(500)).optional(),
  retry_after_seconds: z.number().int().nonnegative().optional(),
});
export type AdmissionRefusal = z.output<typeof admissionRefusal>;
