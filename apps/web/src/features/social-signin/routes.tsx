import { OAUTH_CALLBACK_PATH } from '@podium/protocol';
import type { AppRoute } from '../../shared/routing/types.ts';

const oauth = { layout: 'oauth' } as const;

/** The OAuth layout's screens (spec §2). */
export const routes: AppRoute[] = [
  {
    ...oauth,
    path: OAUTH_CALLBACK_PATH,
    meta: { title: 'socialSignIn.callback.title', requiresAuth: false },
    lazy: () => import('./CallbackPage.tsx').then((m) => ({ Component: m.CallbackPage })),
  },
  {
    ...oauth,
    path: '/oauth/gg',
    meta: { title: 'titles.googleSignIn', requiresAuth: false },
    lazy: () => import('./LocalAppPage.tsx').then((m) => ({ Component: m.GoogleLocalAppPage })),
  },
  {
    ...oauth,
    path: '/oauth/fb',
    meta: { title: 'titles.facebookSignIn', requiresAuth: false },
    lazy: () => import('./LocalAppPage.tsx').then((m) => ({ Component: m.FacebookLocalAppPage })),
  },
];
