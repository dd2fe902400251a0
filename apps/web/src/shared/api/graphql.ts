import type { ApiClient } from './client.ts';
import { ApiError } from './errors.ts';
import { apiPaths } from '@podium/protocol';

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message?: unknown }[];
}

function firstErrorMessage(body: unknown): string | undefined {
  const errors = (body as GraphQLResponse<unknown> | null | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const message = errors[0]?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * Runs a GraphQL operation (spec §7). Fails on a non-OK status or an `errors` list, using the
 * first error's message, or 'GraphQL Error (Code: <status>)' when there is none (spec §8).
 */
export async function graphqlRequest<T>(
  api: ApiClient,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
  path = apiPaths.graphql.v1,
): Promise<T> {
  let result: GraphQLResponse<T> | undefined;
  try {
    result = await api.post<GraphQLResponse<T>>(path, { query, variables, operationName });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      const message = firstErrorMessage(error.body) ?? `GraphQL Error (Code: ${error.status})`;
      throw new ApiError(error.status, error.code, message, error.key, error.fields, error.body);
    }
    throw error;
  }
  if (result?.errors?.length) {
    const message = firstErrorMessage(result) ?? 'GraphQL Error (Code: 200)';
    throw new ApiError(200, 'graphql_error', message, undefined, undefined, result);
  }
  return (result?.data ?? null) as T;
}
