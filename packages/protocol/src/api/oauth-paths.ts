/**
 * The zod-free part of oauth.ts the web app's routes import on every page (issue 11: first
 * load). oauth.ts re-exports it.
 */

/** The web route every provider returns to (spec §2); the body tells which provider it was. */
export const OAUTH_CALLBACK_PATH = '/auth/google/callback';
/** How long a started sign-in (state, verifier, nonce) stays usable. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
