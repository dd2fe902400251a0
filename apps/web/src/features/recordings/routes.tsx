import type { AppRoute } from '../../shared/routing/types.ts';

/** The account's recordings (replaces the placeholder of the same path). */
export const routes: AppRoute[] = [
  {
    layout: 'main',
    path: '/app/recording',
    meta: { title: 'titles.recording', requiresAuth: true },
    lazy: () => import('./RecordingsPage.tsx').then((m) => ({ Component: m.RecordingsPage })),
  },
];
