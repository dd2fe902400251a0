import type { WalletTransferRow } from '../../store/schema.ts';

/** A transfer as its initiator sees it in an answer (dev credit, gifts). */
export function transferView(row: WalletTransferRow) {
  return {
    id: row.id,
    kind: row.kind,
    unit: row.unit,
    amount: row.amount,
    gift_id: row.giftId,
    created_at: row.createdAt.toISOString(),
  };
}
