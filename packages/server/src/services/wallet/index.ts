export { WalletService, type MonitorProfile, type CreditInput } from './service.ts';
export {
  ISSUER,
  OPERATOR_SCOPE,
  applyTransfer,
  balancesOf,
  requestHash,
  scopeOfAccount,
  type TransferRequest,
  type TransferResult,
} from './ledger.ts';
export { publicName, publicNames } from './history.ts';
export { transferView } from './transfer-view.ts';
