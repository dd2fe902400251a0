import {
  LOCAL_OAUTH_APP_DEFAULT_PORT,
  LOCAL_OAUTH_PING_PATH,
  LOCAL_OAUTH_SUBMIT_PATH,
  type LocalAppSubmitRequest,
  type OAuthProvider,
} from '@podium/protocol';

/** How long the page waits for the local app before saying it does not answer. */
export const LOCAL_APP_TIMEOUT_MS = 3000;

/** The port from `?port=`; the default when absent, null when given but not a port. */
export function localAppPort(search: string): number | null {
  const raw = new URLSearchParams(search).get('port');
  if (raw === null || raw === '') return LOCAL_OAUTH_APP_DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(raw)) return null;
  const port = Number(raw);
  return port >= 1 && port <= 65535 ? port : null;
}

export function localAppUrl(port: number, path: string): string {
  return `http://localhost:${port}${path}`;
}

type Fetch = typeof fetch;

async function post(fetchImpl: Fetch, url: string, body: unknown): Promise<boolean> {
  try {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(LOCAL_APP_TIMEOUT_MS),
    });
    return res.ok;
  } catch {
    // Nothing listening, a refused preflight or the timeout: the app is not there for us.
    return false;
  }
}

/** `POST /apis/v1/oauth/ping` (spec §7): whether the local app listens on the port. */
export function pingLocalApp(
  port: number,
  provider: OAuthProvider,
  fetchImpl: Fetch = fetch,
): Promise<boolean> {
  return post(fetchImpl, localAppUrl(port, LOCAL_OAUTH_PING_PATH), { provider });
}

/** `POST /apis/v1/oauth/submit` (spec §7): hands the new session to the local app. */
export function submitToLocalApp(
  port: number,
  body: LocalAppSubmitRequest,
  fetchImpl: Fetch = fetch,
): Promise<boolean> {
  return post(fetchImpl, localAppUrl(port, LOCAL_OAUTH_SUBMIT_PATH), body);
}
