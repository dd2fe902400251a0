import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '../pageTitle.ts';

// Agents' incoming QR calls ring on every page, so the dialog sits above every layout.
const IncomingQrCalls = lazy(() =>
  import('../../features/qr-call/IncomingQrCalls.tsx').then((m) => ({
    default: m.IncomingQrCalls,
  })),
);

function usePageTitle() {
  const matches = useMatches();
  const { t } = useTranslation();
  const title = pageTitle(matches, (key) => t(key));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The top route: page title from route meta and scroll restoration, around every layout. */
export function AppFrame() {
  usePageTitle();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <Suspense fallback={null}>
        <IncomingQrCalls />
      </Suspense>
    </>
  );
}
