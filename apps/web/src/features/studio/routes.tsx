import type { AppRoute } from '../../shared/routing/types.ts';

/**
 * The account's studio defaults (replaces the placeholder of the same path). Open without
 * signing in (spec §2's route table): a signed-out visitor is asked to sign in on the page.
 */
export const routes: AppRoute[] = [
  {
    layout: 'main',
    path: '/app/customize_conference',
    meta: { title: 'titles.customizeConference', requiresAuth: false },
    lazy: () => import('./CustomizePage.tsx').then((m) => ({ Component: m.CustomizePage })),
  },
];
