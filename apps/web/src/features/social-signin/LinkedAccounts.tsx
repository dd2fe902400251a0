import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@podium/protocol';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { socialApi } from './api.ts';
import { isConfigured, useProviders, useStartSocialSignIn } from './useSocialSignIn.ts';

export const LINKED_ACCOUNTS_QUERY_KEY = ['account', 'linked-accounts'] as const;

/** Linked accounts and their link / unlink actions; no rendering here. */
export function useLinkedAccounts(returnTo: string) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: LINKED_ACCOUNTS_QUERY_KEY,
    queryFn: () => socialApi().linkedAccounts(),
  });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const unlink = useMutation({
    mutationFn: (provider: OAuthProvider) => socialApi().unlink(provider),
    onSuccess: (data) => queryClient.setQueryData(LINKED_ACCOUNTS_QUERY_KEY, data),
  });
  const { start, starting, error: startError } = useStartSocialSignIn();

  return {
    query,
    starting,
    unlinking: unlink.isPending ? unlink.variables : null,
    message: startError ? { ok: false, text: startError } : message,
    link: (provider: OAuthProvider) => {
      setMessage(null);
      void start(provider, { kind: 'link', returnTo });
    },
    unlink: async (provider: OAuthProvider) => {
      setMessage(null);
      try {
        await unlink.mutateAsync(provider);
        const name = t(`socialSignIn.providers.${provider}`);
        setMessage({ ok: true, text: t('socialSignIn.linked.unlinked', { provider: name }) });
      } catch (error) {
        setMessage({ ok: false, text: translateApiError(error, i18n) });
      }
    },
  };
}

const ICONS: Record<OAuthProvider, typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  facebook: IconBrandFacebook,
};

/** Settings section "Linked accounts" (spec §1): Google and Facebook, linked or not. */
export function LinkedAccounts({ returnTo = '/app/settings' }: { returnTo?: string }) {
  const { t } = useTranslation();
  const providers = useProviders();
  const state = useLinkedAccounts(returnTo);
  const data = state.query.data;

  return (
    <Stack gap="sm" component="section" aria-labelledby="linked-accounts-title">
      <Title order={2} size="h4" id="linked-accounts-title">
        {t('socialSignIn.linked.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('socialSignIn.linked.intro')}
      </Text>
      {state.query.isPending ? (
        <Loader size="sm" aria-label={t('socialSignIn.linked.title')} />
      ) : null}
      {state.query.isError ? (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {t('socialSignIn.linked.loadFailed')}
        </Alert>
      ) : null}
      {data
        ? OAUTH_PROVIDERS.map((provider) => {
            const name = t(`socialSignIn.providers.${provider}`);
            const linked = data.linked_accounts.find((l) => l.provider === provider);
            const configured = isConfigured(providers.data, provider);
            const Icon = ICONS[provider];
            return (
              <Paper key={provider} withBorder p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <Icon size={22} aria-hidden />
                    <Stack gap={0}>
                      <Text fw={500}>{name}</Text>
                      <Text size="sm" c="dimmed">
                        {linked
                          ? linked.email
                            ? t('socialSignIn.linked.linkedAs', { email: linked.email })
                            : t('socialSignIn.linked.linkedNoEmail')
                          : configured === false
                            ? t('socialSignIn.notConfigured', { provider: name })
                            : t('socialSignIn.linked.notLinked')}
                      </Text>
                    </Stack>
                  </Group>
                  {linked ? (
                    <Button
                      variant="default"
                      size="xs"
                      loading={state.unlinking === provider}
                      onClick={() => void state.unlink(provider)}
                    >
                      {t('socialSignIn.linked.unlink', { provider: name })}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      loading={state.starting === provider}
                      disabled={configured === false}
                      onClick={() => state.link(provider)}
                    >
                      {t('socialSignIn.linked.link', { provider: name })}
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })
        : null}
      {state.message ? (
        <Alert
          role={state.message.ok ? 'status' : 'alert'}
          color={state.message.ok ? 'green' : 'red'}
          variant="light"
        >
          {state.message.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
