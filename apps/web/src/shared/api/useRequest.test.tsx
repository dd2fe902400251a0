import '../../test/dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { ApiError } from './errors.ts';
import { useRequest } from './useRequest.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A request whose answers the test gives one by one, recording each call's signal. */
function scripted<T>() {
  const calls: { signal: AbortSignal; settle: (answer: T | Error) => void }[] = [];
  const request = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({
          signal,
          settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)),
        });
      }),
  );
  const answer = async (value: T | Error) => {
    await act(async () => calls.at(-1)?.settle(value));
  };
  return { request, calls, answer };
}

describe('useRequest', () => {
  it('asks nothing without a key, then shows the answer for its key', async () => {
    const server = scripted<string>();
    const view = renderHook(({ key }) => useRequest(key, server.request), {
      initialProps: { key: null as string | null },
    });
    expect(server.request).not.toHaveBeenCalled();
    expect(view.result.current.data).toBeUndefined();

    view.rerender({ key: 'first' });
    expect(view.result.current.data).toBeUndefined();
    await server.answer('event one');
    expect(view.result.current).toMatchObject({ data: 'event one', error: null });
  });

  it('asks again twice after a failure that may pass, then shows the error; retry asks again', async () => {
    vi.useFakeTimers();
    const server = scripted<string>();
    const view = renderHook(() => useRequest('flaky', server.request));
    await server.answer(new ApiError(503, 'unavailable', 'down'));
    expect(server.request).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.request).toHaveBeenCalledTimes(2);
    await server.answer(new ApiError(0, 'network', 'offline'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(server.request).toHaveBeenCalledTimes(3);
    expect(view.result.current.error).toBeNull();
    await server.answer(new ApiError(0, 'network', 'offline'));
    expect(view.result.current.error).toMatchObject({ status: 0 });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.request).toHaveBeenCalledTimes(3);

    act(() => view.result.current.retry());
    expect(server.request).toHaveBeenCalledTimes(4);
    // The error stays on screen until the new answer.
    expect(view.result.current.error).toMatchObject({ status: 0 });
    await server.answer('back');
    expect(view.result.current).toMatchObject({ data: 'back', error: null });
  });

  it('does not ask again after a client error (404: no such event)', async () => {
    const server = scripted<string>();
    const view = renderHook(() => useRequest('gone', server.request));
    await server.answer(new ApiError(404, 'not_found', 'no'));
    expect(view.result.current.error).toMatchObject({ status: 404 });
    expect(server.request).toHaveBeenCalledTimes(1);
  });

  it('aborts when the page leaves, and shows the last answer at once on the next visit', async () => {
    const server = scripted<string>();
    const first = renderHook(() => useRequest('kept', server.request));
    await server.answer('details');
    first.unmount();

    const again = renderHook(() => useRequest('kept', server.request));
    expect(again.result.current.data).toBe('details');
    expect(server.request).toHaveBeenCalledTimes(2);
    again.unmount();
    expect(server.calls.at(-1)?.signal.aborted).toBe(true);
  });
});
