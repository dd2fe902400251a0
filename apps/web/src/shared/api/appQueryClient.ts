import type { QueryClient } from '@tanstack/react-query';
import type * as QueryClientModule from './queryClient.ts';
import { lazyModule } from '../lazyModule.ts';

/** TanStack Query's runtime with the app's client (queryClient.ts). */
export type QueryRuntime = typeof QueryClientModule;

/**
 * The query runtime, loaded with the pages that use queries (app/buildRoutes.tsx), by the guard
 * once someone is signed in (app/session.ts) and by `useQueryData` when its query is enabled;
 * the join page shows without it (issue 11).
 */
export const queryRuntime = lazyModule<QueryRuntime>(() => import('./queryClient.ts'));

/** The app's query client: loaded on demand, or null before. */
export interface QueryClientSource {
  load(): Promise<QueryClient>;
  current(): QueryClient | null;
}

export const appQueryClient: QueryClientSource = {
  load: () => queryRuntime.load().then((m) => m.queryClient),
  current: () => queryRuntime.current()?.queryClient ?? null,
};
