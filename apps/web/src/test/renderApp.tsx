import './dom.ts';
import { configure, render } from '@testing-library/react';
import { UNSAFE_createMemoryHistory } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '@podium/protocol';
import { AppProviders } from '../app/AppProviders.tsx';
import { buildRouteObjects } from '../app/buildRoutes.tsx';
import { AppRouter } from '../app/router/appRouter.ts';
import { RouterView } from '../app/router/RouterView.tsx';
import { routeTable } from '../app/routeTable.ts';
import { loadGuardSession } from '../app/session.ts';
import { connectSession } from '../app/connectSession.ts';
import { createI18n } from '../shared/i18n/index.ts';
import { queryClient as appQueryClient } from '../shared/api/queryClient.ts';

// Pages are lazy chunks; the first import of one is transformed on demand and can be slow.
configure({ asyncUtilTimeout: 8000 });

/** Renders the real route tree in a memory router with the app's providers. */
export function renderApp(
  path: string,
  options: { language?: Language; queryClient?: QueryClient } = {},
) {
  const queryClient = options.queryClient ?? appQueryClient;
  const i18n = createI18n(options.language ?? 'en');
  const router = new AppRouter(
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
    buildRouteObjects(routeTable, {
      session: () =>
        loadGuardSession({ load: () => Promise.resolve(queryClient), current: () => queryClient }),
    }),
  );
  const stop = router.start();
  const disconnect = connectSession(router);
  const view = render(
    <AppProviders queryClient={queryClient} i18n={i18n} env="test">
      <RouterView router={router} />
    </AppProviders>,
  );
  const unmount = () => {
    disconnect();
    stop();
    view.unmount();
  };
  return { router, i18n, queryClient, ...view, unmount };
}
