import { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiErrorEvent } from './client.ts';
import { createEventBus } from './events.ts';
import { ApiError } from './errors.ts';
import { graphqlRequest } from './graphql.ts';
import { cookieTokenStore } from './tokens.ts';
import { accountApiBase } from './baseUrl.ts';

/** Every HTTP error is announced here under its status code ('401', '403', '500', …). */
export const apiEvents = createEventBus<ApiErrorEvent>();

export const api = createApiClient({
  tokens: cookieTokenStore,
  events: apiEvents,
  // Spec §3: a chosen organization environment sends account calls to its ACC_API_URL.
  baseUrl: () =>
    typeof window === 'undefined'
      ? ''
      : accountApiBase(window.localStorage, window.location.origin),
});

export function graphql<T>(
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
): Promise<T> {
  return graphqlRequest<T>(api, query, variables, operationName);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client mistakes and auth failures do not get better by asking again.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

export { isApiError, parseApiError } from './errors.ts';
export type { ApiClient, ApiErrorEvent, RequestOptions } from './client.ts';
export { cookieTokenStore } from './tokens.ts';
