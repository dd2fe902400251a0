import { Alert, Badge, Box, Group, Text, Title } from '@mantine/core';
import { IconLock, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { AccountCallSettings } from './AccountCallSettings.tsx';
import { AskPrompt } from './AskPrompt.tsx';
import { useRoom, useRoomState } from './context.ts';
import { ControlsBar } from './ControlsBar.tsx';
import { NetworkIndicator } from './NetworkIndicator.tsx';
import { RemoteAudio } from './RemoteAudio.tsx';
import { Stage } from './Stage.tsx';

/**
 * The call: header, stage, the open side panel and the controls bar, with what the in-call
 * features contribute to each (features/README.md); this shell names no feature.
 */
export function CallView({ title, alias }: { title: string; alias: string }) {
  const { t } = useTranslation();
  const session = useRoom();
  const { features } = session;
  const panelId = useRoomState((s) => s.panel);
  const mode = useRoomState((s) => s.room.mode);
  const locked = useRoomState((s) => s.room.locked);
  const reconnecting = useRoomState((s) => s.room.connection === 'reconnecting');
  const unavailable = useRoomState((s) => s.media.availability === 'unavailable');
  const Panel = features.find((f) => f.id === panelId)?.panel?.Component;

  return (
    <Box
      h="calc(100dvh - 2 * var(--mantine-spacing-md))"
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" miw={0} wrap="nowrap">
          <Title order={1} size="h4" lineClamp={1}>
            {title}
          </Title>
          {mode ? (
            <Badge variant="light" color="gray">
              {t(`room.modes.${mode}`)}
            </Badge>
          ) : null}
          {features.map(({ id, Header }) =>
            Header ? <Header key={id} title={title} alias={alias} /> : null,
          )}
          {locked ? (
            <Badge variant="light" color="orange" leftSection={<IconLock size={12} aria-hidden />}>
              {t('join.waiting.locked.title')}
            </Badge>
          ) : null}
        </Group>
        <NetworkIndicator />
      </Group>
      {reconnecting ? (
        <Alert color="orange" icon={<IconWifiOff aria-hidden />} role="status" py={6}>
          {t('room.reconnecting')}
        </Alert>
      ) : null}
      {unavailable ? (
        <Alert color="gray" title={t('room.mediaUnavailable')} role="status" py={6}>
          <Text size="sm">{t('room.mediaUnavailableDetail')}</Text>
        </Alert>
      ) : null}
      <Box flex={1} mih={0} style={{ display: 'flex', gap: 8 }}>
        <Stage />
        {Panel ? (
          <Panel title={title} alias={alias} onClose={() => session.openPanel(null)} />
        ) : null}
      </Box>
      <ControlsBar onLeave={() => void session.leave()} />
      <AskPrompt />
      {features.map(({ id, Overlay }) => (Overlay ? <Overlay key={id} /> : null))}
      <RemoteAudio />
      <AccountCallSettings />
    </Box>
  );
}
