import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import type { StoreKind } from '../../src/test-support/server.ts';

export { STORE_KINDS, type StoreKind } from '../../src/test-support/server.ts';

/** A fresh, migrated store of the given kind: in-memory PGlite, or a new database on the test cluster. */
export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'pglite') return openStore({ databaseUrl: undefined, dataDir: 'memory://' });
  const adminUrl = inject('pgUrl');
  const name = `podium_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return openStore({ databaseUrl: adminUrl.replace(/\/postgres$/, `/${name}`), dataDir: '' });
}
