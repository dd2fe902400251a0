/**
 * Test support: the one entry through which tests outside the server (web, e2e, benchmarks)
 * reach it (`@podium/server/test-support`). A real server in-process with an in-memory store,
 * API fixtures, and the helpers every browser test shares (Chromium switches, the test network
 * namespace, free ports). Light on import: the server itself loads on `startTestServer()`.
 */
import type { startTestIdp as StartTestIdp } from './oidc-idp.ts';

export {
  startTestServer,
  apiAt,
  STORE_KINDS,
  type ApiCall,
  type StoreKind,
  type TestServer,
  type TestServerOptions,
} from './server.ts';
export {
  createEvent,
  hoursFromNow,
  joinTicket,
  mailedCode,
  signUpAndLogin,
  socketCredentials,
  type ApiLike,
  type SignedIn,
} from './api.ts';
export { freePort } from './net.ts';
export { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
export { startTestRedis, type TestRedis } from './redis-server.ts';
export { startRtmpServer, type RtmpServer, type RtmpServerOptions } from './rtmp-server.ts';
export type { IdpAccount, IdpClient, TestIdp } from './oidc-idp.ts';

/**
 * A local OpenID provider for social sign-in (Google- and Facebook-like clients), loaded on
 * first use: oidc-provider is large and most users of this entry never need it.
 */
export async function startTestIdp(
  ...args: Parameters<typeof StartTestIdp>
): ReturnType<typeof StartTestIdp> {
  const { startTestIdp: start } = await import('./oidc-idp.ts');
  return start(...args);
}
export {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  netnsChromiumArgs,
  writeNetnsChromiumWrapper,
} from './chromium.ts';
export {
  assertCanCreateNamespaces,
  chooseTestNetns,
  createTestNamespace,
  foreignNeighbours,
  netnsDown,
  netnsUp,
  type NetnsSpec,
  type ResolvedNetnsSpec,
} from './netns.ts';
