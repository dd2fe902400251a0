import { useState } from 'react';
import { Alert, Badge, Box, Group, Text, Title } from '@mantine/core';
import { IconLock, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { E2eeControls } from '../media/e2ee/E2eeControls.tsx';
import { GiftAnimation } from '../../gifts/room/GiftAnimation.tsx';
import { AccountCallSettings } from './AccountCallSettings.tsx';
import { AskPrompt } from './AskPrompt.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { useRoom, useRoomState } from './context.ts';
import { ControlsBar, type SidePanel } from './ControlsBar.tsx';
import { NetworkIndicator } from './NetworkIndicator.tsx';
import { ParticipantsPanel } from './ParticipantsPanel.tsx';
import { RemoteAudio } from './RemoteAudio.tsx';
import { Stage } from './Stage.tsx';

/** The call: header, stage, side panel (chat or participants) and the controls bar. */
export function CallView({ title, alias }: { title: string; alias: string }) {
  const { t } = useTranslation();
  const session = useRoom();
  const chatOpen = useRoomState((s) => s.room.chatOpen);
  const mode = useRoomState((s) => s.room.mode);
  const locked = useRoomState((s) => s.room.locked);
  const reconnecting = useRoomState((s) => s.room.connection === 'reconnecting');
  const unavailable = useRoomState((s) => s.media.availability === 'unavailable');
  const [participantsOpen, setParticipantsOpen] = useState(false);
  const panel: SidePanel = chatOpen ? 'chat' : participantsOpen ? 'participants' : null;

  const openPanel = (next: SidePanel) => {
    session.setChatOpen(next === 'chat');
    setParticipantsOpen(next === 'participants');
  };

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
          <E2eeControls salt={alias} />
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
        {panel === 'chat' ? <ChatPanel title={title} onClose={() => openPanel(null)} /> : null}
        {panel === 'participants' ? (
          <ParticipantsPanel title={title} onClose={() => openPanel(null)} />
        ) : null}
      </Box>
      <ControlsBar panel={panel} onPanel={openPanel} onLeave={() => void session.leave()} />
      <AskPrompt />
      <GiftAnimation />
      <RemoteAudio />
      <AccountCallSettings />
    </Box>
  );
}
