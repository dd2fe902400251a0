import type { AppRoute } from '../../shared/routing/types.ts';

/**
 * The egress's recorder page (opened by the egress process's headless Chromium, see
 * packages/server/src/media/egress); its own chunk, loaded by no one else.
 */
export const routes: AppRoute[] = [
  {
    layout: 'root',
    path: '/egress/:roomId',
    meta: { title: 'room.pageTitle', requiresAuth: false },
    lazy: () => import('./RecorderPage.tsx').then((m) => ({ Component: m.RecorderPage })),
  },
];
