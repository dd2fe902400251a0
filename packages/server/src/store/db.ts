import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { PgliteThread } from './pglite-thread.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Store {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed, no parameters). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface StoreOptions {
  databaseUrl: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir);
  try {
    await migrate(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function openPglite(dataDir: string): Promise<Store> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await fs.mkdir(dataDir, { recursive: true });
  const fresh = !inMemory && !(await fileExists(path.join(dataDir, 'PG_VERSION')));
  if (fresh) {
    // Creating the database (initdb) and the first migrations grow PGlite's WebAssembly memory
    // to some 800 MB, which it never gives back, and leave tens of MB in the C library's arenas.
    // Done in a process of its own that then exits, the serving worker below opens the finished
    // database at about a third of that, and the server keeps none of the rest.
    const first = pgliteStore(await PgliteThread.start(dataDir, { process: true }));
    try {
      await migrate(first);
    } finally {
      await first.close();
    }
  }
  // In a worker thread, so the event loop never runs (or waits on) the WebAssembly Postgres.
  return pgliteStore(await PgliteThread.start(dataDir));
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

function pgliteStore(client: PgliteThread): Store {
  let closed = false;
  return {
    kind: 'pglite',
    // PgliteThread answers the part of PGlite's interface that drizzle's driver calls.
    db: drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

function openPostgres(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  let closed = false;
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    // A dedicated client, so a failed multi-statement transaction is rolled back on the same
    // connection instead of returning it to the pool in an aborted state.
    exec: async (sql) => {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Applies every `NNNN_name.sql` in migrations/ not yet recorded, each in its own transaction.
 * An advisory lock keeps two server processes starting together from racing on PostgreSQL.
 */
export async function migrate(store: Store): Promise<string[]> {
  const files = (await fs.readdir(migrationsDir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  await store.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const lock = store.kind === 'postgres' ? 'SELECT pg_advisory_xact_lock(726354);' : '';
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    const body = await fs.readFile(path.join(migrationsDir, file), 'utf8');
    // The INSERT fails on a version another process applied meanwhile, rolling back the copy.
    const sql = `BEGIN; ${lock}
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = '${version}') THEN
          RAISE EXCEPTION 'podium:already-applied';
        END IF;
      END $$;
      ${body}
      ;INSERT INTO schema_migrations (version) VALUES ('${version}'); COMMIT;`;
    try {
      await store.exec(sql);
      applied.push(version);
    } catch (error) {
      await store.exec('ROLLBACK').catch(() => undefined);
      if (error instanceof Error && error.message.includes('podium:already-applied')) continue;
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return applied;
}
