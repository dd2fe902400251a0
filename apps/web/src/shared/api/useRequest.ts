import { useEffect, useState } from 'react';
import { retryDelay, shouldRetry } from './retry.ts';

export interface RequestResult<T> {
  /** The latest answer for this key (kept from an earlier visit until the new one arrives). */
  data: T | undefined;
  /** The last failure once the retries are over; cleared by the next answer. */
  error: unknown;
  /** Asks again; what is shown stays until the new answer or failure. */
  retry(): void;
}

/** The last answer per key, shown at once when a page asks for the same thing again. */
const answers = new Map<string, unknown>();

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * One request's answer for a page that shows before TanStack Query's runtime loads (the join
 * page's event details, issue 11), with the query client's rules (queryClient.ts): asked for on
 * every visit (staleTime 0) with the last answer shown meanwhile, failures other than 4xx asked
 * again twice after 1 s and 2 s, the request aborted when the page leaves or the key changes.
 * `key` null asks for nothing. `request` must be stable for a key (useCallback).
 */
export function useRequest<T>(
  key: string | null,
  request: (signal: AbortSignal) => Promise<T>,
): RequestResult<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string | null; data?: T; error: unknown }>({
    key,
    error: null,
  });
  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    const run = async () => {
      for (let failures = 0; ; failures += 1) {
        try {
          const data = await request(abort.signal);
          answers.set(key, data);
          return { data, error: null };
        } catch (error) {
          if (abort.signal.aborted) throw error;
          if (!shouldRetry(failures, error)) return { error };
          await pause(retryDelay(failures), abort.signal);
        }
      }
    };
    run().then(
      (result) =>
        setState((now) => ({ data: now.key === key ? now.data : undefined, ...result, key })),
      () => undefined,
    );
    return () => abort.abort();
  }, [key, attempt, request]);
  const current = state.key === key;
  return {
    data:
      current && state.data !== undefined
        ? state.data
        : key
          ? (answers.get(key) as T | undefined)
          : undefined,
    error: current ? state.error : null,
    retry: () => setAttempt((n) => n + 1),
  };
}
