import { Paper, Text } from '@mantine/core';
import type { ChatMessageView } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../../../shared/i18n/index.ts';
import { useRoomState } from '../../ui/context.ts';
import { giftLineTransfer, giftsOf } from './giftEvents.ts';

/** A gift's line in the chat, in the reader's language. */
export function GiftChatLine({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation();
  const [lang] = useLanguage();
  const transferId = giftLineTransfer(message);
  const gift = useRoomState((s) => giftsOf(s).find((g) => g.transfer_id === transferId));
  if (!gift) return null;
  return (
    <Paper role="listitem" p="xs" radius="md" bg="var(--mantine-color-yellow-light)">
      <Text size="sm">
        🎁{' '}
        {t('gifts.room.line', {
          from: gift.from_name,
          gift: gift.gift.names[lang],
          to: gift.to_name,
        })}
      </Text>
    </Paper>
  );
}
