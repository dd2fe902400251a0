import pino from 'pino';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildPodium, type Podium } from '../../src/app.ts';
import { openTestStore, type StoreKind } from './stores.ts';

export interface TestServer {
  podium: Podium;
  /** Base URL of the listening server, e.g. http://127.0.0.1:40123 */
  url: string;
  /** fetch against the server with the X-Requested-With header and JSON body handling. */
  api(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are inspected field by field
  close(): Promise<void>;
}

/** Starts a real Podium server on a loopback port with the given store kind. */
export async function startTestServer(
  kind: StoreKind,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const store = await openTestStore(kind);
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      // Janus only for the tests that ask for it (media tests pass MEDIA_ENABLED=1).
      MEDIA_ENABLED: '0',
      ...env,
    }),
    // Loopback, or the host side of a media test's network namespace (HOST).
    host: env.HOST ?? '127.0.0.1',
  };
  const podium = await buildPodium({ config, store, logger: pino({ level: 'silent' }) });
  await podium.app.listen({ port: 0, host: config.host });
  const address = podium.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://${config.host}:${port}`;
  podium.services.config.publicUrl = url;
  return {
    podium,
    url,
    async api(path, init = {}) {
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
    },
    async close() {
      await podium.close();
      await store.close();
    },
  };
}
