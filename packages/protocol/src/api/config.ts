import { z } from 'zod';

/**
 * Spec §7 "Call config": `POST /config` (no token) tells the browser which ICE servers to use
 * for its peer connections. With a TURN server configured the answer carries time-limited
 * credentials in the TURN REST API form (username `<expiry unix seconds>:<random id>`, credential
 * base64(HMAC-SHA1(shared secret, username))), which coturn checks with `use-auth-secret`.
 */

/** The request carries nothing yet; anything else is refused rather than ignored. */
export const callConfigRequest = z.object({}).strict();
export type CallConfigRequest = z.infer<typeof callConfigRequest>;

export const iceServerSchema = z.object({
  urls: z.array(z.string().regex(/^(stuns?|turns?):/)).min(1),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const callConfigResponse = z.object({
  ice_servers: z.array(iceServerSchema),
  /** When the TURN credentials stop working (ISO 8601); absent when nothing expires. */
  expires_at: z.iso.datetime().optional(),
});
export type CallConfigResponse = z.infer<typeof callConfigResponse>;

/** Default lifetime of TURN credentials (TURN_TTL_SECONDS). */
export const TURN_TTL_SECONDS_DEFAULT = 24 * 3600;
