import type { AppRoute } from '../../shared/routing/types.ts';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';

export const routes: AppRoute[] = [
  {
    layout: 'main',
    path: NAMED_PATHS.main,
    meta: { title: 'titles.home', requiresAuth: false, name: 'main', shellStrings: true },
    lazy: () => import('./HomePage.tsx').then((m) => ({ Component: m.HomePage })),
  },
];
