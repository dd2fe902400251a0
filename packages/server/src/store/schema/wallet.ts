import { bigint, bigserial, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TransferKind, WalletUnit } from '@podium/protocol';

/** Mirrors migrations/0005_wallet.sql (the SQL is the source of truth). */
export const walletTransfers = pgTable('wallet_transfers', {
  id: uuid('id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  scope: text('scope').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  kind: text('kind').$type<TransferKind>().notNull(),
  fromAccount: text('from_account'),
  toAccount: text('to_account').notNull(),
  unit: text('unit').$type<WalletUnit>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  giftId: text('gift_id'),
  roomId: uuid('room_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WalletTransferRow = typeof walletTransfers.$inferSelect;

export const walletEntries = pgTable(
  'wallet_entries',
  {
    transferId: uuid('transfer_id').notNull(),
    holder: text('holder').notNull(),
    unit: text('unit').$type<WalletUnit>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.transferId, t.holder, t.unit] })],
);

export const walletBalances = pgTable(
  'wallet_balances',
  {
    holder: text('holder').notNull(),
    unit: text('unit').$type<WalletUnit>().notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.holder, t.unit] })],
);
