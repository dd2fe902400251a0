import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { nprogress } from '@mantine/nprogress';
import { queryClient } from '../shared/api/index.ts';
import { i18n } from '../shared/i18n/index.ts';
import { onLoggedOut, wireSessionExpiry } from '../shared/session/logout.ts';
import { fullPath, loginPath, NAMED_PATHS } from '../shared/routing/paths.ts';
import { AppProviders } from './AppProviders.tsx';
import { buildRouteObjects } from './buildRoutes.tsx';
import { connectNavigationProgress } from './navigationProgress.ts';
import { routeTable } from './routeTable.ts';
import { loadGuardSession } from './session.ts';

export function createAppRouter() {
  return createBrowserRouter(
    buildRouteObjects(routeTable, { session: () => loadGuardSession(queryClient) }),
  );
}

/** Wires the router, session expiry and loading bar, then renders the app into `container`. */
export function startApp(container: HTMLElement) {
  const router = createAppRouter();
  wireSessionExpiry();
  onLoggedOut((reason) => {
    const here = router.state.location;
    // After an expired session, signing in again should come back to the same page.
    const target = reason === 'expired' ? loginPath(fullPath(here)) : NAMED_PATHS.login;
    void router.navigate(target, { replace: true });
  });
  connectNavigationProgress(router, nprogress);
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
