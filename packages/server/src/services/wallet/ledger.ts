import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  WALLET_MAX_AMOUNT,
  WALLET_MAX_BALANCE,
  WALLET_UNITS,
  type TransferKind,
  type WalletUnit,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import {
  walletBalances,
  walletEntries,
  walletTransfers,
  type WalletTransferRow,
} from '../../store/schema.ts';
import { balanceLimit, keyReused, notEnoughBalance } from './errors.ts';

/** The operator's side of every credit; its balance is minus everything ever issued. */
export const ISSUER = 'system:issuer';

/** One intended movement of money, as its initiator asked for it. */
export interface TransferRequest {
  /** Whose idempotency key this is: `account:<id>` or `operator`. */
  scope: string;
  idempotencyKey: string;
  kind: TransferKind;
  /** The paying account; null for credits (the issuer pays). */
  from: string | null;
  to: string;
  unit: WalletUnit;
  /** Minor units, 1..WALLET_MAX_AMOUNT (validated at the boundary, checked again here). */
  amount: number;
  giftId?: string | null;
  roomId?: string | null;
}

export interface TransferResult {
  transfer: WalletTransferRow;
  /** True when the key was seen before with the same request: nothing moved this time. */
  replayed: boolean;
}

export const scopeOfAccount = (accountId: string): string => `account:${accountId}`;
export const OPERATOR_SCOPE = 'operator';

/** SHA-256 of the request's money-moving fields in a fixed order. */
export function requestHash(r: TransferRequest): string {
  const canonical = JSON.stringify([
    r.kind,
    r.from,
    r.to,
    r.unit,
    r.amount,
    r.giftId ?? null,
    r.roomId ?? null,
  ]);
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

function assertWellFormed(r: TransferRequest): void {
  // The boundary validates; these guard the ledger against a caller that did not.
  if (!Number.isSafeInteger(r.amount) || r.amount <= 0 || r.amount > WALLET_MAX_AMOUNT) {
    throw new Error(`ledger: amount ${r.amount} out of range`);
  }
  if (!(WALLET_UNITS as readonly string[]).includes(r.unit)) {
    throw new Error(`ledger: unknown unit ${r.unit}`);
  }
  if ((r.kind === 'credit') !== (r.from === null)) {
    throw new Error('ledger: credits, and only credits, have no paying account');
  }
  if (r.from === r.to) throw new Error('ledger: a transfer needs two different accounts');
}

/**
 * Applies one transfer exactly once. In one transaction: claim the idempotency key (a key seen
 * before answers the original transfer when the request is the same, 409 otherwise), lock both
 * balance rows in a fixed order (so two opposite transfers cannot deadlock), check the funds and
 * write the two entries (the database's triggers move the balances and check the sum is zero).
 * A refused transfer rolls back completely, key included: a retry after a top-up may succeed.
 */
export async function applyTransfer(db: Db, r: TransferRequest): Promise<TransferResult> {
  assertWellFormed(r);
  const hash = requestHash(r);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(walletTransfers)
      .values({
        id: crypto.randomUUID(),
        scope: r.scope,
        idempotencyKey: r.idempotencyKey,
        requestHash: hash,
        kind: r.kind,
        fromAccount: r.from,
        toAccount: r.to,
        unit: r.unit,
        amount: r.amount,
        giftId: r.giftId ?? null,
        roomId: r.roomId ?? null,
      })
      // On PostgreSQL a concurrent insert of the same key waits here until the other commits.
      .onConflictDoNothing({ target: [walletTransfers.scope, walletTransfers.idempotencyKey] })
      .returning();
    const transfer = inserted[0];
    if (!transfer) {
      const existing = await tx
        .select()
        .from(walletTransfers)
        .where(
          and(
            eq(walletTransfers.scope, r.scope),
            eq(walletTransfers.idempotencyKey, r.idempotencyKey),
          ),
        )
        .limit(1);
      const original = existing[0];
      if (!original) throw new Error('ledger: idempotency key conflict without a transfer');
      if (original.requestHash !== hash) throw keyReused();
      return { transfer: original, replayed: true };
    }

    const payer = r.from ?? ISSUER;
    const holders = [payer, r.to].sort();
    await tx
      .insert(walletBalances)
      .values(holders.map((holder) => ({ holder, unit: r.unit, balance: 0 })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(walletBalances)
      .where(and(inArray(walletBalances.holder, holders), eq(walletBalances.unit, r.unit)))
      .orderBy(asc(walletBalances.holder))
      .for('update');
    const balanceOf = (holder: string): number =>
      rows.find((row) => row.holder === holder)?.balance ?? 0;
    if (payer !== ISSUER && balanceOf(payer) < r.amount) throw notEnoughBalance();
    if (balanceOf(r.to) + r.amount > WALLET_MAX_BALANCE) throw balanceLimit();

    await tx.insert(walletEntries).values([
      { transferId: transfer.id, holder: payer, unit: r.unit, amount: -r.amount },
      { transferId: transfer.id, holder: r.to, unit: r.unit, amount: r.amount },
    ]);
    return { transfer, replayed: false };
  });
}

/** Every unit's balance of one holder (0 for units never held). */
export async function balancesOf(
  db: Db,
  holder: string,
): Promise<Array<{ unit: WalletUnit; value: number }>> {
  const rows = await db
    .select({ unit: walletBalances.unit, balance: walletBalances.balance })
    .from(walletBalances)
    .where(eq(walletBalances.holder, holder));
  return WALLET_UNITS.map((unit) => ({
    unit,
    value: rows.find((row) => row.unit === unit)?.balance ?? 0,
  }));
}
