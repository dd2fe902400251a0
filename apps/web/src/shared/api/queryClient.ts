import { createQueryClient } from './createQueryClient.ts';

export { notifyManager, QueryObserver } from '@tanstack/react-query';
export { createQueryClient };

/**
 * The app's query client. This module (and with it TanStack Query's cache, client and retryer)
 * loads with the pages that use queries and once someone is signed in (appQueryClient.ts), not
 * with the join page (issue 11): import it from here, never through shared/api/index.ts, whose
 * chunk every page loads.
 */
export const queryClient = createQueryClient();
