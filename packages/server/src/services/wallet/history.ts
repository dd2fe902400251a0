import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import {
  WALLET_HISTORY_PAGE,
  type WalletHistoryEntry,
  type WalletHistoryRequest,
  type WalletHistoryResponse,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import { accounts, walletTransfers } from '../../store/schema.ts';
import { invalidCursor } from './errors.ts';

/** The name shown for another account: never derived from its email address or phone. */
export function publicName(a: {
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}): string {
  return (
    a.fullName?.trim() ||
    [a.firstName, a.lastName]
      .filter((p) => p && p.trim())
      .join(' ')
      .trim() ||
    a.username?.trim() ||
    ''
  );
}

export async function publicNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: accounts.id,
      fullName: accounts.fullName,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      username: accounts.username,
    })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((row) => [row.id, publicName(row)]));
}

function decodeCursor(cursor: string): number {
  if (!/^[1-9]\d{0,15}$/.test(cursor)) throw invalidCursor();
  return Number(cursor);
}

/** The transfers an account paid or received, newest first, one page at a time. */
export async function historyOf(
  db: Db,
  accountId: string,
  input: WalletHistoryRequest,
): Promise<WalletHistoryResponse> {
  const limit = input.limit ?? WALLET_HISTORY_PAGE;
  const mine = or(
    eq(walletTransfers.fromAccount, accountId),
    eq(walletTransfers.toAccount, accountId),
  );
  const where = input.before
    ? and(mine, lt(walletTransfers.seq, decodeCursor(input.before)))
    : mine;
  const rows = await db
    .select()
    .from(walletTransfers)
    .where(where)
    .orderBy(desc(walletTransfers.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const others = new Set<string>();
  for (const row of page) {
    const other = row.fromAccount === accountId ? row.toAccount : row.fromAccount;
    if (other) others.add(other);
  }
  const names = await publicNames(db, [...others]);
  const transfers = page.map((row): WalletHistoryEntry => {
    const outgoing = row.fromAccount === accountId;
    const other = outgoing ? row.toAccount : row.fromAccount;
    return {
      id: row.id,
      kind: row.kind,
      unit: row.unit,
      amount: outgoing ? -row.amount : row.amount,
      counterparty: other ? { id: other, name: names.get(other) ?? '' } : null,
      gift_id: row.giftId,
      created_at: row.createdAt.toISOString(),
    };
  });
  const last = page.at(-1);
  return { transfers, next: rows.length > limit && last ? String(last.seq) : null };
}
