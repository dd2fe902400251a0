import { useEffect, useReducer, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { ALIAS_LIST_DEFAULT_LIMIT, type AliasDto } from '@podium/protocol';
import { eventsApi } from './api.ts';
import { initialPaging, pagingReducer, pendingRequest, type PagingState } from './paging.ts';

/** Typing pauses this long before the list searches. */
export const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZE = ALIAS_LIST_DEFAULT_LIMIT;

const reducer = pagingReducer<AliasDto>;
const init = (): PagingState<AliasDto> => initialPaging<AliasDto>('');

/** /app/conferences: the owner's events, searched and paged with the `after` cursor. */
export function useEventsList() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [state, dispatch] = useReducer(reducer, undefined, init);

  useEffect(() => {
    dispatch({ type: 'search', query: debounced });
  }, [debounced]);

  const pending = pendingRequest(state);
  const requestId = pending?.requestId;
  const after = pending?.after ?? null;
  const query = pending?.query ?? '';
  useEffect(() => {
    if (requestId === undefined) return;
    const controller = new AbortController();
    eventsApi
      .list({ after, search: query, limit: PAGE_SIZE }, controller.signal)
      .then((page) => dispatch({ type: 'loaded', requestId, page }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'failed', requestId, error });
      });
    return () => controller.abort();
  }, [requestId, after, query]);

  return {
    search,
    setSearch,
    state,
    loadMore: () => dispatch({ type: 'more' }),
    retry: () => dispatch({ type: 'retry' }),
  };
}
