import type { AppRoute } from '../shared/routing/types.ts';

/**
 * Routes of spec §2 whose screens later features build, shown as placeholders until then. A
 * feature that exports a route with the same path from `features/<name>/routes.tsx` replaces the
 * placeholder automatically. None is left: /draw is features/whiteboard.
 */
export const placeholderRoutes: AppRoute[] = [];
