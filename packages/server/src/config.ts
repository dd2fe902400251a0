import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** The address people use to reach Podium; links in mail and invitations start with it. */
  publicUrl: string;
  /** PostgreSQL connection string; when absent, embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** SMTP relay (smtp://user:pass@host:port); when absent, mail goes to the dev outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Built web app to serve; skipped when the folder does not exist (API-only runs). */
  webDist: string;
  /** Development-only pages (the outbox viewer) are served only when true. */
  devTools: boolean;
  /** Failed logins allowed per account and per client address in `loginWindowMs`. */
  loginMaxAttempts: number;
  loginWindowMs: number;
  accessTokenTtlSeconds: number;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080, 'PORT');
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    // `memory://` keeps everything in memory (tests); anything else is a folder.
    dataDir: env.DATA_DIR?.startsWith('memory://')
      ? env.DATA_DIR
      : path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Podium <no-reply@podium.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    devTools: (env.NODE_ENV ?? 'development') !== 'production' && env.DEV_TOOLS !== '0',
    loginMaxAttempts: int(env.LOGIN_MAX_ATTEMPTS, 10, 'LOGIN_MAX_ATTEMPTS'),
    loginWindowMs: int(env.LOGIN_WINDOW_MS, 15 * 60_000, 'LOGIN_WINDOW_MS'),
    accessTokenTtlSeconds: int(
      env.ACCESS_TOKEN_TTL_SECONDS,
      30 * 24 * 3600,
      'ACCESS_TOKEN_TTL_SECONDS',
    ),
  };
}
