import type { ComponentType } from 'react';
import type { Location } from 'react-router';
import { lazyModule, type LazyModule } from '../../shared/lazyModule.ts';
import type { LayoutName, RouteMeta } from '../../shared/routing/types.ts';

/** A route's component, loaded before a navigation shows it (appRouter.ts). */
export type RoutePart = LazyModule<{ Component: ComponentType }>;

export interface RouteCheck {
  location: Location;
  params: Readonly<Record<string, string | undefined>>;
}

/** What every route object carries in `handle` (read by the router and the page title). */
export interface RouteHandle {
  meta?: RouteMeta;
  layout?: LayoutName;
  part?: RoutePart;
  /** The guard of spec §2 and the route's redirect: the path to go to instead, or null. */
  check?: (visit: RouteCheck) => Promise<string | null>;
}

/** A code-split part: imported with its route's first visit (again after a failure). */
export const lazyPart = (load: () => Promise<{ Component: ComponentType }>): RoutePart =>
  lazyModule(load);

/** A part whose component is in the bundle already (ready after the router's first look). */
export const staticPart = (Component: ComponentType): RoutePart =>
  lazyModule(() => Promise.resolve({ Component }));
