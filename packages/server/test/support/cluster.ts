import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { startTestRedis, type TestRedis } from '../../src/test-support/redis-server.ts';
import { startTestServer, type TestServer } from '../../src/test-support/server.ts';

/** Several Podium nodes on one PostgreSQL database and one Redis, all on loopback (issue 16). */
export interface TestNodes {
  nodes: TestServer[];
  redis: TestRedis;
  close(): Promise<void>;
}

/** A fresh database on the run's PostgreSQL cluster; answers its URL. */
async function freshDatabase(): Promise<string> {
  const adminUrl = inject('pgUrl');
  const name = `podium_nodes_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/**
 * Starts `count` real servers sharing one new database (PGlite is single-process, so always
 * PostgreSQL) and one throwaway Redis (REDIS_URL), each listening on its own loopback port.
 * Started one after the other: the first migrates the database, the others find it migrated.
 * `env` is every node's, or a node's own by its index (a folder each node keeps to itself).
 */
export async function startTestNodes(
  count: number,
  env: Record<string, string> | ((index: number) => Record<string, string>) = {},
): Promise<TestNodes> {
  const redis = await startTestRedis();
  const databaseUrl = await freshDatabase();
  const nodes: TestServer[] = [];
  const close = async () => {
    await Promise.allSettled(nodes.map((n) => n.close()));
    await redis.stop();
  };
  try {
    for (let i = 0; i < count; i++) {
      nodes.push(
        await startTestServer(
          'postgres',
          { REDIS_URL: redis.url, ...(typeof env === 'function' ? env(i) : env) },
          {
            openStore: (): Promise<Store> => openStore({ databaseUrl, dataDir: '' }),
          },
        ),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { nodes, redis, close };
}
