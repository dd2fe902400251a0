import type { ComponentType } from 'react';

/** The four layouts of spec §2. */
export type LayoutName = 'root' | 'oauth' | 'auth' | 'main';

/** Named routes of spec §2. */
export type RouteName = 'login' | 'main' | 'verify_code';

export interface RouteMeta {
  /** i18n key of the page title; without one the title is the product name. */
  title?: string;
  /** Spec §2 "Login required". */
  requiresAuth: boolean;
  /** Pages for signed-out people (sign in, sign up): a signed-in, verified account moves on. */
  guestOnly?: boolean;
  name?: RouteName;
  /**
   * The page shows only the shell's strings (shared/i18n/resources.ts), so its first load
   * skips the other features' strings (issue 11); without it they load with the page.
   */
  shellStrings?: boolean;
}

export interface AppRoute {
  /** Absolute path, e.g. `/app/conferences/:id/edit`. */
  path: string;
  layout: LayoutName;
  meta: RouteMeta;
  /** Code-split page: `() => import('./Page.tsx').then((m) => ({ Component: m.Page }))`. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  Component?: ComponentType;
  /** Sends the visit elsewhere once the guard let it through (the shell's alias redirects). */
  redirect?: (visit: RouteVisit) => string;
  /** Placeholder entries give way to a feature route with the same path. */
  placeholder?: boolean;
}

/** The place a route was visited at: the path's parameters and the query string. */
export interface RouteVisit {
  params: Readonly<Record<string, string | undefined>>;
  search: string;
}

/** The route modules features export from `features/<name>/routes.tsx`. */
export interface FeatureRoutesModule {
  routes: AppRoute[];
}
