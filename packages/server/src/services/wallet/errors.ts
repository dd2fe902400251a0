import { ErrorCode, walletMessages, type WalletMessageKey } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';

/** Errors of the wallet; the English message is sent with its key (protocol walletMessages). */
function keyed(status: number, code: string, key: WalletMessageKey, field?: string): AppError {
  const message = walletMessages[key].en;
  return new AppError(status, code, message, {
    key,
    ...(field ? { fields: { [field]: message } } : {}),
  });
}

export const notEnoughBalance = () =>
  keyed(409, 'not_enough_balance', 'wallet.not_enough_balance', 'amount');
export const balanceLimit = () => keyed(409, 'balance_limit', 'wallet.balance_limit', 'amount');
export const keyReused = () =>
  keyed(409, ErrorCode.Conflict, 'wallet.key_reused', 'idempotency_key');
export const accountUnknown = (field = 'to') =>
  keyed(404, ErrorCode.NotFound, 'wallet.account_unknown', field);
export const invalidCursor = () =>
  keyed(400, ErrorCode.Validation, 'wallet.invalid_cursor', 'before');
export const chainUnknown = () =>
  keyed(400, ErrorCode.Validation, 'wallet.chain_unknown', 'chain_name');
