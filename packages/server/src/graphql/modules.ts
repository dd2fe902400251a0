import type { GraphQLModule } from './index.ts';
import { aliasesModule } from './aliases.ts';
import { profileModule } from './profile.ts';
import { walletModule } from './wallet.ts';

/** Every GraphQL schema slice (mounted at /graphql/v1 by app.ts, beside the REST routes). */
export const graphqlModules: GraphQLModule[] = [
  profileModule,
  aliasesModule,
  walletModule,
  // Append new modules above; this comment keeps the list one per line for merges.
];
