import type { InfiniteData } from '@tanstack/react-query';
import type { ListNotificationsResponse } from '@podium/protocol';

export type ListCache = InfiniteData<ListNotificationsResponse, number | null>;

/**
 * Pure updates of the cached pages after a change the server confirmed, so the list follows at
 * once without refetching every page.
 */
export function withRead(
  cache: ListCache | undefined,
  target: { ids: number[] } | { all: true },
  isRead: boolean,
): ListCache | undefined {
  if (!cache) return cache;
  const ids = 'ids' in target ? new Set(target.ids) : null;
  return {
    ...cache,
    pages: cache.pages.map((page) => ({
      ...page,
      items: page.items.map((n) => (ids === null || ids.has(n.id) ? { ...n, is_read: isRead } : n)),
    })),
  };
}

export function withoutIds(cache: ListCache | undefined, ids: number[]): ListCache | undefined {
  if (!cache) return cache;
  const gone = new Set(ids);
  return {
    ...cache,
    pages: cache.pages.map((page) => ({
      ...page,
      items: page.items.filter((n) => !gone.has(n.id)),
    })),
  };
}
