import crypto from 'node:crypto';
import type { CallConfigResponse, IceServer } from '@podium/protocol';
import type { IceConfig } from '../../config.ts';

/**
 * TURN REST API credentials (draft-uberti-behave-turn-rest, coturn `use-auth-secret`): the
 * username carries its own expiry, the credential is the HMAC of the username under the secret
 * shared with the TURN server. The TURN server needs no database: it recomputes the HMAC and
 * refuses usernames whose expiry has passed.
 */
export function turnCredentials(
  secret: string,
  expiresAtSeconds: number,
  id: string,
): { username: string; credential: string } {
  const username = `${expiresAtSeconds}:${id}`;
  const credential = crypto.createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers browsers use for their peer connections (POST /config). */
export class CallConfigService {
  readonly #ice: IceConfig;

  constructor(ice: IceConfig) {
    this.#ice = ice;
  }

  /** Fresh credentials on every call: each browser gets its own username. */
  forBrowser(now: Date = new Date()): CallConfigResponse {
    const servers: IceServer[] = [];
    if (this.#ice.stunUrls.length) servers.push({ urls: [...this.#ice.stunUrls] });
    const turn = this.#ice.turn;
    if (!turn) return { ice_servers: servers };
    const expires = Math.floor(now.getTime() / 1000) + turn.ttlSeconds;
    // SECURITY: a random id, not the account: the username is visible to the TURN server's logs
    // and to anyone watching the browser, and /config is called without a token.
    const id = crypto.randomBytes(9).toString('base64url');
    servers.push({ urls: [...turn.urls], ...turnCredentials(turn.secret, expires, id) });
    return { ice_servers: servers, expires_at: new Date(expires * 1000).toISOString() };
  }
}
