import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { LOADING_BAR_PX, TOAST_MS } from '@podium/protocol';
import { colorSchemeManager, theme } from '../shared/theme/theme.ts';

const ModalsHost = lazy(() => import('./ModalsHost.tsx'));

export function AppProviders({
  children,
  queryClient,
  i18n,
  env,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  i18n: I18n;
  /** 'test' turns off Mantine transitions so tests see settled UI. */
  env?: 'default' | 'test';
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        env={env}
      >
        <QueryClientProvider client={queryClient}>
          <NavigationProgress size={LOADING_BAR_PX} />
          <Notifications position="top-center" autoClose={TOAST_MS} />
          <Suspense fallback={null}>
            <ModalsHost />
          </Suspense>
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
