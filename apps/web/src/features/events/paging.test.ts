import { describe, expect, it } from 'vitest';
import {
  initialPaging,
  pagingReducer,
  pendingRequest,
  type Page,
  type PagingState,
} from './paging.ts';

interface Item {
  id: string;
}
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));
const page = (ids: string[], after: string | null, total: number): Page<Item> => ({
  entries: items(...ids),
  metadata: { after, total_count: total },
});
const reduce = pagingReducer<Item>;

/** Answers the request in flight with `answer`, as the hook does. */
function answer(state: PagingState<Item>, answerPage: Page<Item>): PagingState<Item> {
  const pending = pendingRequest(state);
  if (!pending) throw new Error('nothing in flight');
  return reduce(state, { type: 'loaded', requestId: pending.requestId, page: answerPage });
}

describe('cursor paging of the events list', () => {
  it('asks for the first page, then follows `after` until it is null, appending', () => {
    let state = initialPaging<Item>();
    expect(pendingRequest(state)).toEqual({ requestId: 1, query: '', after: null });
    state = answer(state, page(['a', 'b'], 'c1', 5));
    expect(state).toMatchObject({ status: 'ready', after: 'c1', done: false, total: 5 });
    expect(pendingRequest(state)).toBeNull();

    state = reduce(state, { type: 'more' });
    expect(pendingRequest(state)).toEqual({ requestId: 2, query: '', after: 'c1' });
    state = answer(state, page(['c', 'd'], 'c2', 5));
    state = reduce(state, { type: 'more' });
    expect(pendingRequest(state)?.after).toBe('c2');
    state = answer(state, page(['e'], null, 5));

    expect(state.entries.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state.done).toBe(true);
    // Nothing remains: "more" changes nothing.
    expect(reduce(state, { type: 'more' })).toBe(state);
  });

  it('drops an answer that arrives after a new search, and starts the new list from scratch', () => {
    let state = answer(initialPaging<Item>(), page(['a'], 'c1', 9));
    state = reduce(state, { type: 'more' });
    const stale = pendingRequest(state)!;
    state = reduce(state, { type: 'search', query: 'standup' });
    expect(state.entries).toEqual([]);
    expect(pendingRequest(state)).toMatchObject({ query: 'standup', after: null });

    const ignored = reduce(state, {
      type: 'loaded',
      requestId: stale.requestId,
      page: page(['x'], null, 1),
    });
    expect(ignored).toBe(state);
    state = answer(state, page(['s1'], null, 1));
    expect(state.entries).toEqual(items('s1'));
    expect(state.query).toBe('standup');
  });

  it('does not restart for the same search, and ignores "more" while loading', () => {
    const loading = initialPaging<Item>('q');
    expect(reduce(loading, { type: 'search', query: 'q' })).toBe(loading);
    expect(reduce(loading, { type: 'more' })).toBe(loading);
  });

  it('keeps each event once when an edited one arrives again on a later page', () => {
    let state = answer(initialPaging<Item>(), page(['a', 'b'], 'c1', 3));
    state = reduce(state, { type: 'more' });
    state = answer(state, page(['b', 'c'], null, 3));
    expect(state.entries.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('an error keeps what was loaded; retry asks again for the page that failed', () => {
    let state = answer(initialPaging<Item>(), page(['a'], 'c1', 2));
    state = reduce(state, { type: 'more' });
    const failed = pendingRequest(state)!;
    state = reduce(state, {
      type: 'failed',
      requestId: failed.requestId,
      error: new Error('down'),
    });
    expect(state).toMatchObject({ status: 'error', entries: items('a') });
    state = reduce(state, { type: 'retry' });
    expect(pendingRequest(state)).toMatchObject({ after: 'c1' });

    let first = initialPaging<Item>();
    first = reduce(first, { type: 'failed', requestId: 1, error: new Error('down') });
    first = reduce(first, { type: 'retry' });
    expect(pendingRequest(first)).toMatchObject({ after: null });
  });

  it('removes a deleted event and lowers the total', () => {
    const state = answer(initialPaging<Item>(), page(['a', 'b'], null, 2));
    const next = reduce(state, { type: 'removed', id: 'a' });
    expect(next.entries).toEqual(items('b'));
    expect(next.total).toBe(1);
    expect(reduce(next, { type: 'removed', id: 'zz' })).toBe(next);
  });
});
