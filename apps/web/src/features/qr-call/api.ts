import type {
  AgentDto,
  AliasDto,
  AliasListResponse,
  AliasShortDetail,
  QrCallAgentView,
  QrCallState,
  QrCallVisitorView,
  UrlResponse,
} from '@podium/protocol';
import { api, type ApiClient } from '../../shared/api/index.ts';
import { apiPaths } from '@podium/protocol';

/** The QR call centre's calls: the visitor's and agent's signals, and the owner's management. */
export function createQrCallApi(client: ApiClient = api) {
  const send = <T>(body: Record<string, unknown>, signal?: AbortSignal) =>
    client.post<T>(apiPaths.qrCalls.send, body, signal ? { signal } : {});
  return {
    shortDetail: (alias: string, signal?: AbortSignal) =>
      client.get<AliasShortDetail>(apiPaths.events.shortDetail, {
        query: { alias },
        auth: false,
        signal,
      }),
    // A signed-in visitor's token goes along, so the agents see the account's name.
    call: (alias: string, displayName: string | null) =>
      send<QrCallVisitorView>({ type: 'call', alias, display_name: displayName }),
    wait: (callId: string, token: string, state: QrCallState, signal?: AbortSignal) =>
      send<QrCallVisitorView>({ type: 'wait', call_id: callId, token, state }, signal),
    cancel: (callId: string, token: string) =>
      send<QrCallVisitorView>({ type: 'cancel', call_id: callId, token }),
    accept: (callId: string) => send<QrCallAgentView>({ type: 'accept', call_id: callId }),
    decline: (callId: string) => send<QrCallAgentView>({ type: 'decline', call_id: callId }),

    list: (after?: string | null) =>
      client.post<AliasListResponse>(apiPaths.events.list, {
        type: 'qrcode',
        limit: 100,
        ...(after ? { after } : {}),
      }),
    create: (body: { title: string; name?: string; expired_at?: string | null }) =>
      client.post<AliasDto>(apiPaths.events.create, {
        type: 'qrcode',
        // A QR call alias has no schedule; the event fields still want a start.
        start_time: new Date().toISOString(),
        ...body,
      }),
    update: (body: { id: string; title?: string; name?: string; expired_at?: string | null }) =>
      client.post<AliasDto>(apiPaths.events.update, body),
    remove: (id: string) =>
      client.delete<{ id: string; deleted: true }>(apiPaths.events.remove, { body: { id } }),
    agents: (alias: string) =>
      client.get<{ entries: AgentDto[] }>(apiPaths.events.participantList, { query: { alias } }),
    addAgent: (alias: string, account: string) =>
      client.post<AgentDto>(apiPaths.events.participantAdd, { alias, account }),
    removeAgent: (alias: string, id: string) =>
      client.post<{ id: string; removed: true }>(apiPaths.events.participantRemove, { alias, id }),
    callUrl: (alias: string) =>
      client.get<UrlResponse>(apiPaths.events.participantUrl, { query: { alias } }),
  };
}

/**
 * Cancels a ringing call while the page goes away (tab closed, reload): a keepalive request
 * outlives the page, so agents stop ringing at once instead of at the ring timeout.
 */
export function cancelOnLeave(callId: string, token: string): void {
  void fetch(apiPaths.qrCalls.send, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ type: 'cancel', call_id: callId, token }),
  }).catch(() => undefined);
}

export const qrCallApi = createQrCallApi();
export type QrCallApi = ReturnType<typeof createQrCallApi>;
