import { z } from 'zod';
import {
  WALLET_UNITS,
  DEFAULT_WALLET_UNIT,
  WALLET_MAX_AMOUNT,
  WALLET_HISTORY_MAX_PAGE,
  TRANSFER_KINDS,
  walletMessages,
  type WalletMessageKey,
} from './wallet-messages.ts';
export * from './wallet-messages.ts';

/**
 * Wallet (spec §3 "Wallet balance", §7 `GET /api/account/wallet/list`; decisions.md "Money").
 * Amounts are integers in a unit's minor unit, never floating point. On the wire an amount is a
 * JSON integer or a string of digits; both are read into a safe integer.
 */

const msg = (key: WalletMessageKey): string => walletMessages[key].en;

/**
 * An amount in minor units: a JSON integer or a string of digits (so amounts beyond 2^53 are
 * refused instead of silently rounded), greater than zero and at most WALLET_MAX_AMOUNT.
 */
export const walletAmount = z
  .union([z.number(), z.string()], { error: msg('wallet.amount_invalid') })
  .transform((value, ctx): number => {
    const text =
      typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : value.trim();
    if (!/^\d{1,30}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: msg('wallet.amount_invalid') });
      return z.NEVER;
    }
    const big = BigInt(text);
    if (big <= 0n) {
      ctx.addIssue({ code: 'custom', message: msg('wallet.amount_invalid') });
      return z.NEVER;
    }
    if (big > BigInt(WALLET_MAX_AMOUNT)) {
      ctx.addIssue({ code: 'custom', message: msg('wallet.amount_too_large') });
      return z.NEVER;
    }
    return Number(big);
  });

export const walletUnit = z.enum(WALLET_UNITS, { error: msg('wallet.unit_unknown') });

/** Chosen by the client once per intended transfer and sent again on every retry of it. */
export const idempotencyKey = z
  .string({ error: msg('wallet.key_invalid') })
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, { error: msg('wallet.key_invalid') });

/** One line of `GET /api/account/wallet/list`: every unit, 0 when nothing was ever held. */
export const walletBalance = z.object({ unit: walletUnit, value: z.number().int().nonnegative() });
export type WalletBalance = z.infer<typeof walletBalance>;
export const walletListResponse = z.array(walletBalance);

/** `GET /api/account/wallet/transfers?before=<cursor>&limit=<n>` (T): newest first. */
export const walletHistoryRequest = z.object({
  before: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(WALLET_HISTORY_MAX_PAGE).optional(),
});
export type WalletHistoryRequest = z.infer<typeof walletHistoryRequest>;

export const transferParty = z.object({ id: z.string(), name: z.string() });

/** One transfer as the account sees it: `amount` is signed (negative: money left the account). */
export const walletHistoryEntry = z.object({
  id: z.string(),
  kind: z.enum(TRANSFER_KINDS),
  unit: walletUnit,
  amount: z.number().int(),
  /** The other side; null for credits (issued by the operator). */
  counterparty: transferParty.nullable(),
  /** Gifts: the gift's catalogue id. */
  gift_id: z.string().nullable(),
  created_at: z.string(),
});
export type WalletHistoryEntry = z.infer<typeof walletHistoryEntry>;

export const walletHistoryResponse = z.object({
  transfers: z.array(walletHistoryEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
});
export type WalletHistoryResponse = z.infer<typeof walletHistoryResponse>;

/**
 * Development tools only (DEV_TOOLS, off with NODE_ENV=production): credits the signed-in account
 * through the same ledger, so browser tests and a developer can fund a sender while the server
 * holds the embedded database (the operator CLI cannot open it then).
 */
export const walletDevCreditRequest = z.object({
  amount: walletAmount,
  unit: walletUnit.default(DEFAULT_WALLET_UNIT),
  idempotency_key: idempotencyKey,
});

/** Chains `blockchain_account(chain_name)` answers for. */
export const BLOCKCHAIN_CHAINS = ['ethereum', 'bsc', 'polygon', 'tron', 'solana'] as const;
export type BlockchainChain = (typeof BLOCKCHAIN_CHAINS)[number];
