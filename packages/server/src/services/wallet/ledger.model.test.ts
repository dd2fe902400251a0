import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../shared/errors.ts';
import { openTestStore, STORE_KINDS } from '../../../test/support/stores.ts';
import type { Store } from '../../store/db.ts';
import { accounts, walletBalances, walletEntries, walletTransfers } from '../../store/schema.ts';
import {
  ISSUER,
  OPERATOR_SCOPE,
  applyTransfer,
  scopeOfAccount,
  type TransferRequest,
} from './ledger.ts';

/**
 * Model-based test of the ledger against the real database: random sequences of credits, gifts,
 * exact retries, key reuse with another body and batches of concurrent transfers. After every
 * step the real balances equal the model's, the issuer's balance is minus the total of the
 * accounts' (money is neither made nor lost), no balance is negative, each balance equals the
 * sum of its entries, and each idempotency key was applied at most once.
 */

const ACCOUNTS = 4;

interface Model {
  balances: number[];
  /** Applied transfers by scope + key, with their request. */
  applied: Map<string, TransferRequest>;
  /** Every request tried so far (replayed by RetryCommand). */
  tried: TransferRequest[];
}

interface Real {
  store: Store;
  ids: string[];
}

const keyOf = (r: TransferRequest): string => `${r.scope}\u0000${r.idempotencyKey}`;

type Outcome = 'applied' | 'replayed' | 'not_enough_balance' | 'key_reused';

async function attempt(real: Real, r: TransferRequest): Promise<Outcome> {
  try {
    const result = await applyTransfer(real.store.db, r);
    return result.replayed ? 'replayed' : 'applied';
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_enough_balance') {
      return 'not_enough_balance';
    }
    if (error instanceof AppError && error.key === 'wallet.key_reused') return 'key_reused';
    throw error;
  }
}

/** What the model says a request does, and the model after it. */
function expectOutcome(model: Model, real: Real, r: TransferRequest): Outcome {
  const previous = model.applied.get(keyOf(r));
  if (previous) {
    const same =
      previous.amount === r.amount &&
      previous.from === r.from &&
      previous.to === r.to &&
      previous.kind === r.kind;
    return same ? 'replayed' : 'key_reused';
  }
  const from = r.from === null ? -1 : real.ids.indexOf(r.from);
  if (from >= 0 && model.balances[from]! < r.amount) return 'not_enough_balance';
  return 'applied';
}

function applyToModel(model: Model, real: Real, r: TransferRequest): void {
  model.applied.set(keyOf(r), r);
  if (r.from !== null) model.balances[real.ids.indexOf(r.from)]! -= r.amount;
  model.balances[real.ids.indexOf(r.to)]! += r.amount;
}

async function checkInvariants(model: Model, real: Real): Promise<void> {
  const db = real.store.db;
  const rows = await db
    .select()
    .from(walletBalances)
    .where(inArray(walletBalances.holder, real.ids));
  const actual = real.ids.map((id) => rows.find((r) => r.holder === id)?.balance ?? 0);
  expect(actual).toEqual(model.balances);
  for (const value of actual) expect(value).toBeGreaterThanOrEqual(0);

  // Across every holder in the database (other runs included) each unit sums to zero.
  const totals = await db
    .select({ unit: walletBalances.unit, total: sql<string>`sum(${walletBalances.balance})` })
    .from(walletBalances)
    .groupBy(walletBalances.unit);
  for (const t of totals) expect(Number(t.total)).toBe(0);

  // Each balance row equals the sum of its entries.
  // Both drivers answer raw SQL with `{ rows }`; the shared Db type leaves it unknown.
  const mismatched = (await db.execute(sql`
    SELECT b.holder FROM wallet_balances b
    LEFT JOIN (SELECT holder, unit, sum(amount) AS s FROM wallet_entries GROUP BY holder, unit) e
      ON e.holder = b.holder AND e.unit = b.unit
    WHERE b.balance <> coalesce(e.s, 0)`)) as { rows: unknown[] };
  expect(mismatched.rows).toEqual([]);

  // One transfer per applied key, two entries per transfer.
  const transfers = await db
    .select({ id: walletTransfers.id })
    .from(walletTransfers)
    .where(inArray(walletTransfers.toAccount, real.ids));
  expect(transfers.length).toBe(model.applied.size);
  if (transfers.length > 0) {
    const entries = await db
      .select({ n: sql<string>`count(*)` })
      .from(walletEntries)
      .where(
        inArray(
          walletEntries.transferId,
          transfers.map((t) => t.id),
        ),
      );
    expect(Number(entries[0]?.n)).toBe(2 * transfers.length);
  }
}

type Cmd = fc.AsyncCommand<Model, Real>;

class TransferCommand implements Cmd {
  constructor(
    readonly r: (ids: string[]) => TransferRequest,
    readonly label: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const r = this.r(real.ids);
    const expected = expectOutcome(model, real, r);
    const outcome = await attempt(real, r);
    expect(outcome).toBe(expected);
    if (outcome === 'applied') applyToModel(model, real, r);
    model.tried.push(r);
    await checkInvariants(model, real);
  }
  toString = () => this.label;
}

class RetryCommand implements Cmd {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.tried.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const r = model.tried[this.pick % model.tried.length]!;
    const expected = expectOutcome(model, real, r);
    const outcome = await attempt(real, r);
    expect(outcome).toBe(expected);
    if (outcome === 'applied') applyToModel(model, real, r);
    await checkInvariants(model, real);
  }
  toString = () => `retry(${this.pick})`;
}

class ConcurrentCommand implements Cmd {
  constructor(readonly make: Array<(ids: string[]) => TransferRequest>) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const requests = this.make.map((m) => m(real.ids));
    const outcomes = await Promise.all(requests.map((r) => attempt(real, r)));
    // Whatever order the database chose, the successes must add up to the real balances and
    // every key must have been applied at most once.
    const appliedKeys = new Set<string>();
    requests.forEach((r, i) => {
      if (outcomes[i] !== 'applied') return;
      expect(appliedKeys.has(keyOf(r))).toBe(false);
      expect(model.applied.has(keyOf(r))).toBe(false);
      appliedKeys.add(keyOf(r));
      applyToModel(model, real, r);
    });
    for (const r of requests) model.tried.push(r);
    await checkInvariants(model, real);
  }
  toString = () => `concurrent(${this.make.length})`;
}

const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
const amount = fc.integer({ min: 1, max: 60 });
// A small key space, so keys come back (retries and reuse with another body).
const key = fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6');

const credit = fc
  .tuple(account, amount, key)
  .map(([to, amt, k]) => (ids: string[]): TransferRequest => ({
    scope: OPERATOR_SCOPE,
    idempotencyKey: `${ids[0]}-${k}`,
    kind: 'credit',
    from: null,
    to: ids[to]!,
    unit: 'coin',
    amount: amt,
  }));

const gift = fc
  .tuple(account, fc.integer({ min: 1, max: ACCOUNTS - 1 }), amount, key)
  .map(([from, offset, amt, k]) => (ids: string[]): TransferRequest => ({
    scope: scopeOfAccount(ids[from]!),
    idempotencyKey: k,
    kind: 'gift',
    from: ids[from]!,
    to: ids[(from + offset) % ACCOUNTS]!,
    unit: 'coin',
    amount: amt,
    giftId: 'rose',
  }));

const commands = fc.commands(
  [
    credit.map((make) => new TransferCommand(make, 'credit')),
    gift.map((make) => new TransferCommand(make, 'gift')),
    fc.nat().map((n) => new RetryCommand(n)),
    fc
      .array(fc.oneof(credit, gift), { minLength: 2, maxLength: 8 })
      .map((make) => new ConcurrentCommand(make)),
  ],
  { maxCommands: 25 },
);

describe.each(STORE_KINDS)('wallet ledger model on %s', (kind) => {
  let store: Store;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function freshAccounts(): Promise<string[]> {
    const ids = Array.from({ length: ACCOUNTS }, () => crypto.randomUUID());
    await store.db.insert(accounts).values(
      ids.map((id) => ({
        id,
        username: `w_${id.slice(0, 12)}`,
        referralCode: id.slice(0, 12).toUpperCase(),
      })),
    );
    return ids;
  }

  it('keeps money constant, balances non-negative and equal to their entries, keys applied once', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const ids = await freshAccounts();
        const model: Model = { balances: ids.map(() => 0), applied: new Map(), tried: [] };
        await fc.asyncModelRun(() => ({ model, real: { store, ids } }), cmds);
      }),
      { numRuns: kind === 'pglite' ? 30 : 20 },
    );
  });

  it('refuses to edit or delete the ledger, and a transfer that does not sum to zero', async () => {
    const [a, b] = await freshAccounts();
    const { transfer } = await applyTransfer(store.db, {
      scope: OPERATOR_SCOPE,
      idempotencyKey: `edit-${a}`,
      kind: 'credit',
      from: null,
      to: a!,
      unit: 'coin',
      amount: 5,
    });
    await expect(
      store.db.update(walletEntries).set({ amount: 500 }).where(eq(walletEntries.holder, a!)),
    ).rejects.toThrow();
    await expect(
      store.db.delete(walletTransfers).where(eq(walletTransfers.id, transfer.id)),
    ).rejects.toThrow();
    // Entries written by hand that do not balance are refused at commit.
    await expect(
      store.db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        await tx.insert(walletTransfers).values({
          id,
          scope: OPERATOR_SCOPE,
          idempotencyKey: `unbalanced-${id}`,
          requestHash: 'x',
          kind: 'credit',
          fromAccount: null,
          toAccount: b!,
          unit: 'coin',
          amount: 7,
        });
        await tx.insert(walletEntries).values([
          { transferId: id, holder: ISSUER, unit: 'coin', amount: -7 },
          { transferId: id, holder: b!, unit: 'coin', amount: 8 },
        ]);
      }),
    ).rejects.toThrow();
    const rows = await store.db
      .select()
      .from(walletBalances)
      .where(inArray(walletBalances.holder, [a!, b!]));
    expect(rows.find((r) => r.holder === a)?.balance).toBe(5);
    expect(rows.find((r) => r.holder === b)?.balance ?? 0).toBe(0);
  });
});
