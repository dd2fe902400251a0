import type { AppRoute } from '../../shared/routing/types.ts';
import { ENDED_ROUTE } from '../room/paths.ts';

/** The end-call page; the room sends people here with ?reason= (see room/paths.ts). */
export const routes: AppRoute[] = [
  {
    layout: 'root',
    path: ENDED_ROUTE,
    meta: { title: 'endcall.pageTitle', requiresAuth: false },
    lazy: () => import('./EndCallPage.tsx').then((m) => ({ Component: m.EndCallPage })),
  },
];
