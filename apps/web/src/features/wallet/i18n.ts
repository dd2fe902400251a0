import { walletMessages } from '@podium/protocol';
import { defineStrings } from '../../shared/i18n/strings.ts';

const en = (key: keyof typeof walletMessages) => walletMessages[key].en;
const vi = (key: keyof typeof walletMessages) => walletMessages[key].vi;

export const strings = defineStrings({
  en: {
    wallet: {
      heading: 'Wallet',
      balances: 'Balances',
      units: { coin: 'coins' },
      unitName: { coin: 'Coins' },
      history: 'History',
      empty: 'No transfers yet. Credits, gifts and donations you send or receive appear here.',
      loadMore: 'Load more',
      loadFailed: 'The wallet could not be loaded',
      retry: 'Try again',
      kinds: { credit: 'Credit', gift: 'Gift', donation: 'Donation' },
      from: 'From {{name}}',
      to: 'To {{name}}',
      someone: 'someone',
      operator: 'Added to your wallet',
      sendGift: 'Send a gift',
    },
    serverErrors: {
      wallet: {
        amount_invalid: en('wallet.amount_invalid'),
        amount_too_large: en('wallet.amount_too_large'),
        unit_unknown: en('wallet.unit_unknown'),
        key_invalid: en('wallet.key_invalid'),
        key_reused: en('wallet.key_reused'),
        not_enough_balance: en('wallet.not_enough_balance'),
        balance_limit: en('wallet.balance_limit'),
        account_unknown: en('wallet.account_unknown'),
        invalid_cursor: en('wallet.invalid_cursor'),
        chain_unknown: en('wallet.chain_unknown'),
      },
    },
  },
  vi: {
    wallet: {
      heading: 'Ví',
      balances: 'Số dư',
      units: { coin: 'xu' },
      unitName: { coin: 'Xu' },
      history: 'Lịch sử',
      empty: 'Chưa có giao dịch nào. Tiền nạp, quà tặng và ủng hộ bạn gửi hoặc nhận sẽ hiện ở đây.',
      loadMore: 'Xem thêm',
      loadFailed: 'Không tải được ví',
      retry: 'Thử lại',
      kinds: { credit: 'Nạp tiền', gift: 'Quà tặng', donation: 'Ủng hộ' },
      from: 'Từ {{name}}',
      to: 'Đến {{name}}',
      someone: 'một người',
      operator: 'Được nạp vào ví',
      sendGift: 'Gửi quà',
    },
    serverErrors: {
      wallet: {
        amount_invalid: vi('wallet.amount_invalid'),
        amount_too_large: vi('wallet.amount_too_large'),
        unit_unknown: vi('wallet.unit_unknown'),
        key_invalid: vi('wallet.key_invalid'),
        key_reused: vi('wallet.key_reused'),
        not_enough_balance: vi('wallet.not_enough_balance'),
        balance_limit: vi('wallet.balance_limit'),
        account_unknown: vi('wallet.account_unknown'),
        invalid_cursor: vi('wallet.invalid_cursor'),
        chain_unknown: vi('wallet.chain_unknown'),
      },
    },
  },
});
