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

export const QR_CALL_PATHS = {
  send: '/1-1/send',
  shortDetail: '/api/quickom/qrcode/short-detail',
  create: '/api/account/qrcode/create',
  update: '/api/account/qrcode/update',
  remove: '/api/account/qrcode/delete',
  list: '/api/account/qrcode/list/conference',
  agentAdd: '/api/account/qrcode/participant/add',
  agentList: '/api/account/qrcode/participant/list',
  agentRemove: '/api/account/qrcode/participant/remove',
  agentUrl: '/api/account/qrcode/participant/url',
} as const;

/** The QR call centre's calls: the visitor's and agent's signals, and the owner's management. */
export function createQrCallApi(client: ApiClient = api) {
  const send = <T>(body: Record<string, unknown>, signal?: AbortSignal) =>
    client.post<T>(QR_CALL_PATHS.send, body, signal ? { signal } : {});
  return {
    shortDetail: (alias: string, signal?: AbortSignal) =>
      client.get<AliasShortDetail>(QR_CALL_PATHS.shortDetail, {
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
      client.post<AliasListResponse>(QR_CALL_PATHS.list, {
        type: 'qrcode',
        limit: 100,
        ...(after ? { after } : {}),
      }),
    create: (body: { title: string; name?: string; expired_at?: string | null }) =>
      client.post<AliasDto>(QR_CALL_PATHS.create, {
        type: 'qrcode',
        // A QR call alias has no schedule; the event fields still want a start.
        start_time: new Date().toISOString(),
        ...body,
      }),
    update: (body: { id: string; title?: string; name?: string; expired_at?: string | null }) =>
      client.post<AliasDto>(QR_CALL_PATHS.update, body),
    remove: (id: string) =>
      client.delete<{ id: string; deleted: true }>(QR_CALL_PATHS.remove, { body: { id } }),
    agents: (alias: string) =>
      client.get<{ entries: AgentDto[] }>(QR_CALL_PATHS.agentList, { query: { alias } }),
    addAgent: (alias: string, account: string) =>
      client.post<AgentDto>(QR_CALL_PATHS.agentAdd, { alias, account }),
    removeAgent: (alias: string, id: string) =>
      client.post<{ id: string; removed: true }>(QR_CALL_PATHS.agentRemove, { alias, id }),
    callUrl: (alias: string) =>
      client.get<UrlResponse>(QR_CALL_PATHS.agentUrl, { query: { alias } }),
  };
}

/**
 * Cancels a ringing call while the page goes away (tab closed, reload): a keepalive request
 * outlives the page, so agents stop ringing at once instead of at the ring timeout.
 */
export function cancelOnLeave(callId: string, token: string): void {
  void fetch(QR_CALL_PATHS.send, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ type: 'cancel', call_id: callId, token }),
  }).catch(() => undefined);
}

export const qrCallApi = createQrCallApi();
export type QrCallApi = ReturnType<typeof createQrCallApi>;
