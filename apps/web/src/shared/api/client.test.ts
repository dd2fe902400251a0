import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { QueryClient } from '@tanstack/react-query';
import { startStubServer, type Handler } from '../../test/stubServer.ts';
import { createApiClient, type ApiErrorEvent } from './client.ts';
import { createEventBus } from './events.ts';
import { ApiError } from './errors.ts';
import { graphqlRequest } from './graphql.ts';
import {
  ACCESS_TOKEN_COOKIE,
  cookieTokenStore,
  RENEWAL_TOKEN_COOKIE,
  REQUIREMENTS_COOKIE,
} from './tokens.ts';
import { ACCOUNT_QUERY_KEY } from '../session/account.ts';
import { logout, onLoggedOut, wireSessionExpiry, type LogoutReason } from '../session/logout.ts';
import { useSessionStore } from '../session/store.ts';

let server: Awaited<ReturnType<typeof startStubServer>>;

async function serve(routes: Record<string, Handler>) {
  server = await startStubServer(routes);
  const events = createEventBus<ApiErrorEvent>();
  const api = createApiClient({ tokens: cookieTokenStore, events, baseUrl: server.url });
  return { api, events };
}

beforeEach(() => {
  cookieTokenStore.clear();
  localStorage.clear();
});

afterEach(async () => {
  await server?.close();
});

describe('api client', () => {
  it('always sends X-Requested-With and the bearer token when one is stored', async () => {
    const { api } = await serve({ 'GET /api/account/details': () => ({ body: { id: 'a' } }) });
    await api.get('/api/account/details');
    cookieTokenStore.save({ authorization: 'tok-1', renewal_token: 'ren-1' });
    await api.get('/api/account/details');
    await api.get('/api/account/details', { auth: false });

    const [anonymous, withToken, publicCall] = server.requests;
    expect(anonymous?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(anonymous?.headers.authorization).toBeUndefined();
    expect(withToken?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(withToken?.headers.authorization).toBe('Bearer tok-1');
    expect(publicCall?.headers.authorization).toBeUndefined();
  });

  it('sends JSON bodies, drops empty query values and returns the parsed answer', async () => {
    const { api } = await serve({
      'POST /api/v1/user/session/new': (req) => ({ body: { echo: req.body, url: req.url } }),
    });
    const answer = await api.post<{ echo: unknown; url: string }>(
      '/api/v1/user/session/new',
      { username: 'ann', password: 'secret-pass' },
      { query: { a: 'x', b: '', c: undefined, d: 0 } },
    );
    expect(answer.echo).toEqual({ username: 'ann', password: 'secret-pass' });
    expect(answer.url).toBe('/api/v1/user/session/new?a=x&d=0');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('parses the error shape into an ApiError and emits an event named after the status', async () => {
    const { api, events } = await serve({
      'POST /api/v1/user/signup': () => ({
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'This email is already registered',
            key: 'errors.email_taken',
            fields: { email: 'This email is already registered', bogus: 3 },
          },
        },
      }),
      'GET /broken': () => ({ status: 502, text: 'Bad gateway' }),
    });
    const seen: [string, ApiErrorEvent][] = [];
    events.on('409', (e) => seen.push(['409', e]));
    events.on('502', (e) => seen.push(['502', e]));

    const error = await api.post('/api/v1/user/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      key: 'errors.email_taken',
      message: 'This email is already registered',
      fields: { email: 'This email is already registered' },
    });

    const foreign = await api.get('/broken').catch((e: unknown) => e);
    expect(foreign).toMatchObject({ status: 502, code: 'http_502' });
    expect(seen.map(([name, e]) => [name, e.path])).toEqual([
      ['409', '/api/v1/user/signup'],
      ['502', '/broken'],
    ]);
  });

  it('reports a request that got no answer as a network error', async () => {
    const { api } = await serve({});
    await server.close();
    const error = await api.get('/api/account/details').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    server = await startStubServer({}); // so afterEach has something to close
  });

  it('renews once on a 401, saves the new tokens and retries', async () => {
    let renewals = 0;
    const { api, events } = await serve({
      'GET /api/account/details': (req) =>
        req.headers.authorization === 'Bearer fresh'
          ? { body: { id: 'acc' } }
          : { status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } },
      'POST /api/v1/user/session/renew': (req) => {
        renewals += 1;
        expect(req.body).toEqual({ renewal_token: 'ren-old' });
        return { body: { authorization: 'fresh', renewal_token: 'ren-new' } };
      },
    });
    const emitted: string[] = [];
    events.on('401', () => emitted.push('401'));
    cookieTokenStore.save({ authorization: 'stale', renewal_token: 'ren-old' });

    const results = await Promise.all([
      api.get('/api/account/details'),
      api.get('/api/account/details'),
    ]);
    expect(results).toEqual([{ id: 'acc' }, { id: 'acc' }]);
    expect(renewals).toBe(1);
    expect(Cookies.get(ACCESS_TOKEN_COOKIE)).toBe('fresh');
    expect(Cookies.get(RENEWAL_TOKEN_COOKIE)).toBe('ren-new');
    expect(emitted).toEqual([]);
  });
});

describe('401 → logout', () => {
  it('a 401 that renewal cannot fix signs out: revoke, cookies, cache, storage, navigation', async () => {
    const { api, events } = await serve({
      'GET /api/account/details': () => ({
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Please sign in again' } },
      }),
      'POST /api/v1/user/session/renew': () => ({
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Please sign in again' } },
      }),
      'DELETE /api/v1/user/session': () => ({
        status: 401,
        body: { error: { code: 'unauthorized', message: 'revoked' } },
      }),
    });
    cookieTokenStore.save({ authorization: 'dead', renewal_token: 'dead-too' });
    Cookies.set(REQUIREMENTS_COOKIE, '{"x":1}', { path: '/' });
    localStorage.setItem('something', 'kept?');
    useSessionStore.getState().setSignedIn(true);
    const queryClient = new QueryClient();
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, { id: 'acc' });
    queryClient.setQueryData(['conferences'], [1, 2]);

    const reasons: LogoutReason[] = [];
    const offListener = onLoggedOut((reason) => reasons.push(reason));
    let loggedOut!: Promise<void>;
    const offWire = wireSessionExpiry(
      events,
      () => queryClient,
      () => {
        loggedOut = logout('expired', { api, queryClient });
        return loggedOut;
      },
    );

    await expect(api.get('/api/account/details')).rejects.toMatchObject({ status: 401 });
    await loggedOut;
    offWire();
    offListener();

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/account/details',
      'POST /api/v1/user/session/renew',
      'DELETE /api/v1/user/session',
    ]);
    expect(server.requests[2]?.headers.authorization).toBe('Bearer dead');
    expect(Cookies.get(ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(Cookies.get(RENEWAL_TOKEN_COOKIE)).toBeUndefined();
    expect(Cookies.get(REQUIREMENTS_COOKIE)).toBeUndefined();
    expect(localStorage.length).toBe(0);
    expect(queryClient.getQueryData(ACCOUNT_QUERY_KEY)).toBeUndefined();
    expect(queryClient.getQueryData(['conferences'])).toBeUndefined();
    expect(useSessionStore.getState().signedIn).toBe(false);
    expect(reasons).toEqual(['expired']);
  });

  it('a wrong password at login (no token sent, no account) does not sign anyone out', async () => {
    const { api, events } = await serve({
      'POST /api/v1/user/session/new': () => ({
        status: 401,
        body: { error: { code: 'invalid_credentials', message: 'Incorrect username or password' } },
      }),
    });
    let calls = 0;
    wireSessionExpiry(
      events,
      () => new QueryClient(),
      async () => {
        calls += 1;
      },
    );
    await expect(
      api.post('/api/v1/user/session/new', { username: 'a', password: 'b' }, { auth: false }),
    ).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(calls).toBe(0);
  });

  it('a 403 signs out only while an account is loaded', async () => {
    const { api, events } = await serve({
      'GET /api/x': () => ({ status: 403, body: { error: { code: 'forbidden', message: 'no' } } }),
    });
    const queryClient = new QueryClient();
    let calls = 0;
    wireSessionExpiry(
      events,
      () => queryClient,
      async () => {
        calls += 1;
      },
    );
    await api.get('/api/x').catch(() => undefined);
    expect(calls).toBe(0);
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, { id: 'acc' });
    await api.get('/api/x').catch(() => undefined);
    expect(calls).toBe(1);
  });
});

describe('graphql', () => {
  it('posts query, variables and operationName and returns data', async () => {
    const { api } = await serve({
      'POST /graphql/v1': (req) => ({ body: { data: { profile: { id: 'p' } }, echo: req.body } }),
    });
    const data = await graphqlRequest<{ profile: { id: string } }>(
      api,
      'query Me { profile { id } }',
      { a: 1 },
      'Me',
    );
    expect(data).toEqual({ profile: { id: 'p' } });
    expect(server.requests[0]?.body).toEqual({
      query: 'query Me { profile { id } }',
      variables: { a: 1 },
      operationName: 'Me',
    });
  });

  it('fails with the first error message, or GraphQL Error (Code: status)', async () => {
    const { api } = await serve({
      'POST /graphql/v1': (req) => {
        const op = (req.body as { operationName: string }).operationName;
        if (op === 'Errors')
          return { body: { data: null, errors: [{ message: 'first' }, { message: 'second' }] } };
        if (op === 'BadStatus')
          return { status: 400, body: { errors: [{ message: 'Syntax Error' }] } };
        return { status: 500, text: 'down' };
      },
    });
    await expect(graphqlRequest(api, '{ x }', undefined, 'Errors')).rejects.toThrow('first');
    await expect(graphqlRequest(api, '{ x }', undefined, 'BadStatus')).rejects.toThrow(
      'Syntax Error',
    );
    await expect(graphqlRequest(api, '{ x }', undefined, 'Down')).rejects.toThrow(
      'GraphQL Error (Code: 500)',
    );
  });
});
