import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { accounts, type AccountRow } from '../../store/schema.ts';

export type NewAccount = typeof accounts.$inferInsert;
export type AccountPatch = Partial<Omit<NewAccount, 'id' | 'createdAt'>>;
export type IdentityField = 'email' | 'username' | 'phone';

/** A phone number with and without its leading +, so either spelling finds the account. */
export function phoneVariants(phone: string): string[] {
  const digits = phone.trim().replace(/^\+/, '');
  return [digits, `+${digits}`];
}

/** The unique index a PostgreSQL/PGlite error violated, looking through Drizzle's wrapping. */
export function violatedUniqueIndex(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The account by id, built once (every signed-in request reads it): see `byId`. */
function prepareById(db: Db) {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('podium_account_by_id');
}

/** Queries over the accounts table; no business rules here. */
export class AccountStore {
  #db: Db;
  #onUpdate: ((id: string) => void) | undefined;
  #byId: ReturnType<typeof prepareById>;

  /** `onUpdate` hears of every changed account, so copies of it (the token cache) are dropped. */
  constructor(db: Db, onUpdate?: (id: string) => void) {
    this.#db = db;
    this.#onUpdate = onUpdate;
    this.#byId = prepareById(db);
  }

  /** A prepared query: no query building per call, and a named statement on PostgreSQL. */
  async byId(id: string): Promise<AccountRow | undefined> {
    const rows = await this.#byId.execute({ id });
    return rows[0];
  }

  /**
   * The account a sign-in identifier names: an email, else a phone number, else a username
   * (case-insensitive). The order settles the rare identifier that matches two accounts.
   */
  async byLogin(identifier: string): Promise<AccountRow | undefined> {
    const id = identifier.trim();
    const lower = id.toLowerCase();
    const phones = /^\+?[0-9]+$/.test(id) ? phoneVariants(id) : [];
    const rows = await this.#db
      .select()
      .from(accounts)
      .where(
        or(
          eq(accounts.email, lower),
          phones.length ? inArray(accounts.phone, phones) : undefined,
          sql`lower(${accounts.username}) = ${lower}`,
        ),
      )
      .orderBy(
        sql`CASE WHEN ${accounts.email} = ${lower} THEN 0 WHEN lower(${accounts.username}) = ${lower} THEN 2 ELSE 1 END`,
      )
      .limit(1);
    return rows[0];
  }

  async byPhone(phone: string): Promise<AccountRow | undefined> {
    const rows = await this.#db
      .select()
      .from(accounts)
      .where(inArray(accounts.phone, phoneVariants(phone)))
      .limit(1);
    return rows[0];
  }

  async byReferralCode(code: string): Promise<AccountRow | undefined> {
    const rows = await this.#db
      .select()
      .from(accounts)
      .where(eq(accounts.referralCode, code.trim().toUpperCase()))
      .limit(1);
    return rows[0];
  }

  /** Which of the given identities another account already holds. */
  async takenIdentities(ids: {
    email?: string | undefined;
    username?: string | undefined;
    phone?: string | undefined;
  }): Promise<IdentityField[]> {
    const conditions = [
      ids.email ? eq(accounts.email, ids.email) : undefined,
      ids.username ? sql`lower(${accounts.username}) = ${ids.username.toLowerCase()}` : undefined,
      ids.phone ? inArray(accounts.phone, phoneVariants(ids.phone)) : undefined,
    ].filter((c) => c !== undefined);
    if (!conditions.length) return [];
    const rows = await this.#db
      .select({ email: accounts.email, username: accounts.username, phone: accounts.phone })
      .from(accounts)
      .where(or(...conditions));
    const taken = new Set<IdentityField>();
    for (const row of rows) {
      if (ids.email && row.email === ids.email) taken.add('email');
      if (ids.username && row.username?.toLowerCase() === ids.username.toLowerCase()) {
        taken.add('username');
      }
      if (ids.phone && row.phone && phoneVariants(ids.phone).includes(row.phone)) {
        taken.add('phone');
      }
    }
    return [...taken];
  }

  async insert(values: NewAccount): Promise<AccountRow> {
    const rows = await this.#db.insert(accounts).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('account insert returned no row');
    return row;
  }

  async update(id: string, patch: AccountPatch): Promise<AccountRow | undefined> {
    const rows = await this.#db
      .update(accounts)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    this.#onUpdate?.(id);
    return rows[0];
  }
}
