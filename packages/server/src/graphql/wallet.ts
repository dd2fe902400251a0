import mercurius, { type MercuriusContext } from 'mercurius';
import { ErrorCode, serverMessages, type WalletBalance } from '@podium/protocol';
import type { GraphQLContext, GraphQLModule } from './index.ts';
import { AppError } from '../shared/errors.ts';
import type { AuthAccount } from '../services/auth-account.ts';
import type { MonitorProfile } from '../services/wallet/index.ts';

/** Spec §7: the wallet balance query carries its token in this header, not in Authorization. */
export const WALLET_TOKEN_HEADER = 'authorization-quickom';

function signInAgain(): Error {
  return new mercurius.ErrorWithProps(serverMessages['errors.unauthorized'], {
    code: ErrorCode.Unauthorized,
    key: 'errors.unauthorized',
  });
}

function toGraphQLError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new mercurius.ErrorWithProps(error.message, {
    code: error.code,
    ...(error.key ? { key: error.key } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
  });
}

async function signedIn<T>(
  mctx: MercuriusContext,
  work: (ctx: GraphQLContext, account: AuthAccount) => Promise<T>,
): Promise<T> {
  // registerGraphQL's context function builds a GraphQLContext; mercurius merges it in.
  const ctx = mctx as MercuriusContext & GraphQLContext;
  if (!ctx.account) throw signInAgain();
  try {
    return await work(ctx, ctx.account);
  } catch (error) {
    throw toGraphQLError(error);
  }
}

/** The account of the Authorization-Quickom header (`Bearer <token>` or the bare token). */
async function walletAccount(ctx: GraphQLContext): Promise<AuthAccount | null> {
  const header = ctx.request.headers[WALLET_TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const token = /^(?:Bearer\s+)?(\S+)$/i.exec(value.trim())?.[1];
  return token ? ctx.services.tokens.authenticate(token) : null;
}

/**
 * Spec §3/§7: `wallet_balance` (token in Authorization-Quickom), `monitor_profile` and
 * `blockchain_account(chain_name)` (token in Authorization). Amounts are integers in minor
 * units; GraphQL's Int is 32-bit, so they travel as Float (exact below 2^53, far above the
 * largest balance).
 */
export const walletModule: GraphQLModule = {
  typeDefs: `
    type WalletBalance { unit: String!, value: Float! }
    type MonitorProfile {
      id: ID!
      credit: Float!
      debt: Float!
      email: String
      first_name: String
      last_name: String
    }
    type BlockchainAccount { chain_name: String!, address: String! }
    extend type Query {
      wallet_balance: [WalletBalance!]!
      monitor_profile: MonitorProfile
      blockchain_account(chain_name: String!): BlockchainAccount!
    }
  `,
  resolvers: {
    Query: {
      wallet_balance: async (
        _root: unknown,
        _args: unknown,
        mctx: MercuriusContext,
      ): Promise<WalletBalance[]> => {
        const ctx = mctx as MercuriusContext & GraphQLContext;
        const account = await walletAccount(ctx);
        if (!account) throw signInAgain();
        return ctx.services.wallet.balances(account.id);
      },
      monitor_profile: (
        _root: unknown,
        _args: unknown,
        mctx: MercuriusContext,
      ): Promise<MonitorProfile> =>
        signedIn(mctx, async (ctx, account) => {
          const profile = await ctx.services.wallet.monitorProfile(account.id);
          if (!profile) throw signInAgain();
          return profile;
        }),
      blockchain_account: (
        _root: unknown,
        args: { chain_name: string },
        mctx: MercuriusContext,
      ): Promise<{ chain_name: string; address: string }> =>
        signedIn(mctx, (ctx, account) =>
          ctx.services.wallet.blockchainAccount(account.id, args.chain_name),
        ),
    },
  },
};
