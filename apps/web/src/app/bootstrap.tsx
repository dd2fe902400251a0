import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { nprogress } from '@mantine/nprogress';
import { queryClient } from '../shared/api/index.ts';
import { installErrorReporter } from '../shared/errors/reporter.ts';
import { i18n } from '../shared/i18n/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { buildRouteObjects } from './buildRoutes.tsx';
import { connectSession } from './connectSession.ts';
import { connectAccountChannel } from '../shared/account-channel/index.ts';
import { connectNavigationProgress } from './navigationProgress.ts';
import { routeTable } from './routeTable.ts';
import { loadGuardSession } from './session.ts';

export function createAppRouter() {
  return createBrowserRouter(
    buildRouteObjects(routeTable, { session: () => loadGuardSession(queryClient) }),
  );
}

/** Wires error reports, the router, session expiry and loading bar; renders into `container`. */
export function startApp(container: HTMLElement) {
  installErrorReporter();
  const router = createAppRouter();
  connectSession(router);
  // One account socket per tab while signed in: notifications, ringing QR calls.
  connectAccountChannel();
  connectNavigationProgress(router, nprogress);
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
