import type { AppRoute } from '../../shared/routing/types.ts';

/**
 * The account's recordings (replaces the placeholder of the same path). Open without signing in
 * (spec §2's route table): a signed-out visitor is asked to sign in on the page itself.
 */
export const routes: AppRoute[] = [
  {
    layout: 'main',
    path: '/app/recording',
    meta: { title: 'titles.recording', requiresAuth: false },
    lazy: () => import('./RecordingsPage.tsx').then((m) => ({ Component: m.RecordingsPage })),
  },
];
