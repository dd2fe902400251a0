import { placeholderPage } from '../shared/ui/Placeholder.tsx';
import type { AppRoute, LayoutName } from '../shared/routing/types.ts';

function placeholder(
  layout: LayoutName,
  path: string,
  title: string,
  message: string,
  requiresAuth = false,
): AppRoute {
  return {
    layout,
    path,
    meta: { title: `titles.${title}`, requiresAuth },
    Component: placeholderPage(`titles.${title}`, `placeholders.${message}`),
    placeholder: true,
  };
}

/**
 * Routes of spec §2 whose screens later features build. A feature that exports a route with
 * the same path from `features/<name>/routes.tsx` replaces the placeholder automatically.
 */
export const placeholderRoutes: AppRoute[] = [placeholder('root', '/draw', 'draw', 'draw')];
