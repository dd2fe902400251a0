import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius, { type IResolvers } from 'mercurius';
import { GraphQLError } from 'graphql';
import {
  GRAPHQL_LIMITS,
  checkTokenCount,
  graphqlValidationRules,
  operationCost,
  queryTooComplex,
} from './limits.ts';
import { GraphQLRateLimit } from './rate-limit.ts';
import type { Services } from '../services/index.ts';
import type { AuthAccount } from '../services/auth-account.ts';
import { bearerToken } from '../shared/bearer-token.ts';
import { apiPaths } from '@podium/protocol';

/** Per-request GraphQL context. */
export interface GraphQLContext {
  services: Services;
  request: FastifyRequest;
  /** The account of the Authorization header, when valid. */
  account: AuthAccount | null;
}

/** A slice of the schema owned by one domain. */
export interface GraphQLModule {
  typeDefs: string;
  resolvers: IResolvers;
}

const base = `
  type Query { _health: String! }
  type Mutation { _noop: Boolean }
`;

export async function registerGraphQL(
  app: FastifyInstance,
  services: Services,
  modules: GraphQLModule[],
): Promise<void> {
  const resolvers: IResolvers = {
    Query: { _health: () => 'ok' },
    Mutation: { _noop: () => null },
  };
  for (const module of modules) {
    for (const [type, fields] of Object.entries(module.resolvers)) {
      resolvers[type] = { ...(resolvers[type] as object), ...(fields as object) } as never;
    }
  }
  const { graphql } = services.config;
  const limiter = new GraphQLRateLimit({
    perAddressPerMinute: graphql.ratePerMinuteAddress,
    perAccountPerMinute: graphql.ratePerMinuteAccount,
    counters: services.cluster.counters,
  });
  // The account of the Authorization header, looked up once per request: the account limit
  // needs it before mercurius runs, and the resolvers' context reuses it.
  const accounts = new WeakMap<FastifyRequest, AuthAccount | null>();

  // In its own scope, so these hooks guard only the GraphQL routes.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      await limiter.address(request, reply);
      const token = bearerToken(request);
      const account = token ? await services.tokens.authenticate(token) : null;
      accounts.set(request, account);
      await limiter.account(account?.id ?? null, reply);
    });

    await scope.register(mercurius, {
      schema: [base, ...modules.map((m) => m.typeDefs)].join('\n'),
      resolvers,
      path: apiPaths.graphql.v1,
      graphiql: false,
      // SECURITY: the cost limits of limits.ts, all before any resolver runs (issue 10).
      graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens } },
      validationRules: graphqlValidationRules({ introspection: graphql.introspection }),
      context: async (request): Promise<GraphQLContext> => {
        let account = accounts.get(request);
        if (account === undefined) {
          const token = bearerToken(request);
          account = token ? await services.tokens.authenticate(token) : null;
        }
        return { services, request, account };
      },
    });

    scope.graphql.addHook('preParsing', async (_schema, source) => {
      try {
        checkTokenCount(source);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        throw new mercurius.ErrorWithProps(error.message, error.extensions, 400);
      }
    });

    // The cost depends on the variables (a list's `limit`), so it is weighed per request, after
    // validation and before execution.
    scope.graphql.addHook('preExecution', async (schema, document, _context, variables) => {
      const cost = operationCost(schema, document, variables);
      if (cost > GRAPHQL_LIMITS.maxCost) {
        const error = queryTooComplex(`cost ${cost} over the limit of ${GRAPHQL_LIMITS.maxCost}`);
        throw new mercurius.ErrorWithProps(error.message, error.extensions, 400);
      }
    });
  });
}
