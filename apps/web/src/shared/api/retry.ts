import { ApiError } from './errors.ts';

/**
 * Whether a failed request is worth asking again (`failures` so far, the first failure 0): not a
 * client mistake or an auth failure (4xx), which do not get better, and at most twice. The query
 * client's rule (queryClient.ts), and the join page's event details' (issue 11).
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;
}

/** TanStack Query's default pause before retry `failures` (0-based): 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(1000 * 2 ** failures, 30_000);
}
