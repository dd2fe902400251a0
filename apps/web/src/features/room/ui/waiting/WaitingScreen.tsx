import type { ReactNode } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconDoorEnter, IconLock, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { assertNever } from '../../../../shared/assertNever.ts';

/**
 * Room states (spec §4 "room join") in which a person is not in the call yet. The live room
 * drives these screens from its state machine.
 */
export type WaitingState = 'locked' | 'waiting_room' | 'waiting_for_host' | 'full';

export interface WaitingScreenProps {
  state: WaitingState;
  /** The event's title, when known. */
  title?: string;
  onLeave?: () => void;
  /** Offered where trying again can help (locked, full). */
  onRetry?: () => void;
}

function icon(state: WaitingState): ReactNode {
  switch (state) {
    case 'locked':
      return <IconLock aria-hidden />;
    case 'waiting_room':
      return <IconDoorEnter aria-hidden />;
    case 'waiting_for_host':
      return <IconClock aria-hidden />;
    case 'full':
      return <IconUsersGroup aria-hidden />;
    default:
      return assertNever(state, 'waiting state');
  }
}

/** Whether the person is still queued (a spinner shows) or must act (retry or leave). */
export function isQueued(state: WaitingState): boolean {
  return state === 'waiting_room' || state === 'waiting_for_host';
}

/** A locked room is asked again by itself (RoomSession): a spinner shows it is waiting. */
function waitsByItself(state: WaitingState): boolean {
  return state === 'locked';
}

export function WaitingScreen({ state, title, onLeave, onRetry }: WaitingScreenProps) {
  const { t } = useTranslation();
  const queued = isQueued(state);
  return (
    <Center mih="80vh">
      <Paper withBorder p="xl" radius="lg" w="100%" maw={446}>
        <Stack align="center" gap="sm" ta="center" role={queued ? 'status' : 'alert'}>
          <ThemeIcon size={56} radius="xl" variant="light" color={queued ? undefined : 'gray'}>
            {icon(state)}
          </ThemeIcon>
          <Title order={1} size="h2">
            {t(`join.waiting.${state}.title`)}
          </Title>
          <Text c="dimmed">{t(`join.waiting.${state}.text`)}</Text>
          {title ? <Text fw={600}>{t('join.waiting.event', { title })}</Text> : null}
          {queued || waitsByItself(state) ? <Loader type="dots" aria-hidden /> : null}
          <Group mt="sm">
            {!queued && onRetry ? (
              <Button variant="light" onClick={onRetry}>
                {t('join.waiting.tryAgain')}
              </Button>
            ) : null}
            {onLeave ? (
              <Button variant="default" onClick={onLeave}>
                {t('join.waiting.leave')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
