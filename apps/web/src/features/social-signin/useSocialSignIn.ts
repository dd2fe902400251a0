import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '@podium/protocol';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { socialApi } from './api.ts';
import { startSocialSignIn, type PendingMode } from './flow.ts';

export const PROVIDERS_QUERY_KEY = ['oauth', 'providers'] as const;

/** Which providers the server has set up (GET /api/v1/auth/providers). */
export function useProviders() {
  return useQuery({
    queryKey: PROVIDERS_QUERY_KEY,
    queryFn: () => socialApi().providers(),
    staleTime: 5 * 60_000,
  });
}

export function isConfigured(
  data: ReturnType<typeof useProviders>['data'],
  provider: OAuthProvider,
): boolean | undefined {
  return data?.providers.find((p) => p.provider === provider)?.configured;
}

/** Starts a provider sign-in (or link) and leaves for the provider; keeps the error to show. */
export function useStartSocialSignIn() {
  const { i18n } = useTranslation();
  const [starting, setStarting] = useState<OAuthProvider | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(provider: OAuthProvider, mode: PendingMode) {
    setError(null);
    setStarting(provider);
    try {
      await startSocialSignIn(
        { provider, mode },
        {
          api: socialApi(),
          storage: window.sessionStorage,
          origin: window.location.origin,
          assign: (url) => window.location.assign(url),
        },
      );
      // The page is being left; keep the button busy until it is.
    } catch (cause) {
      setStarting(null);
      setError(translateApiError(cause, i18n));
    }
  }

  return { start, starting, error };
}
