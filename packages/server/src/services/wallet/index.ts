export { WalletService, type MonitorProfile, type CreditInput } from './service.ts';
export { ISSUER, scopeOfAccount, type TransferRequest, type TransferResult } from './ledger.ts';
export { publicName } from './history.ts';
export { transferView } from './transfer-view.ts';
