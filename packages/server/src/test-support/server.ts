import type { Logger } from 'pino';
import type { Store } from '../store/db.ts';
import type { Podium } from '../app.ts';
import type { GatewayOptions } from '../realtime/gateway.ts';

export type StoreKind = 'pglite' | 'postgres';
export const STORE_KINDS: StoreKind[] = ['pglite', 'postgres'];

/** A JSON call against a test server; `body` is whatever came back (parsed when JSON). */
export type ApiCall = (
  path: string,
  init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are inspected field by field

export interface TestServer {
  podium: Podium;
  /** Base URL of the listening server, e.g. http://127.0.0.1:40123 */
  url: string;
  /** fetch against the server with the X-Requested-With header and JSON body handling. */
  api: ApiCall;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Signaling socket settings: a media backend, a short grace period, limits. */
  signaling?: GatewayOptions;
  /**
   * Opens the store of `kind`. Default: in-memory PGlite only; the server tests pass theirs,
   * which also makes a database on the run's PostgreSQL cluster.
   */
  openStore?: (kind: StoreKind) => Promise<Store>;
  /** Where the server logs; default silent. Tests of the log lines pass one that records. */
  logger?: Logger;
}

async function openPgliteOnly(kind: StoreKind): Promise<Store> {
  if (kind !== 'pglite') {
    throw new Error(`no ${kind} store here: pass openStore (packages/server/test/support)`);
  }
  const { openStore } = await import('../store/db.ts');
  return openStore({ databaseUrl: undefined, dataDir: 'memory://' });
}

/**
 * Starts a real Podium server in this process on a loopback port (or `env.HOST`, the host side
 * of a media test's network namespace), silent, without Janus unless `MEDIA_ENABLED=1`.
 *
 * The server's modules load on the first call, not on import: browser tests and benchmarks
 * import this entry for its light helpers too.
 */
export async function startTestServer(
  kind: StoreKind = 'pglite',
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const [{ default: pino }, { loadConfig }, { buildPodium }] = await Promise.all([
    import('pino'),
    import('../config.ts'),
    import('../app.ts'),
  ]);
  const store = await (options.openStore ?? openPgliteOnly)(kind);
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      // Janus only for the tests that ask for it (media tests pass MEDIA_ENABLED=1).
      MEDIA_ENABLED: '0',
      ...env,
    }),
    host: env.HOST ?? '127.0.0.1',
  };
  const podium = await buildPodium({
    config,
    store,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.signaling ? { signaling: options.signaling } : {}),
  });
  await podium.app.listen({ port: 0, host: config.host });
  const address = podium.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://${config.host}:${port}`;
  podium.services.config.publicUrl = url;
  return {
    podium,
    url,
    api: apiAt(url),
    async close() {
      await podium.close();
      await store.close();
    },
  };
}

/** JSON calls against `url`, as the web app makes them (X-Requested-With, bearer token). */
export function apiAt(url: string): ApiCall {
  return async (path, init = {}) => {
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      ...init.headers,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const res = await fetch(url + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // non-JSON answers are returned as text
    }
    return { status: res.status, body };
  };
}
