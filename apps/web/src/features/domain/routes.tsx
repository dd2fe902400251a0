import type { AppRoute } from '../../shared/routing/types.ts';

/** Spec §2 auth layout: /domain (domain selection). */
export const routes: AppRoute[] = [
  {
    layout: 'auth',
    path: '/domain',
    meta: { title: 'domain.title', requiresAuth: false },
    lazy: () => import('./DomainPage.tsx').then((m) => ({ Component: m.DomainPage })),
  },
];
