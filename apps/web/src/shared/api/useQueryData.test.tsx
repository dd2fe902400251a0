import '../../test/dom.ts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { queryRuntime } from './appQueryClient.ts';
import { createQueryClient } from './createQueryClient.ts';
import { useQueryData } from './useQueryData.ts';

afterEach(cleanup);

const key = ['account', 'details'] as const;

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientContext value={client}>{children}</QueryClientContext>
  );
}

describe('useQueryData', () => {
  // First: the runtime is loaded once per test file and stays.
  it('loads nothing while disabled and TanStack Query is not here; loads it when enabled', async () => {
    const queryFn = vi.fn(() => Promise.resolve('nobody'));
    const view = renderHook(({ enabled }) => useQueryData({ queryKey: key, queryFn, enabled }), {
      initialProps: { enabled: false },
    });
    expect(view.result.current).toBeUndefined();
    expect(queryRuntime.current()).toBeNull();

    view.rerender({ enabled: true });
    await waitFor(() => expect(queryRuntime.current()).not.toBeNull());
    // No client is provided here: nothing is asked for, nothing shown.
    expect(queryFn).not.toHaveBeenCalled();
    expect(view.result.current).toBeUndefined();
  });

  it('fetches when enabled, follows the cache and keeps the query while shown', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.resolve('Ada'));
    const view = renderHook(({ enabled }) => useQueryData({ queryKey: key, queryFn, enabled }), {
      initialProps: { enabled: false },
      wrapper: withClient(client),
    });
    await waitFor(() => expect(queryRuntime.current()).not.toBeNull());
    expect(queryFn).not.toHaveBeenCalled();

    view.rerender({ enabled: true });
    await waitFor(() => expect(view.result.current).toBe('Ada'));
    expect(queryFn).toHaveBeenCalledTimes(1);

    // As with useQuery, the change reaches React on TanStack's next notification turn.
    act(() => client.setQueryData(key, 'Ada Lovelace'));
    await waitFor(() => expect(view.result.current).toBe('Ada Lovelace'));
    // An observer is what keeps the account in the cache (logout's "account loaded" reads it).
    expect(client.getQueryCache().find({ queryKey: key })?.getObserversCount()).toBe(1);
    view.unmount();
    expect(client.getQueryCache().find({ queryKey: key })?.getObserversCount()).toBe(0);
  });

  it('shows what the cache holds at once, without asking again while it is fresh', async () => {
    const client = createQueryClient();
    client.setQueryData(key, 'cached');
    const queryFn = vi.fn(() => Promise.resolve('fetched'));
    await queryRuntime.load();
    const view = renderHook(() => useQueryData({ queryKey: key, queryFn, enabled: true }), {
      wrapper: withClient(client),
    });
    expect(view.result.current).toBe('cached');
    expect(queryFn).not.toHaveBeenCalled();
  });
});
