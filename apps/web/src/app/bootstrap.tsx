import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory } from 'react-router';
import { nprogress } from '@mantine/nprogress';
import { appQueryClient } from '../shared/api/appQueryClient.ts';
import { installErrorReporter } from '../shared/errors/reporter.ts';
import { i18n, loadFeatureStrings } from '../shared/i18n/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { buildRouteObjects } from './buildRoutes.tsx';
import { AppRouter } from './router/appRouter.ts';
import { RouterView } from './router/RouterView.tsx';
import { connectSession } from './connectSession.ts';
import { connectAccountSocketWhenSignedIn } from './accountSocket.ts';
import { connectNavigationProgress } from './navigationProgress.ts';
import { routeTable } from './routeTable.ts';
import { startDomainDiscovery } from '../features/domain/discovery.ts';
import { loadGuardSession } from './session.ts';

export function createAppRouter() {
  return new AppRouter(
    UNSAFE_createBrowserHistory({ v5Compat: true }),
    buildRouteObjects(routeTable, { session: () => loadGuardSession(appQueryClient) }),
  );
}

/** Wires error reports, the router, session expiry and loading bar; renders into `container`. */
export function startApp(container: HTMLElement) {
  installErrorReporter();
  const router = createAppRouter();
  router.start();
  connectSession(router);
  // One account socket per tab while signed in: notifications, ringing QR calls.
  connectAccountSocketWhenSignedIn();
  connectNavigationProgress(router, nprogress);
  // Spec §4: an organization subdomain learns its environment from its parent's list.json.
  void startDomainDiscovery();
  createRoot(container).render(
    <StrictMode>
      <AppProviders i18n={i18n}>
        <RouterView router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // The pages that show only the shell's strings (join, home) get the others once they have
  // shown, for the dialogs and pages that follow (shared/i18n/resources.ts); the join page gets
  // the query client too, for the room it leads to (app/buildRoutes.tsx).
  setTimeout(() => {
    void loadFeatureStrings().catch(() => undefined);
    void appQueryClient.load().catch(() => undefined);
  }, 2000);
}
