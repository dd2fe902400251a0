import type { AppRoute } from '../../shared/routing/types.ts';

const main = { layout: 'main' } as const;

/** The events screens (spec §2); each page is its own chunk. */
export const routes: AppRoute[] = [
  {
    ...main,
    path: '/app/conferences',
    meta: { title: 'titles.conferences', requiresAuth: true },
    lazy: () => import('./EventsListPage.tsx').then((m) => ({ Component: m.EventsListPage })),
  },
  {
    ...main,
    path: '/app/conferences/add',
    meta: { title: 'titles.addConference', requiresAuth: true },
    lazy: () => import('./EventPages.tsx').then((m) => ({ Component: m.AddEventPage })),
  },
  {
    ...main,
    path: '/app/conferences/:id/edit',
    meta: { title: 'titles.editConference', requiresAuth: true },
    lazy: () => import('./EventPages.tsx').then((m) => ({ Component: m.EditEventPage })),
  },
  {
    ...main,
    path: '/app/conferences/:id',
    meta: { title: 'events.titles.detail', requiresAuth: true },
    lazy: () => import('./EventDetailPage.tsx').then((m) => ({ Component: m.EventDetailPage })),
  },
  {
    layout: 'root',
    path: '/review/qr-code',
    meta: { title: 'titles.qrReview', requiresAuth: false },
    lazy: () => import('./QrReviewPage.tsx').then((m) => ({ Component: m.QrReviewPage })),
  },
];
