import type { AppRoute } from '../../shared/routing/types.ts';

/** /j/:alias (spec §2); /join/:alias redirects here from the shell. */
export const routes: AppRoute[] = [
  {
    layout: 'root',
    path: '/j/:alias',
    meta: { title: 'titles.joinEvent', requiresAuth: false, shellStrings: true },
    lazy: () => import('./JoinRoute.tsx').then((m) => ({ Component: m.JoinRoute })),
  },
];
