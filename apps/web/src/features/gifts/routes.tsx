import type { AppRoute } from '../../shared/routing/types.ts';

export const routes: AppRoute[] = [
  {
    layout: 'root',
    path: '/gift',
    meta: { title: 'titles.gift', requiresAuth: false },
    lazy: () => import('./GiftPage.tsx').then((m) => ({ Component: m.GiftPage })),
  },
  {
    layout: 'root',
    path: '/gift/donation',
    meta: { title: 'titles.donation', requiresAuth: false },
    lazy: () => import('./DonationPage.tsx').then((m) => ({ Component: m.DonationPage })),
  },
];
