import { createContext, use, useSyncExternalStore } from 'react';
import { renderMatches, Router } from 'react-router';
import { PageLoader } from '../../shared/ui/PageLoader.tsx';
import type { AppRouter, AppRouterState } from './appRouter.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

const RouterStateContext = createContext<AppRouterState | null>(null);

/** The router's state: what the page shows (its location, matches, a load error). */
export function useAppRouterState(): AppRouterState {
  const state = use(RouterStateContext);
  if (!state) throw new Error('useAppRouterState outside <RouterView>');
  return state;
}

/**
 * Shows the router's current location with React Router's declarative `<Router>`, so Link,
 * NavLink, useNavigate, useParams, useLocation and useSearchParams work as before; the page
 * loader stands in until the first location is ready (a data router's HydrateFallback).
 */
export function RouterView({ router }: { router: AppRouter }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  if (!state.ready) return <PageLoader />;
  return (
    <RouterStateContext value={state}>
      <Router location={state.location} navigationType={state.action} navigator={router.history}>
        <RouteErrorBoundary resetKey={state.location.key}>
          {renderMatches(state.matches)}
        </RouteErrorBoundary>
      </Router>
    </RouterStateContext>
  );
}
