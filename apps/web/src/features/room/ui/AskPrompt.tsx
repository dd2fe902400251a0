import { useId } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useRoom, useRoomState } from './context.ts';

/**
 * A host asked this participant to turn on the mic or camera (spec §6): Accept turns it on,
 * Decide later keeps the permission for when they are ready. Not modal: the call goes on.
 */
export function AskPrompt() {
  const { t } = useTranslation();
  const session = useRoom();
  const ask = useRoomState((s) => s.room.asks[0]);
  const titleId = useId();
  if (!ask) return null;
  return (
    <Paper
      role="alertdialog"
      aria-labelledby={titleId}
      withBorder
      shadow="lg"
      p="md"
      radius="md"
      pos="fixed"
      bottom={96}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 300 }}
      maw={420}
    >
      <Text id={titleId} fw={600} mb="sm">
        {t(`room.ask.title.${ask.kind}`)}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void session.answerAsk(ask.kind, 'later')}>
          {t('room.ask.later')}
        </Button>
        <Button onClick={() => void session.answerAsk(ask.kind, 'accepted')}>
          {t('room.ask.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
