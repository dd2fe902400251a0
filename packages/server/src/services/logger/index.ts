import type { Logger } from 'pino';
import type { ClientLogRequest, ClientLogResponse } from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import * as repo from './repository.ts';

/** Reports older than this are dropped; they are for finding bugs, not an archive. */
export const CLIENT_LOG_RETENTION_DAYS = 30;
/** The old reports are swept once every this many new ones. */
const PRUNE_EVERY = 100;
const USER_AGENT_MAX = 512;

export interface ClientLogOrigin {
  accountId: string | null;
  userAgent: string | null;
  ip: string;
}

/**
 * PostgreSQL refuses NUL in text and in jsonb strings; a report carrying one would otherwise fail
 * as an internal error. Replaced everywhere, keys included.
 */
function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', '\uFFFD'), withoutNul(v)]),
    );
  }
  return value;
}

/** Error reports from browsers (POST /v1/log). */
export class ClientLogService {
  readonly #db: Db;
  readonly #log: Logger;
  #sinceSweep = 0;

  constructor(deps: { db: Db; log: Logger }) {
    this.#db = deps.db;
    this.#log = deps.log.child({ area: 'client-log' });
  }

  async record(report: ClientLogRequest, origin: ClientLogOrigin): Promise<ClientLogResponse> {
    const id = await repo.insertClientLog(this.#db, {
      accountId: origin.accountId,
      level: report.level,
      message: withoutNul(report.message) as string,
      context: withoutNul(report.context ?? {}) as Record<string, unknown>,
      userAgent: origin.userAgent
        ? (withoutNul(origin.userAgent) as string).slice(0, USER_AGENT_MAX)
        : null,
      ip: origin.ip,
    });
    this.#log.debug({ clientLogId: id, level: report.level }, 'client error report');
    if (++this.#sinceSweep >= PRUNE_EVERY) {
      this.#sinceSweep = 0;
      const before = new Date(Date.now() - CLIENT_LOG_RETENTION_DAYS * 24 * 3600_000);
      await repo.deleteClientLogsBefore(this.#db, before).catch((error: unknown) => {
        this.#log.warn({ err: error }, 'could not sweep old client error reports');
      });
    }
    return { id };
  }
}
