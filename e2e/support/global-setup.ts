import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ENV } from './env.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import { freePort, startTestIdp } from '@podium/server/test-support';
import { stopChild, waitUntilReady } from './processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The OAuth client the server is registered as at the local identity provider. */
const E2E_OAUTH_CLIENT = { id: 'podium-e2e', secret: 'podium-e2e-secret' };

/**
 * Starts what the browser tests talk to: a real SMTP capture and a real Podium server on a
 * fresh data directory, both on loopback. Returns the teardown, which Playwright runs at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // The server serves apps/web/dist; `npm test` has built it, a direct `playwright test` may not.
  // PODIUM_E2E_WEB_DIST names a copy of one's own instead (served as is, not rebuilt here): a
  // concurrent rebuild of apps/web/dist in the same checkout then neither fails this set-up nor
  // makes pages 404 mid-run.
  if (!process.env.PODIUM_E2E_WEB_DIST) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the web app failed to build');
  }

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-e2e-'));
  const mailDir = path.join(work, 'mail');
  const dataDir = path.join(work, 'data');
  // The log lives with the run (parallel runs on one machine must not share it) and is copied to
  // .tmp/e2e-server.log at the end, where a person looks after a failure.
  const serverLog = path.join(work, 'server.log');
  const keptLog = path.join(root, '.tmp', 'e2e-server.log');

  const smtp = await startSmtpCapture(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A real OpenID provider on loopback stands in for Google (e2e/oauth.spec.ts).
  const idp = await startTestIdp();
  idp.configure([
    {
      client_id: E2E_OAUTH_CLIENT.id,
      client_secret: E2E_OAUTH_CLIENT.secret,
      redirect_uris: [`${baseUrl}/auth/google/callback`],
    },
  ]);

  const logFd = fs.openSync(serverLog, 'w');
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    {
      cwd: root,
      stdio: ['ignore', logFd, logFd],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        // Always the embedded database: a DATABASE_URL in the caller's shell must not leak in.
        DATABASE_URL: '',
        // No TLS on loopback: the capture does not offer STARTTLS and nodemailer must not ask.
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        LOG_LEVEL: process.env.PODIUM_E2E_LOG_LEVEL ?? 'warn',
        // No Janus here: without a test namespace it would gather ICE on the machine's real
        // interface, and test traffic must stay on loopback. Call specs run in their own project
        // with Janus and the browsers inside a namespace the run creates.
        MEDIA_ENABLED: '0',
        WEB_DIST: process.env.PODIUM_E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'),
        // Every spec signs in from 127.0.0.1; failing-login specs must not lock the others out.
        LOGIN_MAX_ATTEMPTS: '1000',
        OAUTH_GOOGLE_ISSUER: idp.issuer,
        OAUTH_GOOGLE_CLIENT_ID: E2E_OAUTH_CLIENT.id,
        OAUTH_GOOGLE_CLIENT_SECRET: E2E_OAUTH_CLIENT.secret,
      },
    },
  );
  fs.closeSync(logFd);

  const teardown = async () => {
    await stopChild(server);
    await smtp.close();
    await idp.close();
    fs.mkdirSync(path.dirname(keptLog), { recursive: true });
    fs.copyFileSync(serverLog, keptLog);
    fs.rmSync(work, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, server, serverLog, 'the Podium server');
  } catch (error) {
    await teardown();
    throw error;
  }

  process.env[E2E_ENV.baseUrl] = baseUrl;
  process.env[E2E_ENV.mailDir] = mailDir;
  process.env[E2E_ENV.dataDir] = dataDir;
  process.env[E2E_ENV.serverLog] = serverLog;
  process.env[E2E_ENV.idpIssuer] = idp.issuer;
  return teardown;
}
