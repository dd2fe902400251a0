import { createElement } from 'react';
import type { RoutePart } from './routeHandle.ts';

/**
 * A route's component; the router shows a route only once its part has loaded (appRouter.ts).
 * The component is the module's, the same on every render (not one made during render).
 */
export function RoutePartView({ part }: { part: RoutePart }) {
  const loaded = part.current();
  if (!loaded) throw new Error('A route was shown before its module loaded');
  return createElement(loaded.Component);
}
