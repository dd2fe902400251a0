/**
 * What the global set-up hands to the specs. Playwright starts its workers after the global
 * set-up, so they inherit these variables.
 */
export const E2E_ENV = {
  /** Base URL of the Podium server under test, e.g. http://127.0.0.1:41234 */
  baseUrl: 'PODIUM_E2E_BASE_URL',
  /** Folder where the SMTP capture writes one JSON file per received message. */
  mailDir: 'PODIUM_E2E_MAIL_DIR',
  /** The server's data directory (fresh for every run). */
  dataDir: 'PODIUM_E2E_DATA_DIR',
  /** The server's log file (JSON lines, LOG_LEVEL=warn by default). */
  serverLog: 'PODIUM_E2E_SERVER_LOG',
  /** Issuer of the local OpenID provider the server uses as "Google" (oidc-provider). */
  idpIssuer: 'PODIUM_E2E_IDP_ISSUER',
} as const;

export function e2eEnv(name: keyof typeof E2E_ENV): string {
  const value = process.env[E2E_ENV[name]];
  if (!value) {
    throw new Error(
      `${E2E_ENV[name]} is not set: run the browser tests through Playwright with e2e/playwright.config.ts (its global set-up starts the server)`,
    );
  }
  return value;
}
