import type { Language } from '../limits.ts';

/**
 * The zod-free part of wallet.ts: constants and messages the web app's pages import without
 * loading the request schemas and zod (issue 11: first load). wallet.ts re-exports all of it.
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
