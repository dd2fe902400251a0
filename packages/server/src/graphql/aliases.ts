import mercurius, { type MercuriusContext } from 'mercurius';
import type { z } from 'zod';
import {
  ErrorCode,
  aliasLookupRequest,
  createAliasRequest,
  listAliasesRequest,
  serverMessages,
  type AliasDto,
  type AliasListResponse,
} from '@podium/protocol';
import type { GraphQLContext, GraphQLModule } from './index.ts';
import { AppError, fieldErrors } from '../shared/errors.ts';
import type { AuthAccount } from '../services/auth-account.ts';

/**
 * GraphQL aliases (spec §7): the same service and validation as the REST endpoints; errors
 * carry the same message, and `extensions` the same code, key and field messages.
 */

function toGraphQLError(error: AppError): Error {
  return new mercurius.ErrorWithProps(error.message, {
    code: error.code,
    ...(error.key ? { key: error.key } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
  });
}

function signInAgain(): Error {
  return new mercurius.ErrorWithProps(serverMessages['errors.unauthorized'], {
    code: ErrorCode.Unauthorized,
    key: 'errors.unauthorized',
  });
}

/** GraphQL hands over explicit nulls; for optional, non-nullable fields they mean "absent". */
function dropNulls(value: unknown, keep: readonly string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([k, v]) => v !== null || keep.includes(k)),
  );
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  // The web's GraphQL client shows the first error's message, so make it the first field's.
  const first = Object.values(fields)[0] ?? serverMessages['errors.validation'];
  throw new mercurius.ErrorWithProps(first, {
    code: ErrorCode.Validation,
    key: 'errors.validation',
    fields,
  });
}

async function run<T>(
  mctx: MercuriusContext,
  work: (ctx: GraphQLContext, account: AuthAccount) => Promise<T>,
): Promise<T> {
  // registerGraphQL's context function builds a GraphQLContext; mercurius merges it in.
  const ctx = mctx as MercuriusContext & GraphQLContext;
  if (!ctx.account) throw signInAgain();
  try {
    return await work(ctx, ctx.account);
  } catch (error) {
    if (error instanceof AppError) throw toGraphQLError(error);
    throw error;
  }
}

export const aliasesModule: GraphQLModule = {
  typeDefs: `
    type AliasSpeaker { name: String!, email: String! }
    type AliasOwner { id: ID!, name: String! }
    type Alias {
      id: ID!
      type: String!
      name: String!
      title: String!
      description: String!
      require_passcode: Boolean!
      passcode: String
      start_time: String!
      end_time: String!
      duration: Int!
      mode: String!
      join_before_host: Boolean!
      invite_link: String!
      speaker_link: String!
      speakers: [AliasSpeaker!]!
      expired_at: String
      owner: AliasOwner!
      created_at: String!
      updated_at: String!
    }
    type AliasListMetadata { after: String, before: String, total_count: Int! }
    type AliasList { entries: [Alias!]!, metadata: AliasListMetadata! }
    input AliasListInput {
      type: String
      after: String
      before: String
      limit: Int
      search: String
    }
    input AliasInput { id: ID, name: String }
    input AliasSpeakerInput { name: String!, email: String! }
    input CreateAliasInput {
      type: String
      title: String!
      description: String
      passcode: String
      require_passcode: Boolean
      start_time: String!
      end_time: String
      duration: Int
      mode: String
      name: String
      speakers: [AliasSpeakerInput!]
      join_before_host: Boolean
      expired_at: String
      lang: String
    }
    extend type Query {
      aliases(input: AliasListInput): AliasList!
      alias(input: AliasInput!): Alias
    }
    extend type Mutation {
      create_alias(input: CreateAliasInput!): Alias!
    }
  `,
  resolvers: {
    Query: {
      aliases: (
        _root: unknown,
        args: { input?: Record<string, unknown> | null },
        mctx: MercuriusContext,
      ): Promise<AliasListResponse> =>
        run(mctx, (ctx, account) =>
          ctx.services.events.list(
            account,
            parse(listAliasesRequest, dropNulls(args.input ?? {}, ['after', 'before'])),
          ),
        ),
      alias: (
        _root: unknown,
        args: { input: Record<string, unknown> },
        mctx: MercuriusContext,
      ): Promise<AliasDto> =>
        run(mctx, (ctx, account) =>
          ctx.services.events.get(account, parse(aliasLookupRequest, dropNulls(args.input, []))),
        ),
    },
    Mutation: {
      create_alias: (
        _root: unknown,
        args: { input: Record<string, unknown> },
        mctx: MercuriusContext,
      ): Promise<AliasDto> =>
        run(mctx, (ctx, account) =>
          ctx.services.events.create(
            account,
            parse(
              createAliasRequest,
              dropNulls(args.input, ['description', 'passcode', 'end_time', 'expired_at']),
            ),
          ),
        ),
    },
  },
};
