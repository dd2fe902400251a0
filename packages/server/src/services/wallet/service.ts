import type { Logger } from 'pino';
import {
  DEFAULT_WALLET_UNIT,
  type WalletBalance,
  type WalletHistoryRequest,
  type WalletHistoryResponse,
  type WalletUnit,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import type { Secrets } from '../secrets.ts';
import type { AccountStore } from '../accounts/account-store.ts';
import { deriveAddress, isChain } from './addresses.ts';
import { accountUnknown, chainUnknown } from './errors.ts';
import { historyOf } from './history.ts';
import {
  OPERATOR_SCOPE,
  applyTransfer,
  balancesOf,
  scopeOfAccount,
  type TransferRequest,
  type TransferResult,
} from './ledger.ts';

export interface WalletServiceDeps {
  db: Db;
  log: Logger;
  secrets: Secrets;
  accounts: AccountStore;
}

/** Spec §3 "Monitor profile". */
export interface MonitorProfile {
  id: string;
  /** The balance in the default unit. */
  credit: number;
  /** Always 0: the ledger never lets an account's balance go below zero. */
  debt: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

export interface CreditInput {
  /** An email address, or an account id. */
  account: string;
  amount: number;
  unit: WalletUnit;
  idempotencyKey: string;
}

/** Balances, history and the money-moving entry points; all transfers go through the ledger. */
export class WalletService {
  readonly #db: Db;
  readonly #log: Logger;
  readonly #secrets: Secrets;
  readonly #accounts: AccountStore;

  constructor(deps: WalletServiceDeps) {
    this.#db = deps.db;
    this.#log = deps.log.child({ domain: 'wallet' });
    this.#secrets = deps.secrets;
    this.#accounts = deps.accounts;
  }

  balances(accountId: string): Promise<WalletBalance[]> {
    return balancesOf(this.#db, accountId);
  }

  history(accountId: string, input: WalletHistoryRequest): Promise<WalletHistoryResponse> {
    return historyOf(this.#db, accountId, input);
  }

  /** Any transfer; callers have checked who may ask for it. */
  async transfer(request: TransferRequest): Promise<TransferResult> {
    const result = await applyTransfer(this.#db, request);
    if (!result.replayed) {
      this.#log.info(
        {
          transferId: result.transfer.id,
          kind: request.kind,
          from: request.from,
          to: request.to,
          unit: request.unit,
          amount: request.amount,
        },
        'wallet transfer',
      );
    }
    return result;
  }

  /** The operator credits an account (CLI); the key is the operator's. */
  async creditByOperator(input: CreditInput): Promise<TransferResult> {
    const target = input.account.trim();
    const row = target.includes('@')
      ? await this.#accounts.byLogin(target.toLowerCase())
      : await this.#accounts.byId(target);
    if (!row) throw accountUnknown('account');
    return this.transfer({
      scope: OPERATOR_SCOPE,
      idempotencyKey: input.idempotencyKey,
      kind: 'credit',
      from: null,
      to: row.id,
      unit: input.unit,
      amount: input.amount,
    });
  }

  /** Development tools: the signed-in account credits itself (its own key scope). */
  creditSelf(
    accountId: string,
    input: { amount: number; unit: WalletUnit; idempotencyKey: string },
  ): Promise<TransferResult> {
    return this.transfer({
      scope: `dev:${scopeOfAccount(accountId)}`,
      idempotencyKey: input.idempotencyKey,
      kind: 'credit',
      from: null,
      to: accountId,
      unit: input.unit,
      amount: input.amount,
    });
  }

  async monitorProfile(accountId: string): Promise<MonitorProfile | null> {
    const row = await this.#accounts.byId(accountId);
    if (!row) return null;
    const balances = await this.balances(accountId);
    return {
      id: row.id,
      credit: balances.find((b) => b.unit === DEFAULT_WALLET_UNIT)?.value ?? 0,
      debt: 0,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
    };
  }

  async blockchainAccount(
    accountId: string,
    chainName: string,
  ): Promise<{ chain_name: string; address: string }> {
    const chain = chainName.trim().toLowerCase();
    if (!isChain(chain)) throw chainUnknown();
    const secret = await this.#secrets.get('wallet_address_key');
    return { chain_name: chain, address: deriveAddress(secret, accountId, chain) };
  }
}
