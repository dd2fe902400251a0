import type { WalletBalance, WalletHistoryResponse } from '@podium/protocol';
import { api } from '../../shared/api/index.ts';

export const walletKeys = {
  balances: ['wallet', 'balances'] as const,
  history: ['wallet', 'history'] as const,
};

/** Spec §7 `GET /api/account/wallet/list` (T). */
export function fetchBalances(): Promise<WalletBalance[]> {
  return api.get<WalletBalance[]>('/api/account/wallet/list');
}

/** One page of transfers, newest first; `before` is the previous page's `next`. */
export function fetchHistory(before: string | null): Promise<WalletHistoryResponse> {
  return api.get<WalletHistoryResponse>('/api/account/wallet/transfers', {
    query: { before },
  });
}
