import { createApiClient, type ApiErrorEvent } from './client.ts';
import { createEventBus } from './events.ts';
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

// The app's query client is not part of every first load (issue 11): pages and hooks take it
// from appQueryClient.ts or queryClient.ts. A new client with the app's rules (tests) is here.
export { createQueryClient } from './createQueryClient.ts';

export { isApiError, parseApiError } from './errors.ts';
export type { ApiClient, ApiErrorEvent, RequestOptions } from './client.ts';
export { cookieTokenStore } from './tokens.ts';
