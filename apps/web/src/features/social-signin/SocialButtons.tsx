import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@podium/protocol';
import { isConfigured, useProviders, useStartSocialSignIn } from './useSocialSignIn.ts';

const ICONS: Record<OAuthProvider, typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  facebook: IconBrandFacebook,
};

/** "Sign in with Google / Facebook" under the login form. */
export function SocialButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const providers = useProviders();
  const { start, starting, error } = useStartSocialSignIn();

  return (
    <Stack gap="xs">
      <Divider label={t('socialSignIn.or')} labelPosition="center" />
      {OAUTH_PROVIDERS.map((provider) => {
        const name = t(`socialSignIn.providers.${provider}`);
        const configured = isConfigured(providers.data, provider);
        const Icon = ICONS[provider];
        return (
          <Stack key={provider} gap={2}>
            <Button
              variant="default"
              fullWidth
              leftSection={<Icon size={18} aria-hidden />}
              loading={starting === provider}
              disabled={configured === false || (starting !== null && starting !== provider)}
              onClick={() => void start(provider, { kind: 'signin', redirect })}
            >
              {t('socialSignIn.signInWith', { provider: name })}
            </Button>
            {configured === false ? (
              <Text size="xs" c="dimmed" ta="center">
                {t('socialSignIn.notConfigured', { provider: name })}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      {error ? (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
