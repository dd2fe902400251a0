import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Divider,
  Group,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlayerStop, IconX } from '@tabler/icons-react';
import type { StreamDestinationInput, StreamDestinationView } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { useStreamServers } from '../../../streaming/api.ts';
import { DestinationForm } from '../../../streaming/DestinationForm.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { startStreaming, stopStreaming } from './actions.ts';
import { streamingOf } from './state.ts';

const STATE_COLOR: Record<StreamDestinationView['state'], string> = {
  starting: 'yellow',
  streaming: 'red',
  retrying: 'orange',
  stopping: 'gray',
  failed: 'gray',
};

/**
 * Hosts and co-hosts: where the room streams, each destination's state (with why it failed),
 * stopping one or all, and starting: saved stream servers picked from the account, or a server
 * URL and key for this event only.
 */
export function StreamingPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const session = useRoom();
  const stream = useRoomState(streamingOf);
  const busy = useRoomState((s) => s.busy);
  const saved = useStreamServers();
  const [picked, setPicked] = useState<string[]>([]);

  const start = async (destinations: StreamDestinationInput[]) => {
    const ok = await startStreaming(session, destinations);
    if (ok) setPicked([]);
    return ok;
  };

  return (
    <Stack gap="sm" p="sm" h="100%" miw={0}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          {t('streaming.room.panel')}
        </Title>
        <CloseButton aria-label={t('streaming.room.close')} onClick={onClose} />
      </Group>
      <ScrollArea style={{ flex: 1 }}>
        <Stack gap="sm">
          <Title order={3} size="sm">
            {t('streaming.room.destinations')}
          </Title>
          {stream.destinations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('streaming.room.nothing')}
            </Text>
          ) : (
            <Stack gap={6} role="list" aria-label={t('streaming.room.destinations')}>
              {stream.destinations.map((d) => (
                <DestinationRow key={d.id} destination={d} busy={busy[`stream:stop:${d.id}`]} />
              ))}
              <Button
                variant="light"
                color="red"
                leftSection={<IconPlayerStop aria-hidden size={16} />}
                loading={busy['stream:stop:all']}
                onClick={() => void stopStreaming(session)}
              >
                {t('streaming.room.stopAll')}
              </Button>
            </Stack>
          )}
          <Divider />
          <Title order={3} size="sm">
            {t('streaming.room.saved')}
          </Title>
          {saved.data?.length ? (
            <Checkbox.Group value={picked} onChange={setPicked} label={t('streaming.room.choose')}>
              <Stack gap={4} mt={4}>
                {saved.data.map((server) => (
                  <Checkbox key={server.id} value={server.id} label={server.name} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('streaming.room.savedNone')}
            </Text>
          )}
          {picked.length > 0 && (
            <Button
              loading={busy['stream:start']}
              onClick={() => void start(picked.map((id) => ({ server_id: id })))}
            >
              {t('streaming.room.start')}
            </Button>
          )}
          <Divider />
          <Title order={3} size="sm">
            {t('streaming.room.addOne')}
          </Title>
          <DestinationForm
            submitLabel={t('streaming.room.start')}
            busy={busy['stream:start']}
            onSubmit={(destination) => start([destination])}
          />
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

function DestinationRow({
  destination: d,
  busy,
}: {
  destination: StreamDestinationView;
  busy: boolean | undefined;
}) {
  const { t } = useTranslation();
  const session = useRoom();
  const gone = d.state === 'failed';
  const label = t(gone ? 'streaming.room.dismiss' : 'streaming.room.stop', { name: d.name });
  return (
    <Group role="listitem" justify="space-between" wrap="nowrap" aria-label={d.name}>
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={500} truncate>
            {d.name}
          </Text>
          <Badge color={STATE_COLOR[d.state]} variant="light" size="sm">
            {t(`streaming.room.states.${d.state}`)}
            {d.state === 'retrying'
              ? ` · ${t('streaming.room.attempt', { count: d.attempt })}`
              : ''}
          </Badge>
        </Group>
        {d.error && (d.state === 'failed' || d.state === 'retrying') && (
          <Text size="xs" c={d.state === 'failed' ? 'red' : 'orange'} role="alert">
            {t(`serverErrors.${d.error}`)}
          </Text>
        )}
        {d.url && (
          <Text size="xs" c="dimmed" truncate>
            {d.url}
          </Text>
        )}
      </Stack>
      {d.state !== 'stopping' && (
        <Tooltip label={label}>
          <ActionIcon
            variant="subtle"
            color={gone ? 'gray' : 'red'}
            aria-label={label}
            loading={busy}
            onClick={() => void stopStreaming(session, d.id)}
          >
            {gone ? <IconX aria-hidden size={18} /> : <IconPlayerStop aria-hidden size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
