import { useDeferredValue, useEffect } from 'react';
import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLanguage, useTranslation } from '../../../shared/i18n/index.ts';
import { PageLoader } from '../../../shared/ui/PageLoader.tsx';
import { clearAdmission, type JoinAdmission } from '../../../shared/session/admission.ts';
import { WaitingScreen, type WaitingState } from './waiting/index.ts';
import { endedPath, joinPath, type EndReason } from '../paths.ts';
import { signalingErrorText } from '../signaling/errors.ts';
import { CallView } from './CallView.tsx';
import { useCallViewGate } from './callViewGate.ts';
import { RoomContext, useRoom, useRoomState } from './context.ts';
import { useRoomSession } from './useRoomSession.ts';

/** /j/:alias/room once admitted: the waiting screens, the call, and the way out. */
export function RoomPage({ admission }: { admission: JoinAdmission }) {
  const session = useRoomSession(admission);
  if (!session) return <PageLoader />;
  return (
    <RoomContext.Provider value={session}>
      <RoomView admission={admission} />
    </RoomContext.Provider>
  );
}

const WAITING: Partial<Record<string, WaitingState>> = {
  waiting_for_host: 'waiting_for_host',
  in_waiting_room: 'waiting_room',
  locked: 'locked',
  full: 'full',
};

function RoomView({ admission }: { admission: JoinAdmission }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useRoom();
  const navigate = useNavigate();
  const joinState = useRoomState((s) => s.room.joinState);
  // The call view's first render is the page's longest task: it waits for the subscription to
  // be answered (callViewGate.ts), and then renders in the background from a deferred value, in
  // slices, so what the socket brings meanwhile is handled first (issue 11 item 3).
  const inCall = joinState === 'connected' || joinState === 'reconnecting';
  const showCall = useCallViewGate(inCall);
  const callShown = useDeferredValue(showCall);
  const ended = useRoomState((s) => s.room.ended);
  const removed = useRoomState((s) => s.room.removed);
  const failure = useRoomState((s) => s.failure);
  const { alias } = admission;

  // Leaving, ending and removal all end on the end-call page; the ticket is spent.
  const reason: EndReason | null = ended ?? removed ?? (joinState === 'left' ? 'left' : null);
  useEffect(() => {
    if (!reason) return;
    clearAdmission(alias);
    void navigate(endedPath(alias, reason), { replace: true });
  }, [reason, alias, navigate]);

  if (reason) return <PageLoader />;

  if (failure) {
    const expired = failure.code === 'auth_failed';
    const outdated = failure.code === 'protocol_mismatch';
    return (
      <Center mih="80vh">
        <Paper withBorder p="xl" radius="lg" w="100%" maw={446}>
          <Stack align="center" gap="sm" ta="center" role="alert">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <IconPlugConnectedX aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h2">
              {t('room.failure.title')}
            </Title>
            <Text c="dimmed">{signalingErrorText(failure, language)}</Text>
            {expired ? (
              <Button
                onClick={() => {
                  clearAdmission(alias);
                  void navigate(joinPath(alias), { replace: true });
                }}
              >
                {t('room.failure.back')}
              </Button>
            ) : (
              <Button onClick={() => window.location.reload()}>
                {outdated ? t('room.failure.reload') : t('room.failure.rejoin')}
              </Button>
            )}
          </Stack>
        </Paper>
      </Center>
    );
  }

  const waiting = WAITING[joinState];
  if (waiting) {
    const canRetry = waiting === 'locked' || waiting === 'full';
    return (
      <WaitingScreen
        state={waiting}
        title={admission.title}
        onLeave={() => void session.leave()}
        onRetry={canRetry ? () => void session.retryJoin() : undefined}
      />
    );
  }

  if (showCall && callShown) {
    return <CallView title={admission.title} alias={alias} stageFirst />;
  }

  return (
    <Center mih="80vh">
      <Stack align="center" role="status">
        <Loader aria-hidden />
        <Text>{t('room.connecting')}</Text>
      </Stack>
    </Center>
  );
}
