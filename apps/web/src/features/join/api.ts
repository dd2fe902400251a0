import type { AliasShortDetail, VerifyCallResponse } from '@podium/protocol';
import { api, type ApiClient } from '../../shared/api/index.ts';

export const JOIN_PATHS = {
  shortDetail: '/api/quickom/qrcode/short-detail',
  verifyCall: '/api/quickom/qrcode/verify-call',
} as const;

export interface VerifyCallInput {
  alias: string;
  passcode?: string | null;
  speaker?: string | null;
  host?: string | null;
  display_name?: string | null;
}

/** The public join calls: anyone holding the link may look the event up and ask to join. */
export function createJoinApi(client: ApiClient = api) {
  return {
    shortDetail: (alias: string, signal?: AbortSignal) =>
      client.get<AliasShortDetail>(JOIN_PATHS.shortDetail, {
        query: { alias },
        auth: false,
        signal,
      }),
    /**
     * Sent with the token when signed in, so the owner joins as host and a member as
     * participant; a guest sends none.
     */
    verifyCall: (input: VerifyCallInput) =>
      client.post<VerifyCallResponse>(JOIN_PATHS.verifyCall, input),
  };
}

export const joinApi = createJoinApi();
