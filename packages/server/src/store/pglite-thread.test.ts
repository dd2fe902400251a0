import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate, openStore, type Store } from './db.ts';
import { PgliteThread, workerExecArgv } from './pglite-thread.ts';

/**
 * PGlite in its worker thread (pglite-thread.ts) behind drizzle: what the services rely on of an
 * in-process PGlite — transactions that commit or roll back as a whole, queries from outside a
 * transaction that wait for it, and PostgreSQL's error fields on a failure.
 */
describe('PGlite in a worker thread', () => {
  let store: Store;

  beforeAll(async () => {
    store = await openStore({ databaseUrl: undefined, dataDir: 'memory://' });
    await store.exec('CREATE TABLE thread_probe (id int PRIMARY KEY, note text NOT NULL)');
  });
  afterAll(async () => {
    await store.close();
  });

  /** Raw rows of a statement (the store's Db type leaves a raw result's shape open). */
  const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await store.db.execute(query)) as unknown as { rows: T[] }).rows;

  const notes = async () =>
    (
      await rowsOf<{ id: number; note: string }>(sql`SELECT id, note FROM thread_probe ORDER BY id`)
    ).map((r) => `${r.id}:${r.note}`);

  it('commits a transaction whole, and rolls one back whole when it throws', async () => {
    await store.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe VALUES (1, 'a')`);
      await tx.execute(sql`INSERT INTO thread_probe VALUES (2, 'b')`);
    });
    await expect(
      store.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_probe VALUES (3, 'c')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await notes()).toEqual(['1:a', '2:b']);
  });

  it('keeps a query from outside waiting until the open transaction ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = store.db.transaction(async (t) => {
      await t.execute(sql`UPDATE thread_probe SET note = 'inside' WHERE id = 1`);
      await held;
    });
    // Give the transaction time to begin, then ask from outside: the answer must not see a
    // half-done transaction, and must come only after it committed.
    await new Promise((r) => setTimeout(r, 50));
    const outside = notes();
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);
    release();
    await tx;
    expect(await outside).toEqual(['1:inside', '2:b']);
  });

  it('hands back PostgreSQL error fields (a unique violation names its constraint)', async () => {
    const failure = await store.db
      .execute(sql`INSERT INTO thread_probe VALUES (1, 'again')`)
      .catch((e: unknown) => e);
    let e: unknown = failure;
    while (e && typeof e === 'object' && !('code' in e) && 'cause' in e) e = e.cause;
    expect(e).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
  });

  it('answers timestamps and their arrays as text, as drizzle asks', async () => {
    const rows = await rowsOf<{ at: string; ats: string }>(
      sql`SELECT '2026-01-02T03:04:05Z'::timestamptz AS at, ARRAY['2026-01-02T03:04:05Z'::timestamptz] AS ats`,
    );
    // Drizzle asks for timestamps (and arrays of them) as text and parses them itself.
    expect(typeof rows[0]?.at).toBe('string');
    expect(typeof rows[0]?.ats).toBe('string');
  });

  it('leaves the event loop free while a query runs (the database works in its own thread)', async () => {
    // A query that keeps the database busy for 600 ms; in-process, PGlite's WebAssembly would
    // hold the event loop that long and no timer could fire meanwhile.
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 20);
    try {
      await store.db.execute(sql`SELECT count(*) FROM generate_series(1, 3000000)`);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(3);
  });

  it('runs with the small-database settings (shared memory sized for one session)', async () => {
    const rows = await rowsOf<{ shared_buffers: string; max_connections: string }>(
      sql`SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections`,
    );
    expect(rows[0]).toEqual({ shared_buffers: '16MB', max_connections: '10' });
  });
});

describe("the PGlite worker's Node options", () => {
  it("are the process's, less the TypeScript loader and the young generation size a Worker refuses", () => {
    expect(
      workerExecArgv([
        '--import',
        'tsx',
        '--max-semi-space-size=4',
        '--max-old-space-size=512',
        '--enable-source-maps',
      ]),
    ).toEqual(['--max-old-space-size=512', '--enable-source-maps']);
  });
});

describe('a database created on disk', () => {
  it('is created and migrated by a process of its own (close waits for it to end), then served by a worker thread', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-pglite-create-'));
    try {
      const creator = await PgliteThread.start(path.join(dir, 'data'), { process: true });
      await creator.exec('CREATE TABLE created_probe (note text NOT NULL)');
      await creator.query('INSERT INTO created_probe VALUES ($1)', ['written by the process']);
      await creator.close();

      // openStore on the same folder: not fresh any more, so it opens it in a worker thread and
      // finds what the process wrote, with the migrations applied once.
      const store = await openStore({ databaseUrl: undefined, dataDir: path.join(dir, 'data') });
      try {
        const rows = (await store.db.execute(sql`SELECT note FROM created_probe`)) as unknown as {
          rows: { note: string }[];
        };
        expect(rows.rows).toEqual([{ note: 'written by the process' }]);
      } finally {
        await store.close();
      }

      // And a fresh folder through openStore: created in the process, migrated, then served.
      const fresh = await openStore({ databaseUrl: undefined, dataDir: path.join(dir, 'fresh') });
      try {
        const applied = (await fresh.db.execute(
          sql`SELECT count(*)::int AS n FROM schema_migrations`,
        )) as unknown as { rows: { n: number }[] };
        expect(applied.rows[0]?.n).toBeGreaterThan(20);
        expect(await migrate(fresh)).toEqual([]);
      } finally {
        await fresh.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
