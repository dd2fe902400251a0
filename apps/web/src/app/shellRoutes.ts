import type { AppRoute, RouteVisit } from '../shared/routing/types.ts';
import { isSignedIn } from '../shared/session/store.ts';
import { PageLoader } from '../shared/ui/PageLoader.tsx';
import { rootRedirect } from './guards.ts';

function redirectAlias(prefix: '/j' | '/c') {
  return ({ params, search }: RouteVisit) =>
    `${prefix}/${encodeURIComponent(params.alias ?? '')}${search}`;
}

const Nothing = () => null;

/** Routes the shell itself owns: the root redirect, alias redirects, loading and language. */
export const shellRoutes: AppRoute[] = [
  {
    layout: 'root',
    path: '/',
    meta: { requiresAuth: false },
    redirect: () => rootRedirect({ signedIn: isSignedIn() }),
    Component: Nothing,
  },
  {
    layout: 'root',
    path: '/join/:alias',
    meta: { requiresAuth: false },
    redirect: redirectAlias('/j'),
    Component: Nothing,
  },
  {
    layout: 'root',
    path: '/call/:alias',
    meta: { requiresAuth: false },
    redirect: redirectAlias('/c'),
    Component: Nothing,
  },
  {
    layout: 'root',
    path: '/loading',
    meta: { title: 'titles.loading', requiresAuth: false },
    Component: PageLoader,
  },
  {
    layout: 'main',
    path: '/app/language',
    meta: { title: 'titles.language', requiresAuth: false },
    lazy: () => import('./pages/LanguagePage.tsx').then((m) => ({ Component: m.LanguagePage })),
  },
];
