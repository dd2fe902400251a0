import { z } from 'zod';
import { guestKeyField, type EventMode, type JoinRole, type VerifyCallResponse } from './events.ts';

/**
 * Spec §7 "Signal": `POST /member/v1/auth` turns a join ticket (from verify-call) or a signed-in
 * owner's access token plus an alias into socket credentials for `/socket/member/v1`.
 */

/** Socket credentials last this long; a dropped socket resumes with them even after expiry. */
export const SOCKET_CREDENTIALS_TTL_SECONDS = 10 * 60;

export const signalAuthRequest = z
  .object({
    /** A join ticket from verify-call. */
    ticket: z.string().min(1).max(4096).optional(),
    /** With an access token: the alias (name or id) to join; the owner joins as host. */
    alias: z.string().trim().min(1).max(64).optional(),
    /**
     * A guest browser's own random key (kept in localStorage): a block of the guest then holds
     * for this browser too, whatever ticket it comes back with.
     */
    guest_key: guestKeyField.optional(),
  })
  // Neither: account-scope credentials for the account channel (needs the access token).
  .refine((v) => v.ticket === undefined || v.alias === undefined, {
    message: 'Give a ticket, or an alias with an access token',
    path: ['ticket'],
  });
export type SignalAuthRequest = z.infer<typeof signalAuthRequest>;

export interface SignalAuthResponse {
  /** Goes into the socket's `hello`. */
  credentials: string;
  expires_at: string;
  /** Path of the signaling socket on this server. */
  socket_path: string;
  protocol_version: number;
  /** The role the credentials carry (decided by the server from the ticket or account). */
  role: JoinRole;
  display_name: string;
  guest: boolean;
  room: { id: string; name: string; title: string; mode: EventMode };
}

/** verify-call's answer when it was asked for the socket's credentials too (`socket: true`). */
export interface VerifyCallWithSocket extends VerifyCallResponse {
  socket?: SignalAuthResponse;
}

/**
 * `POST /member/v1/auth` with only an access token: credentials for the account channel. A socket
 * greeted with them joins no room; it receives what the server pushes to the account
 * (notifications, ringing QR calls, …) until it closes. They never open a room, and room
 * credentials never open an account channel.
 */
export interface SignalAccountAuthResponse {
  scope: 'account';
  credentials: string;
  expires_at: string;
  socket_path: string;
  protocol_version: number;
  account_id: string;
  display_name: string;
}
