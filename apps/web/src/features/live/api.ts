import {
  apiPaths,
  type LiveChatPostRequest,
  type LiveChatPostResponse,
  type LivePlayback,
  type LivePlaybackRequest,
  type LiveStatus,
} from '@podium/protocol';
import { api, type ApiClient } from '../../shared/api/index.ts';

/** The watch page's calls (api/live.ts in the protocol); verify-call is the join feature's. */
export function createLiveApi(client: ApiClient = api) {
  return {
    status: (alias: string, signal?: AbortSignal) =>
      client.get<LiveStatus>(apiPaths.live.status, { query: { alias }, auth: false, signal }),
    playback: (input: LivePlaybackRequest) =>
      client.post<LivePlayback>(apiPaths.live.playback, input, { auth: false }),
    /** Signed in: a line of the event's audience chat (its stream is chat/model.ts's). */
    postChat: (input: LiveChatPostRequest) =>
      client.post<LiveChatPostResponse>(apiPaths.live.chat, input),
  };
}

export const liveApi = createLiveApi();
