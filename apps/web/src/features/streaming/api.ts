import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type StreamServerCreateRequest,
  type StreamServerDto,
  type StreamServerListResponse,
} from '@podium/protocol';
import { api, type ApiClient } from '../../shared/api/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';

export const STREAM_SERVERS_QUERY_KEY = ['account', 'stream-servers'] as const;

/** The account's saved stream servers (keys only as their last characters). */
export function streamServersQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: STREAM_SERVERS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await client.get<StreamServerListResponse>(apiPaths.streaming.list, { signal })).servers,
  });
}

/** Saved stream servers of the signed-in account; idle for guests. */
export function useStreamServers() {
  const signedIn = useSessionStore((s) => s.signedIn);
  return useQuery({ ...streamServersQuery(), enabled: signedIn });
}

export function useAddStreamServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StreamServerCreateRequest) =>
      api.post<{ server: StreamServerDto }>(apiPaths.streaming.create, input),
    onSuccess: () => client.invalidateQueries({ queryKey: STREAM_SERVERS_QUERY_KEY }),
  });
}

export function useRemoveStreamServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(apiPaths.streaming.remove, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: STREAM_SERVERS_QUERY_KEY }),
  });
}
