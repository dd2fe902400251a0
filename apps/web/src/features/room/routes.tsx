import type { AppRoute } from '../../shared/routing/types.ts';
import { ROOM_ROUTE } from './paths.ts';

/** The live room, reached from the join page once admitted (see paths.ts). */
export const routes: AppRoute[] = [
  {
    layout: 'root',
    path: ROOM_ROUTE,
    meta: { title: 'room.pageTitle', requiresAuth: false },
    lazy: () => import('./ui/RoomRoute.tsx').then((m) => ({ Component: m.RoomRoute })),
  },
];
