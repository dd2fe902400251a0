import crypto from 'node:crypto';
import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { OAuthProvider } from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import {
  accounts,
  linkedIdentities,
  oauthStates,
  type LinkedIdentityRow,
  type OAuthStateRow,
} from '../../store/schema.ts';

export function stateDigest(state: string): string {
  return crypto.createHash('sha256').update(state).digest('hex');
}

/** Started sign-ins and linked identities; no business rules here. */
export class SocialSignInRepository {
  #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async saveState(
    row: Omit<OAuthStateRow, 'stateHash' | 'createdAt'> & { state: string },
    now: Date,
  ): Promise<void> {
    // Abandoned sign-ins would pile up otherwise; tidy them while we are here.
    await this.#db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    const { state, ...rest } = row;
    await this.#db.insert(oauthStates).values({ ...rest, stateHash: stateDigest(state) });
  }

  /**
   * Takes a started sign-in out of the table in one statement: a state works once, however many
   * callbacks race with it. Expired ones are taken too (and refused by the caller).
   */
  async consumeState(state: string): Promise<OAuthStateRow | undefined> {
    const rows = await this.#db
      .delete(oauthStates)
      .where(eq(oauthStates.stateHash, stateDigest(state)))
      .returning();
    return rows[0];
  }

  async identity(provider: OAuthProvider, subject: string): Promise<LinkedIdentityRow | undefined> {
    const rows = await this.#db
      .select()
      .from(linkedIdentities)
      .where(and(eq(linkedIdentities.provider, provider), eq(linkedIdentities.subject, subject)))
      .limit(1);
    return rows[0];
  }

  async identitiesOf(accountId: string): Promise<LinkedIdentityRow[]> {
    return this.#db
      .select()
      .from(linkedIdentities)
      .where(eq(linkedIdentities.accountId, accountId))
      .orderBy(asc(linkedIdentities.createdAt));
  }

  async link(row: {
    provider: OAuthProvider;
    subject: string;
    accountId: string;
    email: string | null;
  }): Promise<void> {
    await this.#db.insert(linkedIdentities).values(row);
  }

  /**
   * Removes the account's identity at `provider` unless it is the last way in: no password and
   * no other identity. The account row is locked so two unlinks cannot each leave the other
   * as the last one and then both go.
   */
  async unlink(
    accountId: string,
    provider: OAuthProvider,
  ): Promise<'unlinked' | 'not_linked' | 'last_method'> {
    return this.#db.transaction(async (tx) => {
      const locked = await tx
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update');
      const hasPassword = Boolean(locked[0]?.passwordHash);
      const [total] = await tx
        .select({ n: count() })
        .from(linkedIdentities)
        .where(eq(linkedIdentities.accountId, accountId));
      const mine = await tx
        .select({ subject: linkedIdentities.subject })
        .from(linkedIdentities)
        .where(
          and(eq(linkedIdentities.accountId, accountId), eq(linkedIdentities.provider, provider)),
        );
      if (!mine.length) return 'not_linked';
      if (!hasPassword && (total?.n ?? 0) <= 1) return 'last_method';
      await tx
        .delete(linkedIdentities)
        .where(
          and(eq(linkedIdentities.accountId, accountId), eq(linkedIdentities.provider, provider)),
        );
      return 'unlinked';
    });
  }
}
