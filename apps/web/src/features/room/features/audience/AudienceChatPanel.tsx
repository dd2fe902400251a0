import { CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { AudienceChatInput, AudienceChatLines } from '../../../live/chat/AudienceChat.tsx';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { AUDIENCE_CHAT_BUSY, sendAudienceChat } from './actions.ts';
import { audienceChatSlice, canAnswerAudience } from './chatState.ts';

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
