import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius, { type IResolvers } from 'mercurius';
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
  await app.register(mercurius, {
    schema: [base, ...modules.map((m) => m.typeDefs)].join('\n'),
    resolvers,
    path: apiPaths.graphql.v1,
    graphiql: false,
    context: async (request): Promise<GraphQLContext> => {
      const token = bearerToken(request);
      const account = token ? await services.tokens.authenticate(token) : null;
      return { services, request, account };
    },
  });
}
