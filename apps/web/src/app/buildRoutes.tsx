import type { RouteObject } from 'react-router';
import type { AppRoute, LayoutName } from '../shared/routing/types.ts';
import { appQueryClient } from '../shared/api/appQueryClient.ts';
import { loadFeatureStrings, loadMainStrings } from '../shared/i18n/index.ts';
import { guardRoute, type GuardSession } from './guards.ts';
import { AppFrame } from './layouts/AppFrame.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RoutePartView } from './router/RoutePartView.tsx';
import {
  lazyPart,
  staticPart,
  type RouteCheck,
  type RouteHandle,
  type RoutePart,
} from './router/routeHandle.ts';

export interface GuardDeps {
  session(): Promise<GuardSession>;
}

/** The guard (spec §2), then the route's own redirect: where the visit goes instead, or null. */
export function routeCheck(route: AppRoute, deps: GuardDeps) {
  return async ({ location, params }: RouteCheck): Promise<string | null> => {
    const target = guardRoute({
      meta: route.meta,
      layout: route.layout,
      location: { pathname: location.pathname, search: location.search },
      session: await deps.session(),
    });
    return target ?? route.redirect?.({ params, search: location.search }) ?? null;
  };
}

function routePart(route: AppRoute): RoutePart | undefined {
  const lazy = route.lazy;
  if (lazy) {
    // The page's module, the features' strings it shows and the query client its queries use
    // arrive together (shared/i18n/resources.ts, shared/api/appQueryClient.ts). A `shellStrings`
    // page shows with the shell's alone: the join page without either, the home page with what
    // the main layout loads.
    return lazyPart(
      route.meta.shellStrings
        ? lazy
        : () =>
            Promise.all([lazy(), loadFeatureStrings(), appQueryClient.load()]).then(
              ([page]) => page,
            ),
    );
  }
  return route.Component ? staticPart(route.Component) : undefined;
}

function routeObject(
  handle: RouteHandle,
  rest: { path?: string; id?: string; children?: RouteObject[] },
): RouteObject {
  const object: RouteObject = { ...rest, handle };
  if (handle.part) object.element = <RoutePartView part={handle.part} />;
  return object;
}

function toRouteObject(route: AppRoute, deps: GuardDeps): RouteObject {
  const handle: RouteHandle = {
    meta: route.meta,
    layout: route.layout,
    part: routePart(route),
    check: routeCheck(route, deps),
  };
  return routeObject(handle, { path: route.path, id: route.meta.name });
}

const notFound = routeObject(
  {
    meta: { title: 'titles.notFound', requiresAuth: false },
    layout: 'main',
    part: staticPart(NotFoundPage),
  },
  { path: '*' },
);

/**
 * The layouts with chrome load with their first page, in parallel with the page's own module,
 * so a full-screen page (the join page) does not download the header (issue 11). What they share
 * with the pages is in the chunk groups of vite.config.ts, so /app does not pay in fragments.
 */
const layoutParts: Record<LayoutName, RoutePart> = {
  root: staticPart(RootLayout),
  oauth: lazyPart(() =>
    import('./layouts/OAuthLayout.tsx').then((m) => ({ Component: m.OAuthLayout })),
  ),
  auth: lazyPart(() =>
    import('./layouts/AuthLayout.tsx').then((m) => ({ Component: m.AuthLayout })),
  ),
  // The header's strings (notifications, QR calls) and the home page's come with it, and the
  // query client of its account menu, its notification center and its pages.
  main: lazyPart(() =>
    Promise.all([
      import('./layouts/MainLayout.tsx'),
      loadMainStrings(),
      appQueryClient.load(),
    ]).then(([m]) => ({ Component: m.MainLayout })),
  ),
};

/** The router tree: one pathless route per layout (spec §2) holding its absolute paths. */
export function buildRouteObjects(table: readonly AppRoute[], deps: GuardDeps): RouteObject[] {
  const layout = (name: LayoutName, extra: RouteObject[] = []) =>
    routeObject(
      { part: layoutParts[name] },
      {
        id: `layout-${name}`,
        children: [
          ...table.filter((r) => r.layout === name).map((r) => toRouteObject(r, deps)),
          ...extra,
        ],
      },
    );
  return [
    {
      id: 'app',
      element: <AppFrame />,
      children: [layout('root'), layout('oauth'), layout('auth'), layout('main', [notFound])],
    },
  ];
}
