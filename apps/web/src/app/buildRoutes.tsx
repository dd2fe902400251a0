import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import type { AppRoute, LayoutName, RouteMeta } from '../shared/routing/types.ts';
import { loadFeatureStrings } from '../shared/i18n/index.ts';
import { PageLoader } from '../shared/ui/PageLoader.tsx';
import { guardRoute, type GuardSession } from './guards.ts';
import { AppFrame } from './layouts/AppFrame.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteError } from './pages/RouteError.tsx';

/** What every matched route carries in `handle` (read by the page title). */
export interface RouteHandle {
  meta: RouteMeta;
  layout: LayoutName;
}

export interface GuardDeps {
  session(): Promise<GuardSession>;
}

/** Runs the guard before the page's own loader; a redirect is thrown as React Router expects. */
export function guardLoader(route: AppRoute, deps: GuardDeps): LoaderFunction {
  return async (args) => {
    const url = new URL(args.request.url);
    const target = guardRoute({
      meta: route.meta,
      layout: route.layout,
      location: { pathname: url.pathname, search: url.search },
      session: await deps.session(),
    });
    if (target) throw redirect(target);
    return route.loader ? route.loader(args) : null;
  };
}

function toRouteObject(route: AppRoute, deps: GuardDeps): RouteObject {
  const handle: RouteHandle = { meta: route.meta, layout: route.layout };
  const object: RouteObject = { path: route.path, handle, loader: guardLoader(route, deps) };
  if (route.meta.name) object.id = route.meta.name;
  const lazy = route.lazy;
  if (lazy) {
    // The page's module and the features' strings it shows arrive together (shared/i18n/resources.ts).
    object.lazy = route.meta.shellStrings
      ? lazy
      : () => Promise.all([lazy(), loadFeatureStrings()]).then(([page]) => page);
  }
  if (route.Component) object.Component = route.Component;
  return object;
}

const notFound: RouteObject = {
  path: '*',
  Component: NotFoundPage,
  handle: { meta: { title: 'titles.notFound', requiresAuth: false }, layout: 'main' },
};

/**
 * The layouts with chrome load with their first page, in parallel with the page's own module,
 * so a full-screen page (the join page) does not download the header (issue 11). What they share
 * with the pages is in the chunk groups of vite.config.ts, so /app does not pay in fragments.
 */
const lazyMainLayout = () =>
  import('./layouts/MainLayout.tsx').then((m) => ({ Component: m.MainLayout }));
const lazyAuthLayout = () =>
  import('./layouts/AuthLayout.tsx').then((m) => ({ Component: m.AuthLayout }));
const lazyOAuthLayout = () =>
  import('./layouts/OAuthLayout.tsx').then((m) => ({ Component: m.OAuthLayout }));

/** The router tree: one pathless route per layout (spec §2) holding its absolute paths. */
export function buildRouteObjects(table: readonly AppRoute[], deps: GuardDeps): RouteObject[] {
  const children = (layout: LayoutName) =>
    table.filter((r) => r.layout === layout).map((r) => toRouteObject(r, deps));
  return [
    {
      id: 'app',
      Component: AppFrame,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoader,
      children: [
        {
          id: 'layout-root',
          Component: RootLayout,
          ErrorBoundary: RouteError,
          children: children('root'),
        },
        {
          id: 'layout-oauth',
          lazy: lazyOAuthLayout,
          ErrorBoundary: RouteError,
          children: children('oauth'),
        },
        {
          id: 'layout-auth',
          lazy: lazyAuthLayout,
          ErrorBoundary: RouteError,
          children: children('auth'),
        },
        {
          id: 'layout-main',
          lazy: lazyMainLayout,
          ErrorBoundary: RouteError,
          children: [...children('main'), notFound],
        },
      ],
    },
  ];
}
