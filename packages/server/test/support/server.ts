import {
  startTestServer as startServer,
  type TestServer,
  type TestServerOptions,
} from '../../src/test-support/server.ts';
import { openTestStore, type StoreKind } from './stores.ts';

export type { TestServer } from '../../src/test-support/server.ts';

/**
 * Starts a real Podium server on a loopback port with the given store kind (a fresh database on
 * the run's PostgreSQL cluster for 'postgres'). `env` overrides the configuration; `options`
 * gives the signaling socket a media backend or a short grace period.
 */
export function startTestServer(
  kind: StoreKind,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  return startServer(kind, env, { openStore: openTestStore, ...options });
}
