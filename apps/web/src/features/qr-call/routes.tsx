import type { AppRoute } from '../../shared/routing/types.ts';

/** /c/:alias (the visitor; /call/:alias redirects here from the shell) and the owner's page. */
export const routes: AppRoute[] = [
  {
    layout: 'root',
    path: '/c/:alias',
    meta: { title: 'qrCall.pageTitle', requiresAuth: false },
    lazy: () => import('./VisitorCallPage.tsx').then((m) => ({ Component: m.VisitorCallPage })),
  },
  {
    layout: 'main',
    path: '/app/qr-calls',
    meta: { title: 'qrCall.managePageTitle', requiresAuth: true },
    lazy: () => import('./QrCallsPage.tsx').then((m) => ({ Component: m.QrCallsPage })),
  },
];
