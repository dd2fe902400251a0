import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionDto } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { toastError, toastSuccess } from '../../shared/ui/toast.ts';
import { SESSIONS_QUERY_KEY, settingsApi } from './api.ts';

/** The account's signed-in sessions, with sign-out of one or of all the others. */
export function SessionsList() {
  const { t, i18n } = useTranslation();
  const [language] = useLanguage();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: () => settingsApi.sessions().then((r) => r.sessions),
  });
  const onDone = (sessions: AccountSessionDto[]) =>
    client.setQueryData(SESSIONS_QUERY_KEY, sessions);
  const onError = (error: unknown) =>
    toastError(`${t('settings.updateFailed')}: ${translateApiError(error, i18n)}`);
  const revoke = useMutation({
    mutationFn: (id: string) => settingsApi.revokeSession(id).then((r) => r.sessions),
    onSuccess: onDone,
    onError,
  });
  const revokeOthers = useMutation({
    mutationFn: () => settingsApi.revokeOthers().then((r) => r.sessions),
    onSuccess: (sessions) => {
      onDone(sessions);
      toastSuccess(t('settings.security.othersDone'));
    },
    onError,
  });
  const format = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={t('settings.loadFailed')}>
        <Button variant="light" mt="xs" onClick={() => void query.refetch()}>
          {t('settings.retry')}
        </Button>
      </Alert>
    );
  }
  if (!query.data) return <Loader aria-label={t('shell.loading')} />;
  const others = query.data.filter((s) => !s.current);
  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {query.data.map((session) => (
          <Group key={session.id} component="li" justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {t('settings.security.signedIn', { date: format(session.created_at) })}
                </Text>
                {session.current ? <Badge size="sm">{t('settings.security.current')}</Badge> : null}
              </Group>
              <Text size="xs" c="dimmed">
                {session.renewed_at
                  ? t('settings.security.renewed', { date: format(session.renewed_at) })
                  : t('settings.security.never')}
              </Text>
            </Stack>
            {session.current ? null : (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={t('settings.security.signOutSession', {
                  date: format(session.created_at),
                })}
                loading={revoke.isPending && revoke.variables === session.id}
                onClick={() => revoke.mutate(session.id)}
              >
                {t('settings.security.signOut')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {others.length ? (
        <Group>
          <Button
            color="red"
            variant="light"
            loading={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            {t('settings.security.signOutOthers')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('settings.security.none')}
        </Text>
      )}
    </Stack>
  );
}
