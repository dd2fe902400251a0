import { z } from 'zod';

export { walletDevCreditRequest, walletHistoryRequest } from '@podium/protocol';

/** `GET /api/account/wallet/list` takes nothing. */
export const walletListRequest = z.object({});
