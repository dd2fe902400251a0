import { useEffect, useSyncExternalStore } from 'react';
import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLayoutGrid } from '@tabler/icons-react';
import { TOAST_MS } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { isModerator } from '../../state/permissions.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { breakoutOf, countdown, roomNumber, roomOfParticipant } from './state.ts';

/** Hosts and co-hosts manage breakout rooms; never in end-to-end encrypted rooms. */
export function useManagesBreakout(): boolean {
  const moderator = useRoomState((s) => isModerator(selfOf(s.room)?.role));
  const encrypted = useRoomState((s) => s.room.mode === 'endtoend');
  return moderator && !encrypted;
}

/** "Breakout rooms": opens the panel; pressed while it is open or while in a breakout room. */
function BreakoutToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const open = useRoomState((s) => s.panel === 'breakout');
  const inRoom = useRoomState(
    (s) => roomOfParticipant(breakoutOf(s).breakout, s.room.selfId) !== null,
  );
  return (
    <ControlToggle
      label={t('breakout.control')}
      tip={t('breakout.control')}
      pressed={open || inRoom}
      onClick={() => session.openPanel(open ? null : 'breakout')}
    >
      <IconLayoutGrid aria-hidden />
    </ControlToggle>
  );
}

const CONTROLS = [{ key: 'breakout', element: <BreakoutToggle /> }] as const;
const NONE = [] as const;

/** Offered to hosts and co-hosts, and to everyone while breakout rooms are open. */
export function useBreakoutControls() {
  const manages = useManagesBreakout();
  const open = useRoomState((s) => breakoutOf(s).breakout !== null);
  return manages || open ? CONTROLS : NONE;
}

/** A clock in whole seconds for useSyncExternalStore: ticks once a second while subscribed. */
const secondsClock = {
  subscribe: (changed: () => void) => {
    const timer = setInterval(changed, 1000);
    return () => clearInterval(timer);
  },
  now: () => Math.floor(Date.now() / 1000) * 1000,
};
const frozen = { subscribe: () => () => undefined, now: () => 0 };

/** Time left until `at` (re-rendered once a second), or null without one. */
export function useCountdown(at: number | null): string | null {
  const clock = at === null ? frozen : secondsClock;
  const now = useSyncExternalStore(clock.subscribe, clock.now);
  return at === null ? null : countdown(at, now);
}

/** The call header: which breakout room this person is in, and the time left. */
export function BreakoutBadge() {
  const { t } = useTranslation();
  const { breakout } = useRoomState(breakoutOf);
  const selfId = useRoomState((s) => s.room.selfId);
  const left = useCountdown(breakout?.ends_at ?? null);
  if (!breakout) return null;
  const room = roomOfParticipant(breakout, selfId);
  const where = room
    ? t('breakout.youAreIn', { room: t('breakout.roomName', { n: roomNumber(breakout, room.id) }) })
    : t('breakout.youAreInMain');
  return (
    <Badge color="blue" variant="light" role="status" data-breakout-room={room?.id ?? 'main'}>
      {where}
      {left ? ` · ${left}` : ''}
    </Badge>
  );
}

/** Toasts: a host's broadcast (everyone), a call for help (moderators), the closing warning. */
export function BreakoutNotices() {
  const { t } = useTranslation();
  const { message, help, closesAt, breakout } = useRoomState(breakoutOf);
  const moderator = useRoomState((s) => isModerator(selfOf(s.room)?.role));
  const messageSeq = message?.seq ?? 0;
  const helpSeq = help?.seq ?? 0;
  useEffect(() => {
    if (!message) return;
    notifications.show({
      title: t('breakout.messageFrom', { name: message.from_name }),
      message: message.text,
      autoClose: TOAST_MS * 2,
    });
    // Once per message (seq), whatever else re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messageSeq]);
  useEffect(() => {
    if (!help || !moderator) return;
    notifications.show({
      message: t('breakout.helpRequest', {
        name: help.name,
        room: breakout
          ? t('breakout.roomName', { n: roomNumber(breakout, help.room_id) })
          : help.room_name,
      }),
      color: 'orange',
      autoClose: TOAST_MS * 2,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [helpSeq]);
  useEffect(() => {
    if (closesAt === null) return;
    notifications.show({ message: t('breakout.closingSoon'), autoClose: TOAST_MS });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closesAt]);
  return null;
}
