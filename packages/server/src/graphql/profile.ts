import mercurius, { type MercuriusContext } from 'mercurius';
import { ErrorCode, serverMessages } from '@podium/protocol';
import type { GraphQLContext, GraphQLModule } from './index.ts';
import type { ProfileDto } from '../services/accounts/index.ts';

function signInAgain(): Error {
  return new mercurius.ErrorWithProps(serverMessages['errors.unauthorized'], {
    code: ErrorCode.Unauthorized,
    key: 'errors.unauthorized',
  });
}

/** The signed-in person's profile (spec §3 "Profile", the main query). */
export const profileModule: GraphQLModule = {
  typeDefs: `
    type Profile {
      id: ID!
      avatar: String
      email: String
      first_name: String
      last_name: String
      role: String!
      membership_id: String
    }
    extend type Query {
      profile: Profile
    }
  `,
  resolvers: {
    Query: {
      profile: async (
        _root: unknown,
        _args: unknown,
        mctx: MercuriusContext,
      ): Promise<ProfileDto> => {
        // registerGraphQL's context function builds a GraphQLContext; mercurius merges it in.
        const ctx = mctx as MercuriusContext & GraphQLContext;
        if (!ctx.account) throw signInAgain();
        const profile = await ctx.services.accounts.profile(ctx.account.id);
        if (!profile) throw signInAgain();
        return profile;
      },
    },
  },
};
