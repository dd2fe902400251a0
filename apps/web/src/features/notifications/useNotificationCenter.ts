import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { NotificationView, NotificationsChangedResponse } from '@podium/protocol';
import { useAccountChannelState, useAccountMessage } from '../../shared/account-channel/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { fetchPage, fetchUnread, notificationKeys, remove, setRead } from './api.ts';
import { withoutIds, withRead, type ListCache } from './cache.ts';
import { useNotificationPanel } from './panel.ts';

type ReadTarget = { ids: number[] } | { all: true };

function settle(client: QueryClient, res: NotificationsChangedResponse): void {
  client.setQueryData(notificationKeys.unread, res.unread);
}

/**
 * Everything the notification center shows and does: the unread count (kept live by the account
 * channel), the list (loaded when opened, newest first, more on demand) and the actions.
 */
export function useNotificationCenter() {
  const client = useQueryClient();
  const signedIn = useSessionStore((s) => s.signedIn);
  const { opened, setOpened } = useNotificationPanel();

  const unread = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: fetchUnread,
    enabled: signedIn,
    staleTime: Infinity,
  });

  const list = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_from_id ?? undefined,
    enabled: signedIn && opened,
    staleTime: Infinity,
  });

  // Pushed over the account channel: the badge follows at once, the list when next looked at.
  useAccountMessage('notification', (message) => {
    client.setQueryData(notificationKeys.unread, message.unread);
    void client.invalidateQueries({ queryKey: notificationKeys.list });
  });
  useAccountMessage('notification_count', (message) => {
    client.setQueryData(notificationKeys.unread, message.unread);
    void client.invalidateQueries({ queryKey: notificationKeys.list });
  });
  // Whatever came before the socket was (again) listening is fetched once it is: a
  // notification created between the first count and the greeting would otherwise be missed.
  const channel = useAccountChannelState();
  const wasConnected = useRef(channel === 'connected');
  useEffect(() => {
    if (channel !== 'connected') {
      wasConnected.current = false;
      return;
    }
    if (!wasConnected.current) void client.invalidateQueries({ queryKey: notificationKeys.all });
    wasConnected.current = true;
  }, [channel, client]);

  const markRead = useMutation({
    mutationFn: ({ target, isRead }: { target: ReadTarget; isRead: boolean }) =>
      setRead(target, isRead),
    onSuccess: (res, { target, isRead }) => {
      client.setQueryData<ListCache>(notificationKeys.list, (cache) =>
        withRead(cache, target, isRead),
      );
      settle(client, res);
    },
  });
  const del = useMutation({
    mutationFn: (ids: number[]) => remove(ids),
    onSuccess: (res, ids) => {
      client.setQueryData<ListCache>(notificationKeys.list, (cache) => withoutIds(cache, ids));
      settle(client, res);
    },
  });

  const items: NotificationView[] = useMemo(
    () => list.data?.pages.flatMap((page) => page.items) ?? [],
    [list.data],
  );

  const toggleRead = useCallback(
    (n: NotificationView) => markRead.mutate({ target: { ids: [n.id] }, isRead: !n.is_read }),
    [markRead],
  );

  return {
    signedIn,
    opened,
    setOpened,
    unread: unread.data ?? 0,
    items,
    loading: list.isPending && opened,
    failed: list.isError,
    retry: () => void list.refetch(),
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    toggleRead,
    markAllRead: () => markRead.mutate({ target: { all: true }, isRead: true }),
    remove: (n: NotificationView) => del.mutate([n.id]),
    busy: markRead.isPending || del.isPending,
    actionFailed: markRead.isError || del.isError,
  };
}
