import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS, type StudioState } from '@podium/protocol';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { loginPath } from '../../shared/routing/paths.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { fetchStudioDefaults, saveStudioDefaults, studioKeys } from './api.ts';
import { StudioEditor } from './StudioEditor.tsx';
import { StudioPreview } from './StudioPreview.tsx';

function Defaults() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: studioKeys.defaults, queryFn: fetchStudioDefaults });
  const save = useMutation({
    mutationFn: saveStudioDefaults,
    onSuccess: (studio) => client.setQueryData(studioKeys.defaults, studio),
  });
  if (query.isPending) return <Loader aria-label={t('shell.loading')} />;
  if (query.isError) {
    return (
      <Text c="red" role="alert">
        {t('studio.page.loadFailed')}
      </Text>
    );
  }
  const onSave = async (next: StudioState): Promise<boolean> => {
    try {
      await save.mutateAsync(next);
      notifications.show({ message: t('studio.saved'), color: 'teal', autoClose: TOAST_MS });
      return true;
    } catch (error) {
      notifications.show({
        title: t('studio.saveFailed'),
        message: translateApiError(error, i18n),
        color: 'red',
        autoClose: TOAST_MS,
      });
      return false;
    }
  };
  return (
    <Stack gap="md">
      <StudioEditor studio={query.data} onSave={onSave} />
      <StudioPreview studio={query.data} />
    </Stack>
  );
}

/** /app/customize_conference: the account's studio defaults, applied to its new events. */
export function CustomizePage() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.signedIn);
  return (
    <Stack gap="md">
      <Title order={1}>{t('studio.page.heading')}</Title>
      <Text c="dimmed">{t('studio.page.intro')}</Text>
      {signedIn ? (
        <Defaults />
      ) : (
        <Text>
          {t('studio.page.signIn')}{' '}
          <Anchor component={Link} to={loginPath('/app/customize_conference')}>
            {t('shell.signIn')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
