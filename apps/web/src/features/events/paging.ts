/**
 * Cursor paging of the events list (spec §4: follow the `after` cursor until none remains,
 * appending). A pure reducer so the ordering rules are tested without React: every request
 * carries the id of the state that asked for it, and an answer for an older request (a search
 * typed since, or a reset) is dropped instead of mixing two lists.
 */
import { assertNever } from '../../shared/assertNever.ts';

export interface Page<T> {
  entries: readonly T[];
  metadata: { after: string | null; total_count: number };
}

export type PagingStatus = 'loading' | 'loadingMore' | 'ready' | 'error';

export interface PagingState<T> {
  /** The search the entries belong to. */
  query: string;
  entries: T[];
  /** Cursor of the next page; null once the last page arrived. */
  after: string | null;
  total: number | null;
  status: PagingStatus;
  /** True when no page remains. */
  done: boolean;
  error: unknown;
  /** Identifies the request in flight; answers for other ids are ignored. */
  requestId: number;
}

export type PagingAction<T> =
  | { type: 'search'; query: string }
  | { type: 'more' }
  | { type: 'retry' }
  | { type: 'loaded'; requestId: number; page: Page<T> }
  | { type: 'failed'; requestId: number; error: unknown }
  | { type: 'removed'; id: string };

export function initialPaging<T>(query = ''): PagingState<T> {
  return {
    query,
    entries: [],
    after: null,
    total: null,
    status: 'loading',
    done: false,
    error: null,
    requestId: 1,
  };
}

/** What the state in flight asks for: the cursor to send, or null for the first page. */
export function pendingRequest<T>(
  state: PagingState<T>,
): { requestId: number; query: string; after: string | null } | null {
  if (state.status === 'loading')
    return { requestId: state.requestId, query: state.query, after: null };
  if (state.status === 'loadingMore') {
    return { requestId: state.requestId, query: state.query, after: state.after };
  }
  return null;
}

function appendUnique<T extends { id: string }>(entries: readonly T[], more: readonly T[]): T[] {
  const seen = new Set(entries.map((e) => e.id));
  // An event edited between two pages can move past the cursor and arrive twice.
  return [...entries, ...more.filter((e) => !seen.has(e.id))];
}

export function pagingReducer<T extends { id: string }>(
  state: PagingState<T>,
  action: PagingAction<T>,
): PagingState<T> {
  switch (action.type) {
    case 'search':
      // The same search again (a debounce settling on the text already shown) changes nothing.
      if (action.query === state.query && state.status !== 'error') return state;
      return { ...initialPaging<T>(action.query), requestId: state.requestId + 1 };
    case 'more':
      if (state.done || state.status !== 'ready' || !state.after) return state;
      return { ...state, status: 'loadingMore', error: null, requestId: state.requestId + 1 };
    case 'retry':
      if (state.status !== 'error') return state;
      return {
        ...state,
        status: state.entries.length && state.after ? 'loadingMore' : 'loading',
        entries: state.entries.length && state.after ? state.entries : [],
        error: null,
        requestId: state.requestId + 1,
      };
    case 'loaded': {
      if (action.requestId !== state.requestId) return state;
      const first = state.status === 'loading';
      const after = action.page.metadata.after;
      return {
        ...state,
        entries: first
          ? [...action.page.entries]
          : appendUnique(state.entries, action.page.entries),
        after,
        total: action.page.metadata.total_count,
        status: 'ready',
        done: after === null,
        error: null,
      };
    }
    case 'failed':
      if (action.requestId !== state.requestId) return state;
      return { ...state, status: 'error', error: action.error };
    case 'removed': {
      const entries = state.entries.filter((e) => e.id !== action.id);
      if (entries.length === state.entries.length) return state;
      return {
        ...state,
        entries,
        total: state.total === null ? null : Math.max(0, state.total - 1),
      };
    }
    default:
      return assertNever(action, 'paging action');
  }
}
