import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './retry.ts';

/** A query client with the app's rules (the app's own is queryClient.ts). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client mistakes and auth failures do not get better by asking again.
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
