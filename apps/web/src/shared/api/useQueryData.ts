import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { QueryClientContext, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { queryRuntime } from './appQueryClient.ts';

export interface QueryDataOptions<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  enabled: boolean;
}

const unsubscribed = () => undefined;

/**
 * `useQuery(options).data` for hooks on the join page, whose first load does not carry TanStack
 * Query's runtime (issue 11): the same cache and the same observer (`QueryObserver`: fetch when
 * missing or stale, retries, refetch on reconnect, the query kept while someone shows it), with
 * the data undefined until the runtime is here. An enabled query loads the runtime; a guest's
 * disabled one (the account) never does. Only the React binding, which `useQuery` would bring
 * with the runtime, is written here.
 */
export function useQueryData<T>(options: QueryDataOptions<T>): T | undefined {
  // The app's client once loaded (AppProviders), or a test's.
  const client = useContext(QueryClientContext);
  const runtime = useSyncExternalStore(
    queryRuntime.subscribe,
    queryRuntime.current,
    queryRuntime.current,
  );
  const { enabled } = options;
  useEffect(() => {
    if (enabled && !runtime) void queryRuntime.load().catch(() => undefined);
  }, [enabled, runtime]);
  // One observer per client; later options reach it through setOptions below, as in useQuery.
  const observer = useMemo(
    () => (client && runtime ? new runtime.QueryObserver<T>(client, options) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- options: setOptions, below
    [client, runtime],
  );
  useEffect(() => {
    observer?.setOptions(options);
  });
  // Until the observer's code is here, what a given client's cache holds (a test's client).
  const { queryKey } = options;
  const subscribe = useCallback(
    (notify: () => void) => {
      if (observer && runtime) return observer.subscribe(runtime.notifyManager.batchCalls(notify));
      return client ? client.getQueryCache().subscribe(notify) : unsubscribed;
    },
    [observer, runtime, client],
  );
  const data = () =>
    observer ? observer.getCurrentResult().data : client?.getQueryData<T>(queryKey);
  return useSyncExternalStore(subscribe, data, data);
}
