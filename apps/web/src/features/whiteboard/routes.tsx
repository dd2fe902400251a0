import type { AppRoute } from '../../shared/routing/types.ts';

/** /draw (spec §2): the personal board, open to guests (saved locally) and signed-in people. */
export const routes: AppRoute[] = [
  {
    layout: 'root',
    path: '/draw',
    meta: { title: 'titles.draw', requiresAuth: false },
    lazy: () => import('./DrawPage.tsx').then((m) => ({ Component: m.DrawPage })),
  },
];
