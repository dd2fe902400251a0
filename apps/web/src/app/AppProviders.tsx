import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { LOADING_BAR_PX } from '@podium/protocol';
import { colorSchemeManager, theme } from '../shared/theme/theme.ts';
import { cssVariablesResolver } from '../shared/theme/cssVariables.ts';
import { appQueryClient, queryRuntime } from '../shared/api/appQueryClient.ts';
import { DeferredModals } from './DeferredModals.tsx';

const Toasts = lazy(() => import('./Toasts.tsx'));

/**
 * Mounts the toasts' container once there is a toast: most visits show none, so its code (the
 * container, its transitions) stays out of the first load (issue 11). `notifications.show()`
 * only writes the store; the container shows what the store holds when it mounts.
 */
function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** The top loading bar of spec §2; a progressbar needs a name (axe aria-progressbar-name). */
function LoadingBar() {
  const { t } = useTranslation();
  return <NavigationProgress size={LOADING_BAR_PX} aria-label={t('titles.loading')} />;
}

/**
 * Mantine with the theme and, in the current language, the names Mantine leaves empty: the ×
 * of every modal and drawer is otherwise an unnamed button, and the password fields' eye
 * button is named in English only.
 */
function ThemedMantine({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const { t } = useTranslation();
  const close = t('shell.close');
  const togglePassword = t('shell.togglePassword');
  const localized = useMemo(() => {
    const closeButtonProps = { 'aria-label': close };
    return mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
        // A link inside a sentence must not be told apart by colour alone (WCAG 1.4.1).
        Anchor: { defaultProps: { underline: 'always' } },
        // Mantine names the eye button "Toggle password visibility" in every language.
        PasswordInput: {
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': togglePassword } },
        },
      },
    });
  }, [close, togglePassword]);
  return (
    <MantineProvider
      theme={localized}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}

/**
 * TanStack Query's context with `given` (tests) or the app's client once it has loaded
 * (shared/api/appQueryClient.ts: the join page shows without it, issue 11); as
 * QueryClientProvider, it mounts the client (refetch when back online) while shown. The routes
 * whose pages use queries load the client before they show (app/buildRoutes.tsx).
 */
function QueryClientWhenLoaded({ given, children }: { given?: QueryClient; children: ReactNode }) {
  const loaded = useSyncExternalStore(
    queryRuntime.subscribe,
    appQueryClient.current,
    appQueryClient.current,
  );
  const client = given ?? loaded ?? undefined;
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

export function AppProviders({
  children,
  queryClient,
  i18n,
  env,
}: {
  children: ReactNode;
  /** Tests give theirs; the app's loads with the pages that use it. */
  queryClient?: QueryClient;
  i18n: I18n;
  /** 'test' turns off Mantine transitions so tests see settled UI. */
  env?: 'default' | 'test';
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedMantine env={env}>
        <QueryClientWhenLoaded given={queryClient}>
          <LoadingBar />
          <ToastsWhenNeeded />
          <DeferredModals />
          {children}
        </QueryClientWhenLoaded>
      </ThemedMantine>
    </I18nextProvider>
  );
}
