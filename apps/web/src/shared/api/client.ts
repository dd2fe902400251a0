import type { EventBus } from './events.ts';
import type { ApiError } from './errors.ts';
import { networkError, parseApiError } from './errors.ts';
import type { TokenStore } from './tokens.ts';
import { apiPaths } from '@podium/protocol';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** Query parameters; empty values are dropped (spec §7). */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Extra headers, e.g. the wallet's Authorization-Quickom. */
  headers?: Record<string, string>;
  /** Send the access token (the spec's (T) calls). Default true; public calls pass false. */
  auth?: boolean;
  /** Try the renewal token on a 401 (default true); logout's own revoke call passes false. */
  renew?: boolean;
}

/** What the client tells listeners about every HTTP error (spec §8). */
export interface ApiErrorEvent {
  error: ApiError;
  path: string;
  /** Whether the failed request carried an access token. */
  authenticated: boolean;
}

export interface ApiClientOptions {
  tokens: TokenStore;
  events: EventBus<ApiErrorEvent>;
  /** A string, or a function read per request (the chosen organization environment can change). */
  baseUrl?: string | (() => string);
  fetch?: typeof fetch;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
}

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

interface RenewResponse {
  authorization: string;
  renewal_token: string;
}

function isRenewResponse(value: unknown): value is RenewResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RenewResponse).authorization === 'string' &&
    typeof (value as RenewResponse).renewal_token === 'string'
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokens, events } = options;
  const base = options.baseUrl ?? '';
  const baseUrl = () => (typeof base === 'function' ? base() : base);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // One renewal at a time: parallel 401s wait for the same attempt instead of racing.
  let renewing: Promise<boolean> | null = null;

  async function send(path: string, init: RequestOptions) {
    const access = init.auth === false ? null : tokens.read().access;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      // SECURITY: the server rejects API calls without it (CSRF defence, spec §7).
      'X-Requested-With': 'XMLHttpRequest',
      ...init.headers,
    };
    if (access) headers.Authorization = `Bearer ${access}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl(), path, init.query), {
        method: init.method ?? 'GET',
        headers,
        body,
        signal: init.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw networkError(cause);
    }
    return { response, authenticated: Boolean(access), payload: await readBody(response) };
  }

  async function renew(): Promise<boolean> {
    const renewal = tokens.read().renewal;
    if (!renewal) return false;
    try {
      const { response, payload } = await send(apiPaths.session.renew, {
        method: 'POST',
        auth: false,
        body: { renewal_token: renewal },
      });
      if (!response.ok || !isRenewResponse(payload)) return false;
      tokens.save(payload);
      return true;
    } catch {
      return false;
    }
  }

  function renewOnce(): Promise<boolean> {
    renewing ??= renew().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    let result = await send(path, init);
    if (
      result.response.status === 401 &&
      result.authenticated &&
      init.renew !== false &&
      path !== apiPaths.session.renew &&
      tokens.read().renewal &&
      (await renewOnce())
    ) {
      result = await send(path, init);
    }
    const { response, payload, authenticated } = result;
    if (!response.ok) {
      const error = parseApiError(response.status, payload, response.statusText);
      events.emit(String(response.status), { error, path, authenticated });
      throw error;
    }
    return payload as T;
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    delete: (path, opts) => request(path, { ...opts, method: 'DELETE' }),
  };
}
