import type { AppRoute } from '../../shared/routing/types.ts';

/** /live/:alias: the public watch page of an event's audience stream (no sign-in needed). */
export const routes: AppRoute[] = [
  {
    layout: 'root',
    path: '/live/:alias',
    meta: { title: 'live.page.title', requiresAuth: false },
    lazy: () => import('./WatchPage.tsx').then((m) => ({ Component: m.WatchPage })),
  },
];
