/**
 * What the calls set-up (support/netns-global-setup.ts) hands to the `calls` project: the
 * Podium server on the host side of the test namespace's veth pair, the Chromium wrapper that
 * runs inside the namespace, and where mail and logs go. Playwright starts its workers after the
 * global set-up, so they (and the config they evaluate) inherit these variables.
 */
export const CALLS_ENV = {
  /** `http://<host-side address>:<port>`: the only address the namespaced browsers reach. */
  baseUrl: 'PODIUM_E2E_CALLS_BASE_URL',
  /** Executable that runs Debian's Chromium inside the namespace (Playwright's executablePath). */
  chromium: 'PODIUM_E2E_CALLS_CHROMIUM',
  /** Network namespace name (Janus and the browsers run inside it). */
  netns: 'PODIUM_E2E_CALLS_NETNS',
  /** Host-side address of the veth pair (the server listens here). */
  hostIp: 'PODIUM_E2E_CALLS_HOST_IP',
  /** Namespace-side address (Janus's API and ICE). */
  nsIp: 'PODIUM_E2E_CALLS_NS_IP',
  /** SMTP capture folder of the calls server (one JSON file per message). */
  mailDir: 'PODIUM_E2E_CALLS_MAIL_DIR',
  /** The calls server's log (JSON lines). */
  serverLog: 'PODIUM_E2E_CALLS_SERVER_LOG',
} as const;

/**
 * Knobs for the calls set-up (all optional):
 * - PODIUM_E2E_CALLS=1|0 forces the set-up on or off (by default it runs unless the command line
 *   selects only other projects or only files outside e2e/calls).
 * - PODIUM_E2E_NETNS_NAME, PODIUM_E2E_NETNS_HOST_IP, PODIUM_E2E_NETNS_IP: the namespace and its
 *   /30 (default: a fresh name and a free /30 in 198.18.0.0/15, so runs never collide).
 */
export const CALLS_KNOBS = {
  enable: 'PODIUM_E2E_CALLS',
  name: 'PODIUM_E2E_NETNS_NAME',
  hostIp: 'PODIUM_E2E_NETNS_HOST_IP',
  nsIp: 'PODIUM_E2E_NETNS_IP',
} as const;

export function callsEnv(name: keyof typeof CALLS_ENV): string {
  const value = process.env[CALLS_ENV[name]];
  if (!value) {
    throw new Error(
      `${CALLS_ENV[name]} is not set: the calls set-up did not run. Run the call specs with ` +
        '`npx playwright test -c e2e/playwright.config.ts --project calls` (or set PODIUM_E2E_CALLS=1)',
    );
  }
  return value;
}
