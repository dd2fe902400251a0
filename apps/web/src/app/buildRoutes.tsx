import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import type { AppRoute, LayoutName, RouteMeta } from '../shared/routing/types.ts';
import { loadFeatureStrings } from '../shared/i18n/index.ts';
import { PageLoader } from '../shared/ui/PageLoader.tsx';
import { guardRoute, type GuardSession } from './guards.ts';
import { AppFrame } from './layouts/AppFrame.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { OAuthLayout } from './layouts/OAuthLayout.tsx';
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
          Component: OAuthLayout,
          ErrorBoundary: RouteError,
          children: children('oauth'),
        },
        {
          id: 'layout-auth',
          Component: AuthLayout,
          ErrorBoundary: RouteError,
          children: children('auth'),
        },
        {
          id: 'layout-main',
          Component: MainLayout,
          ErrorBoundary: RouteError,
          children: [...children('main'), notFound],
        },
      ],
    },
  ];
}
