import type { WalletBalance, WalletHistoryResponse } from '@podium/protocol';
import { api } from '../../shared/api/index.ts';
import { apiPaths } from '@podium/protocol';

export const walletKeys = {
  balances: ['wallet', 'balances'] as const,
  history: ['wallet', 'history'] as const,
};

/** Spec §7 `GET /api/account/wallet/list` (T). */
export function fetchBalances(): Promise<WalletBalance[]> {
  return api.get<WalletBalance[]>(apiPaths.wallet.list);
}

/** One page of transfers, newest first; `before` is the previous page's `next`. */
export function fetchHistory(before: string | null): Promise<WalletHistoryResponse> {
  return api.get<WalletHistoryResponse>(apiPaths.wallet.transfers, {
    query: { before },
  });
}
