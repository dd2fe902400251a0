import { useState } from 'react';
import { CloseButton, Group, Indicator, Stack, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { AudienceChatInput, AudienceChatLines } from '../../../live/chat/AudienceChat.tsx';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { AUDIENCE_CHAT_BUSY, sendAudienceChat } from './actions.ts';
import { audienceChatSlice, canAnswerAudience, showsAudienceChat } from './chatState.ts';
import { audienceSlice } from './state.ts';

export const AUDIENCE_CHAT_PANEL = 'audience-chat';

/** Opens the audience chat beside the stage; counts lines that came while it was closed. */
function AudienceChatToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const open = useRoomState((s) => s.panel === AUDIENCE_CHAT_PANEL);
  const received = useRoomState((s) => readSlice(s, audienceChatSlice).received);
  const shown = useRoomState((s) => showsAudienceChat(s.room.mode, readSlice(s, audienceSlice)));
  const [seen, setSeen] = useState(received);
  // While open, everything received is seen (adjusted during render, React's pattern for it).
  if (open && seen !== received) setSeen(received);
  if (!shown) return null;
  const unread = open ? 0 : Math.max(0, received - seen);
  return (
    <Indicator label={unread} size={18} disabled={unread === 0} offset={6}>
      <ControlToggle
        label={t('live.room.chat.control')}
        tip={t('live.room.chat.control')}
        pressed={open}
        onClick={() => session.openPanel(open ? null : AUDIENCE_CHAT_PANEL)}
      >
        <IconMessages aria-hidden />
      </ControlToggle>
    </Indicator>
  );
}

const CONTROLS = [{ key: 'audience-chat', element: <AudienceChatToggle /> }] as const;

export function useAudienceChatControls() {
  return CONTROLS;
}

/**
 * The audience chat in the call: a tab of its own beside the room's chat, so the room's private
 * talk and the public audience never mix. Everyone reads it; the stage answers.
 */
export function AudienceChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const session = useRoom();
  const messages = useRoomState((s) => readSlice(s, audienceChatSlice).messages);
  const role = useRoomState((s) => selfOf(s.room)?.role);
  const sending = useRoomState((s) => Boolean(s.busy[AUDIENCE_CHAT_BUSY]));
  return (
    <Stack
      component="aside"
      aria-label={t('live.room.chat.title')}
      w={340}
      h="100%"
      gap="sm"
      p="sm"
    >
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('live.room.chat.title')}
        </Title>
        <CloseButton aria-label={t('live.room.chat.close')} onClick={onClose} />
      </Group>
      <AudienceChatLines messages={messages} />
      {canAnswerAudience(role) ? (
        <>
          <Text size="xs" c="dimmed">
            {t('live.room.chat.hint')}
          </Text>
          <AudienceChatInput
            sending={sending}
            onSend={(text) =>
              text.trim() ? sendAudienceChat(session, text.trim()) : Promise.resolve(false)
            }
          />
        </>
      ) : (
        <Text size="xs" c="dimmed">
          {t('live.room.chat.stageOnly')}
        </Text>
      )}
    </Stack>
  );
}
