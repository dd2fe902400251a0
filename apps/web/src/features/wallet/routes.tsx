import type { AppRoute } from '../../shared/routing/types.ts';

export const routes: AppRoute[] = [
  {
    layout: 'main',
    path: '/app/wallet',
    meta: { title: 'titles.wallet', requiresAuth: true },
    lazy: () => import('./WalletPage.tsx').then((m) => ({ Component: m.WalletPage })),
  },
];
