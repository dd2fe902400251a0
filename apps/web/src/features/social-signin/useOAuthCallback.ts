import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { OAuthProvider } from '@podium/protocol';
import { startSession } from '../../shared/session/account.ts';
import { afterAuthPath, withRedirect } from '../../shared/routing/paths.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { assertNever } from '../../shared/assertNever.ts';
import { socialApi } from './api.ts';
import { PENDING_KEY, completeSocialSignIn, parseCallback, type CompletedSignIn } from './flow.ts';
import { submitToLocalApp } from './localApp.ts';

export type CallbackView =
  { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'done'; message: string };

/**
 * A state works once; React's development double effects (and a re-render) must not send it
 * twice, so the request is shared per state for the life of the page.
 */
const inFlight = new Map<string, Promise<CompletedSignIn>>();

/** The /auth/google/callback page's work: finish the sign-in and go where it was meant to. */
export function useOAuthCallback(): CallbackView {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useMemo(() => parseCallback(location.search), [location.search]);
  const [view, setView] = useState<CallbackView>({ kind: 'working' });

  useEffect(() => {
    // A provider's refusal ends the hand-off as well.
    if (params.kind === 'error') window.sessionStorage.removeItem(PENDING_KEY);
    if (params.kind !== 'code') return;
    let request = inFlight.get(params.state);
    if (!request) {
      request = completeSocialSignIn(params, {
        api: socialApi(),
        storage: window.sessionStorage,
        origin: window.location.origin,
      });
      inFlight.set(params.state, request);
    }
    let cancelled = false;
    request.then(
      async ({ response, pending }) => {
        if (cancelled) return;
        const providerName = (p: OAuthProvider) => t(`socialSignIn.providers.${p}`);
        const mode = pending.mode;
        switch (mode.kind) {
          case 'signin': {
            const account = startSession(response, { queryClient });
            const search = mode.redirect ? withRedirect('', mode.redirect) : '';
            // A fresh load rather than a router navigation: signing in re-renders the layouts
            // around this page, which can unmount it before a router navigation lands.
            window.location.replace(afterAuthPath(account, { pathname: '', search }));
            return;
          }
          case 'link': {
            await queryClient.invalidateQueries({ queryKey: ['account'] });
            setView({
              kind: 'done',
              message: t('socialSignIn.callback.linked', {
                provider: providerName(pending.provider),
              }),
            });
            await navigate(mode.returnTo, { replace: true });
            return;
          }
          case 'local-app': {
            const delivered = await submitToLocalApp(mode.port, {
              provider: pending.provider,
              authorization: response.authorization,
              renewal_token: response.renewal_token,
              account_id: response.account.id,
            });
            setView(
              delivered
                ? { kind: 'done', message: t('socialSignIn.callback.handedToApp') }
                : {
                    kind: 'failed',
                    message: t('socialSignIn.localApp.submitFailed', { port: mode.port }),
                  },
            );
            return;
          }
          default:
            assertNever(mode);
        }
      },
      (error: unknown) => {
        if (!cancelled) setView({ kind: 'failed', message: translateApiError(error, i18n) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [params, navigate, queryClient, t, i18n]);

  if (params.kind === 'missing') {
    return { kind: 'failed', message: t('socialSignIn.callback.missing') };
  }
  if (params.kind === 'error') {
    return {
      kind: 'failed',
      message: t('socialSignIn.callback.denied', { reason: params.description ?? params.error }),
    };
  }
  return view;
}
