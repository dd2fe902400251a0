import { ActionIcon, Alert, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import { useAddStreamServer, useRemoveStreamServer, useStreamServers } from './api.ts';
import { DestinationForm } from './DestinationForm.tsx';
import { Section } from '../settings/Sections.tsx';

/**
 * Settings: the account's linked stream servers (spec §1 "linked stream server", §3 Stream:
 * name, URL, key). Keys are write-only: the list shows the key's last characters at most.
 */
export function StreamServers() {
  const { t, i18n } = useTranslation();
  const servers = useStreamServers();
  const add = useAddStreamServer();
  const remove = useRemoveStreamServer();
  const [error, setError] = useState<string | null>(null);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('streaming.servers.intro')}
      </Text>
      {servers.isPending ? (
        <Loader size="sm" aria-label={t('shell.loading')} />
      ) : servers.data?.length ? (
        <Stack gap={4} role="list" aria-label={t('streaming.servers.list')}>
          {servers.data.map((server) => (
            <Group key={server.id} role="listitem" justify="space-between" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text fw={500} truncate>
                  {server.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {server.url} ·{' '}
                  {server.key_hint
                    ? t('streaming.servers.keyHint', { hint: server.key_hint })
                    : t('streaming.servers.keyHidden')}
                </Text>
              </Stack>
              <Tooltip label={t('streaming.servers.remove', { name: server.name })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('streaming.servers.remove', { name: server.name })}
                  loading={remove.isPending && remove.variables === server.id}
                  onClick={() =>
                    remove.mutate(server.id, {
                      onSuccess: () => toastSuccess(t('streaming.servers.removed')),
                      onError: (e) => setError(translateApiError(e, i18n)),
                    })
                  }
                >
                  <IconTrash aria-hidden size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm">{t('streaming.servers.empty')}</Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <DestinationForm
        submitLabel={t('streaming.servers.add')}
        busy={add.isPending}
        onSubmit={async (input) => {
          setError(null);
          try {
            await add.mutateAsync(input);
            toastSuccess(t('streaming.servers.added'));
            return true;
          } catch (e) {
            setError(translateApiError(e, i18n));
            return false;
          }
        }}
      />
    </Stack>
  );
}

/** The settings page's block for them (after Recordings). */
export function StreamServersSection() {
  const { t } = useTranslation();
  return (
    <Section id="stream-servers" title={t('streaming.servers.heading')}>
      <StreamServers />
    </Section>
  );
}
