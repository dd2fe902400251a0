import {
  apiPaths,
  type CountNotificationsResponse,
  type ListNotificationsResponse,
  type NotificationsChangedResponse,
} from '@podium/protocol';
import { api } from '../../shared/api/index.ts';

/** One page of the notification center. */
export const PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

export function fetchPage(fromId: number | null): Promise<ListNotificationsResponse> {
  return api.get<ListNotificationsResponse>(apiPaths.notifications.list, {
    query: { from_id: fromId, limit: PAGE_SIZE },
  });
}

export async function fetchUnread(): Promise<number> {
  const res = await api.get<CountNotificationsResponse>(apiPaths.notifications.count, {
    query: { is_read: false },
  });
  return res.count;
}

export function setRead(
  target: { ids: number[] } | { all: true },
  isRead: boolean,
): Promise<NotificationsChangedResponse> {
  return api.post<NotificationsChangedResponse>(apiPaths.notifications.updateReadStatus, {
    ...target,
    is_read: isRead,
  });
}

export function remove(ids: number[]): Promise<NotificationsChangedResponse> {
  return api.post<NotificationsChangedResponse>(apiPaths.notifications.delete, { ids });
}
