import type { AliasShortDetail, VerifyCallWithSocket } from '@podium/protocol';
import { api, type ApiClient } from '../../shared/api/index.ts';
import { apiPaths } from '@podium/protocol';

export interface VerifyCallInput {
  alias: string;
  passcode?: string | null;
  speaker?: string | null;
  host?: string | null;
  display_name?: string | null;
  /** Also answer with the room's socket credentials (one round trip less for the room). */
  socket?: boolean;
  /** With `socket`: this browser's guest key (shared/session/guestKey.ts). */
  guest_key?: string;
}

/** The public join calls: anyone holding the link may look the event up and ask to join. */
export function createJoinApi(client: ApiClient = api) {
  return {
    shortDetail: (alias: string, signal?: AbortSignal) =>
      client.get<AliasShortDetail>(apiPaths.events.shortDetail, {
        query: { alias },
        auth: false,
        signal,
      }),
    /**
     * Sent with the token when signed in, so the owner joins as host and a member as
     * participant; a guest sends none.
     */
    verifyCall: (input: VerifyCallInput) =>
      client.post<VerifyCallWithSocket>(apiPaths.events.verifyCall, input),
  };
}

export const joinApi = createJoinApi();
