import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';
import { useOAuthCallback } from './useOAuthCallback.ts';

/** /auth/google/callback (spec §2): where Google and Facebook send the browser back. */
export function CallbackPage() {
  const { t } = useTranslation();
  const view = useOAuthCallback();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {view.kind === 'failed'
          ? t('socialSignIn.callback.failed')
          : t('socialSignIn.callback.title')}
      </Title>
      {view.kind === 'working' ? (
        <Stack align="center" gap="xs" role="status">
          <Loader aria-hidden />
          <Text>{t('socialSignIn.callback.working')}</Text>
        </Stack>
      ) : null}
      {view.kind === 'failed' ? (
        <>
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {view.message}
          </Alert>
          <Anchor component={Link} to={NAMED_PATHS.login}>
            {t('socialSignIn.callback.backToSignIn')}
          </Anchor>
        </>
      ) : null}
      {view.kind === 'done' ? (
        <Alert role="status" color="green" variant="light" icon={<IconCircleCheck aria-hidden />}>
          {view.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
