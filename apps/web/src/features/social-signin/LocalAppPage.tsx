import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '@podium/protocol';
import { localAppPort, pingLocalApp } from './localApp.ts';
import { isConfigured, useProviders, useStartSocialSignIn } from './useSocialSignIn.ts';

type AppState = 'checking' | 'ready' | 'unreachable';

/** Whether the local app answers on the port, with a way to ask again. */
function useLocalApp(port: number | null, provider: OAuthProvider) {
  const [state, setState] = useState<AppState>('checking');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (port === null) return;
    let live = true;
    void pingLocalApp(port, provider).then((ok) => {
      if (live) setState(ok ? 'ready' : 'unreachable');
    });
    return () => {
      live = false;
    };
  }, [port, provider, attempt]);
  const check = () => {
    setState('checking');
    setAttempt((n) => n + 1);
  };
  return { state, check };
}

/** /oauth/gg and /oauth/fb (spec §2): sign the Podium app on this computer in with a provider. */
export function LocalAppPage({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation();
  const location = useLocation();
  const port = localAppPort(location.search);
  const { state, check } = useLocalApp(port, provider);
  const providers = useProviders();
  const { start, starting, error } = useStartSocialSignIn();
  const name = t(`socialSignIn.providers.${provider}`);
  const configured = isConfigured(providers.data, provider);
  const Icon = provider === 'google' ? IconBrandGoogle : IconBrandFacebook;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('socialSignIn.localApp.title', { provider: name })}
      </Title>
      <Text c="dimmed">{t('socialSignIn.localApp.intro', { provider: name })}</Text>
      {port === null ? (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {t('socialSignIn.localApp.badPort')}
        </Alert>
      ) : state === 'checking' ? (
        <Text role="status">{t('socialSignIn.localApp.checking', { port })}</Text>
      ) : state === 'unreachable' ? (
        <>
          <Alert role="alert" color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {t('socialSignIn.localApp.unreachable', { port })}
          </Alert>
          <Button variant="default" onClick={check}>
            {t('socialSignIn.localApp.retry')}
          </Button>
        </>
      ) : (
        <>
          <Text role="status">{t('socialSignIn.localApp.ready', { port })}</Text>
          <Button
            leftSection={<Icon size={18} aria-hidden />}
            loading={starting === provider}
            disabled={configured === false}
            onClick={() => void start(provider, { kind: 'local-app', port })}
          >
            {t('socialSignIn.signInWith', { provider: name })}
          </Button>
          {configured === false ? (
            <Text size="sm" c="dimmed">
              {t('socialSignIn.notConfigured', { provider: name })}
            </Text>
          ) : null}
        </>
      )}
      {error ? (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

export function GoogleLocalAppPage() {
  return <LocalAppPage provider="google" />;
}

export function FacebookLocalAppPage() {
  return <LocalAppPage provider="facebook" />;
}
