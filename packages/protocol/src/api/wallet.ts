import { z } from 'zod';
import type { Language } from '../limits.ts';

/**
 * Wallet (spec §3 "Wallet balance", §7 `GET /api/account/wallet/list`; decisions.md "Money").
 * Amounts are integers in a unit's minor unit, never floating point. On the wire an amount is a
 * JSON integer or a string of digits; both are read into a safe integer.
 */

/** The units a balance can be held in (decisions.md: the default unit is `coin`). */
export const WALLET_UNITS = ['coin'] as const;
export type WalletUnit = (typeof WALLET_UNITS)[number];
export const DEFAULT_WALLET_UNIT: WalletUnit = 'coin';

/** Largest amount of one transfer, in minor units. */
export const WALLET_MAX_AMOUNT = 1_000_000_000;
/**
 * Largest balance, in minor units. Far below 2^53, so every balance, entry and sum is an exact
 * JavaScript number (and an exact GraphQL Float).
 */
export const WALLET_MAX_BALANCE = 1_000_000_000_000_000;
/** Transfers per page of the history. */
export const WALLET_HISTORY_PAGE = 20;
export const WALLET_HISTORY_MAX_PAGE = 100;

export const IDEMPOTENCY_KEY_MAX = 128;

export const TRANSFER_KINDS = ['credit', 'gift', 'donation'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** Messages of the wallet; the server sends `en` and the key, the web shows its language. */
export const walletMessages = {
  'wallet.amount_invalid': {
    en: 'Enter a whole amount greater than zero',
    vi: 'Nhập một số nguyên lớn hơn 0',
  },
  'wallet.amount_too_large': {
    en: `The amount must be at most ${WALLET_MAX_AMOUNT.toLocaleString('en-US')}`,
    vi: `Số tiền tối đa là ${WALLET_MAX_AMOUNT.toLocaleString('vi-VN')}`,
  },
  'wallet.unit_unknown': { en: 'Unknown unit', vi: 'Đơn vị không hợp lệ' },
  'wallet.key_invalid': {
    en: 'The idempotency key must be 1 to 128 letters, digits or ._:- characters',
    vi: 'Khóa chống trùng lặp phải gồm 1 đến 128 chữ cái, chữ số hoặc ký tự ._:-',
  },
  'wallet.key_reused': {
    en: 'This idempotency key was already used for a different transfer',
    vi: 'Khóa chống trùng lặp này đã được dùng cho một giao dịch khác',
  },
  'wallet.not_enough_balance': {
    en: 'not enough balance to give this gift',
    vi: 'không đủ số dư để tặng quà này',
  },
  'wallet.balance_limit': {
    en: 'The balance would exceed the largest allowed balance',
    vi: 'Số dư sẽ vượt quá mức tối đa cho phép',
  },
  'wallet.account_unknown': { en: 'No such account', vi: 'Không tìm thấy tài khoản' },
  'wallet.invalid_cursor': { en: 'Invalid page cursor', vi: 'Con trỏ trang không hợp lệ' },
  'wallet.chain_unknown': {
    en: 'Unknown chain name; use one of: ethereum, bsc, polygon, tron, solana',
    vi: 'Tên chuỗi không hợp lệ; dùng một trong: ethereum, bsc, polygon, tron, solana',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type WalletMessageKey = keyof typeof walletMessages;

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
