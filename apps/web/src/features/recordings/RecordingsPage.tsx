import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionIcon,
  Anchor,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { TOAST_MS, type RecordingEntry } from '@podium/protocol';
import { Link } from 'react-router';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { loginPath } from '../../shared/routing/paths.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { downloadUrl } from '../events/download.ts';
import { deleteRecording, fetchRecordings, recordingKeys, recordingLink } from './api.ts';
import { formatDuration, formatSize } from './format.ts';

const STATE_COLOR: Record<RecordingEntry['state'], string> = {
  recording: 'red',
  complete: 'teal',
  partial: 'orange',
  failed: 'gray',
};

function RecordingRow({
  entry,
  onDelete,
}: {
  entry: RecordingEntry;
  onDelete: (entry: RecordingEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const [lang] = useLanguage();
  const locale = lang === 'vi' ? 'vi-VN' : 'en-US';
  const [downloading, setDownloading] = useState(false);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(entry.started_at),
  );
  const download = async () => {
    setDownloading(true);
    try {
      const link = await recordingLink(entry.id);
      downloadUrl(link.url, `${entry.event_title}.mp4`);
    } catch (error) {
      notifications.show({
        title: t('recording.library.downloadFailed'),
        message: translateApiError(error, i18n),
        color: 'red',
        autoClose: TOAST_MS,
      });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card withBorder padding="sm" component="li" data-recording-id={entry.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{entry.event_title}</Text>
            <Badge color={STATE_COLOR[entry.state]} variant="light">
              {t(`recording.library.states.${entry.state}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('recording.library.started')}: <time dateTime={entry.started_at}>{when}</time>
            {' · '}
            {t('recording.library.duration')}: {formatDuration(entry.duration_ms)}
            {' · '}
            {t('recording.library.size')}: {formatSize(entry.size_bytes, t, locale)}
          </Text>
          {entry.state === 'partial' ? (
            <Text size="xs" c="orange">
              {t('recording.library.partialHint')}
            </Text>
          ) : null}
          {entry.state === 'failed' ? (
            <Text size="xs" c="dimmed">
              {t('recording.library.failedHint')}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {entry.downloadable ? (
            <Tooltip label={t('recording.library.download')}>
              <ActionIcon
                variant="light"
                size="lg"
                aria-label={t('recording.library.downloadNamed', { title: entry.event_title })}
                loading={downloading}
                onClick={() => void download()}
              >
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {entry.state !== 'recording' ? (
            <Tooltip label={t('recording.library.delete')}>
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                aria-label={t('recording.library.deleteNamed', { title: entry.event_title })}
                onClick={() => onDelete(entry)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}

/** /app/recording: the recordings of the signed-in account's events, newest first. */
export function RecordingsPage() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.signedIn);
  return (
    <Stack gap="md">
      <Title order={1}>{t('recording.library.heading')}</Title>
      <Text c="dimmed">{t('recording.library.intro')}</Text>
      {signedIn ? (
        <RecordingsList />
      ) : (
        <Text>
          {t('recording.library.signIn')}{' '}
          <Anchor component={Link} to={loginPath('/app/recording')}>
            {t('shell.signIn')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

/**
 * The list itself (also the settings' Recordings section): title, start, duration, size and
 * state of each, download, delete after a confirmation, or the empty state.
 */
export function RecordingsList() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: recordingKeys.list, queryFn: fetchRecordings });
  const [confirm, setConfirm] = useState<RecordingEntry | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteRecording(id),
    onSuccess: () => {
      setConfirm(null);
      notifications.show({ message: t('recording.library.deleted'), autoClose: TOAST_MS });
      void queryClient.invalidateQueries({ queryKey: recordingKeys.list });
    },
  });

  return (
    <Stack gap="md">
      {list.error ? (
        <Alert color="red" role="alert" title={t('recording.library.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateApiError(list.error, i18n)}</Text>
            <Button variant="light" size="xs" onClick={() => void list.refetch()}>
              {t('recording.library.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {list.isPending ? <Loader aria-label={t('recording.library.heading')} /> : null}
      {list.data && list.data.length === 0 ? <Text>{t('recording.library.empty')}</Text> : null}
      {list.data && list.data.length > 0 ? (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('recording.library.heading')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.data.map((entry) => (
            <RecordingRow key={entry.id} entry={entry} onDelete={setConfirm} />
          ))}
        </Stack>
      ) : null}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('recording.library.confirmTitle')}
        centered
      >
        <Stack gap="md">
          <Text>{t('recording.library.confirmText', { title: confirm?.event_title ?? '' })}</Text>
          {remove.error ? (
            <Alert color="red" role="alert">
              {translateApiError(remove.error, i18n)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('recording.library.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => confirm && remove.mutate(confirm.id)}
            >
              {t('recording.library.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
