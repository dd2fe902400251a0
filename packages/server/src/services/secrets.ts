import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { Db } from '../store/db.ts';

/** migrations/0000_meta.sql: small key/value facts about this installation. */
const podiumMeta = pgTable('podium_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Names of the server secrets kept in podium_meta. */
export type SecretName = 'join_ticket_key' | 'wallet_address_key' | 'file_link_key';

const KEY_PREFIX = 'secret:';

/**
 * A random server secret, made on first use and stored in `podium_meta` so it survives restarts
 * and is shared by every server process on the same database.
 * SECURITY: whoever reads the database can forge what the secret signs; that is accepted, since
 * they could change the events themselves anyway.
 */
export async function loadSecret(db: Db, name: SecretName): Promise<Buffer> {
  const key = KEY_PREFIX + name;
  const candidate = crypto.randomBytes(32).toString('base64url');
  // Two processes starting together both try to insert; the first wins and both read its value.
  await db.insert(podiumMeta).values({ key, value: candidate }).onConflictDoNothing();
  const rows = await db
    .select({ value: podiumMeta.value })
    .from(podiumMeta)
    .where(eq(podiumMeta.key, key));
  const value = rows[0]?.value;
  if (!value) throw new Error(`server secret ${name} could not be stored`);
  return Buffer.from(value, 'base64url');
}

/** Loads each secret once per process, on first need. */
export class Secrets {
  #db: Db;
  #cache = new Map<SecretName, Promise<Buffer>>();

  constructor(db: Db) {
    this.#db = db;
  }

  get(name: SecretName): Promise<Buffer> {
    let pending = this.#cache.get(name);
    if (!pending) {
      pending = loadSecret(this.#db, name);
      // A failed load (database briefly down) must not be cached for the life of the process.
      pending.catch(() => this.#cache.delete(name));
      this.#cache.set(name, pending);
    }
    return pending;
  }
}
