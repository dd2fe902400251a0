import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadMainStrings } from '../../shared/i18n/index.ts';
import { pageTitle } from '../pageTitle.ts';
import { RouteError } from '../pages/RouteError.tsx';
import { useAppRouterState } from '../router/RouterView.tsx';
import { RouteErrorBoundary } from '../router/RouteErrorBoundary.tsx';
import { useScrollRestoration } from '../router/scrollRestoration.ts';

// Agents' incoming QR calls ring on every page, so the dialog sits above every layout; it shows
// the QR-call strings, which only the main layout loads otherwise (shared/i18n/resources.ts).
const IncomingQrCalls = lazy(() =>
  Promise.all([import('../../features/qr-call/IncomingQrCalls.tsx'), loadMainStrings()]).then(
    ([m]) => ({ default: m.IncomingQrCalls }),
  ),
);

function usePageTitle() {
  const { matches } = useAppRouterState();
  const { t } = useTranslation();
  const title = pageTitle(
    matches.map((m) => ({ handle: m.route.handle })),
    (key) => t(key),
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * The top route: page title from route meta and scroll restoration, around every layout; a page
 * or layout that failed to load or render shows RouteError in its place.
 */
export function AppFrame() {
  usePageTitle();
  useScrollRestoration();
  const { error, location } = useAppRouterState();
  return (
    <>
      {error ? (
        <RouteError />
      ) : (
        <RouteErrorBoundary resetKey={location.key}>
          <Outlet />
        </RouteErrorBoundary>
      )}
      <Suspense fallback={null}>
        <IncomingQrCalls />
      </Suspense>
    </>
  );
}
