import type { AppRoute, FeatureRoutesModule, RouteName } from '../shared/routing/types.ts';
import { placeholderRoutes } from './placeholderRoutes.ts';
import { shellRoutes } from './shellRoutes.ts';

/**
 * Every `features/<name>/routes.tsx` exporting `routes: AppRoute[]` is collected here, so a
 * feature adds or takes over screens in its own file.
 */
const featureModules = import.meta.glob<FeatureRoutesModule>('../features/*/routes.tsx', {
  eager: true,
});

/** Real routes first; a placeholder stays only while no real route claims its path. */
export function collectRoutes(real: readonly AppRoute[], placeholders: readonly AppRoute[]) {
  const seen = new Set<string>();
  for (const route of real) {
    if (seen.has(route.path)) throw new Error(`Two routes claim ${route.path}`);
    seen.add(route.path);
  }
  return [...real, ...placeholders.filter((p) => !seen.has(p.path))];
}

export const featureRoutes: AppRoute[] = Object.keys(featureModules)
  .sort()
  .flatMap((path) => featureModules[path]?.routes ?? []);

/** The one routes table of spec §2: every path with its layout and meta { title, requiresAuth }. */
export const routeTable: AppRoute[] = collectRoutes(
  [...shellRoutes, ...featureRoutes],
  placeholderRoutes,
);

export function namedRoute(name: RouteName, table: readonly AppRoute[] = routeTable): AppRoute {
  const route = table.find((r) => r.meta.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}
