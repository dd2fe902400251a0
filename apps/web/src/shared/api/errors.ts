/** A failed API call: the server's `{error:{code,message,key?,fields?}}` or a transport failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly key?: string,
    readonly fields?: Record<string, string>,
    /** The raw answer, for callers that understand other shapes (GraphQL). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_CODE = 'network_error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Builds an ApiError from whatever the server answered, tolerating foreign shapes. */
export function parseApiError(status: number, body: unknown, statusText = ''): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && typeof error.code === 'string') {
    return new ApiError(
      status,
      error.code,
      typeof error.message === 'string' ? error.message : statusText || error.code,
      typeof error.key === 'string' ? error.key : undefined,
      stringFields(error.fields),
      body,
    );
  }
  return new ApiError(
    status,
    `http_${status}`,
    statusText || `HTTP ${status}`,
    undefined,
    undefined,
    body,
  );
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError(
    0,
    NETWORK_ERROR_CODE,
    cause instanceof Error ? cause.message : 'Network error',
  );
  return error;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
