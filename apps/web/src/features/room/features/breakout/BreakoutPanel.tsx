import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Divider,
  Group,
  NativeSelect,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { BREAKOUT_MAX_MESSAGE, BREAKOUT_MAX_ROOMS, type BreakoutView } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { isModerator } from '../../state/permissions.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import {
  BREAKOUT_BUSY,
  askHelp,
  assignTo,
  broadcast,
  closeRooms,
  joinRoom,
  openRooms,
  type OpenChoice,
} from './actions.ts';
import { useCountdown, useManagesBreakout } from './BreakoutControls.tsx';
import { breakoutOf, roomNumber, roomOfParticipant } from './state.ts';

/**
 * The breakout rooms panel. Hosts and co-hosts open rooms (how many, automatic or manual,
 * whether people choose, a timer), then see every room with its people, move people, visit a
 * room and come back, broadcast to all rooms and close them. Everyone else sees where they are,
 * chooses a room when allowed, and asks for help.
 */
export function BreakoutPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { breakout } = useRoomState(breakoutOf);
  const manages = useManagesBreakout();
  return (
    <Stack gap="sm" p="sm" h="100%" miw={0}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          {t('breakout.panel')}
        </Title>
        <CloseButton aria-label={t('breakout.close')} onClick={onClose} />
      </Group>
      <ScrollArea style={{ flex: 1 }}>
        {breakout === null ? (
          manages ? (
            <OpenForm />
          ) : (
            <Text size="sm" c="dimmed">
              {t('breakout.noRooms')}
            </Text>
          )
        ) : (
          <Rooms breakout={breakout} manages={manages} />
        )}
      </ScrollArea>
    </Stack>
  );
}

function OpenForm() {
  const { t } = useTranslation();
  const session = useRoom();
  const busy = useRoomState((s) => Boolean(s.busy[BREAKOUT_BUSY]));
  const [choice, setChoice] = useState<OpenChoice>({
    count: 2,
    assign: 'auto',
    allowChoose: false,
    minutes: 0,
  });
  return (
    <Stack gap="sm">
      <NumberInput
        label={t('breakout.count')}
        min={1}
        max={BREAKOUT_MAX_ROOMS}
        value={choice.count}
        onChange={(v) => setChoice({ ...choice, count: Number(v) || 1 })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="breakout-assign">
          {t('breakout.assign')}
        </Text>
        <SegmentedControl
          aria-labelledby="breakout-assign"
          value={choice.assign}
          onChange={(v) => setChoice({ ...choice, assign: v === 'manual' ? 'manual' : 'auto' })}
          data={[
            { value: 'auto', label: t('breakout.assignAuto') },
            { value: 'manual', label: t('breakout.assignManual') },
          ]}
        />
      </Stack>
      <Checkbox
        label={t('breakout.allowChoose')}
        checked={choice.allowChoose}
        onChange={(e) => setChoice({ ...choice, allowChoose: e.currentTarget.checked })}
      />
      <NumberInput
        label={t('breakout.timer')}
        min={0}
        max={24 * 60}
        value={choice.minutes}
        onChange={(v) => setChoice({ ...choice, minutes: Math.max(0, Number(v) || 0) })}
      />
      <Button loading={busy} onClick={() => void openRooms(session, choice)}>
        {t('breakout.open')}
      </Button>
    </Stack>
  );
}

function Rooms({ breakout, manages }: { breakout: BreakoutView; manages: boolean }) {
  const { t } = useTranslation();
  const session = useRoom();
  const busy = useRoomState((s) => s.busy);
  const selfId = useRoomState((s) => s.room.selfId);
  const participants = useRoomState((s) => s.room.participants);
  const left = useCountdown(breakout.ends_at);
  const mine = roomOfParticipant(breakout, selfId);
  const nameOf = (roomId: string) => t('breakout.roomName', { n: roomNumber(breakout, roomId) });
  const canMove = manages || breakout.allow_choose;
  const [text, setText] = useState('');
  const assigned = new Set(breakout.rooms.flatMap((r) => r.members));
  const unassigned = Object.values(participants).filter(
    (p) => !assigned.has(p.id) && !isModerator(p.role),
  );

  const send = async () => {
    if (await broadcast(session, text.trim())) setText('');
  };

  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {mine ? t('breakout.youAreIn', { room: nameOf(mine.id) }) : t('breakout.youAreInMain')}
        {left ? ` — ${t('breakout.closesIn', { time: left })}` : ''}
      </Text>
      {mine && !manages && (
        <Button
          variant="light"
          loading={busy['breakout:help']}
          onClick={() => void askHelp(session)}
        >
          {t('breakout.askHelp')}
        </Button>
      )}
      {mine && canMove && (
        <Button
          variant="default"
          loading={busy['breakout:join:main']}
          onClick={() => void joinRoom(session, null)}
        >
          {t('breakout.returnMain')}
        </Button>
      )}
      <Stack gap="xs" role="list" aria-label={t('breakout.panel')}>
        {breakout.rooms.map((room) => (
          <Stack
            key={room.id}
            gap={4}
            role="listitem"
            aria-label={nameOf(room.id)}
            p="xs"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {nameOf(room.id)}
              </Text>
              <Group gap={4} wrap="nowrap">
                {room.needs_help && manages && (
                  <Badge color="orange" variant="light">
                    {t('breakout.needsHelp')}
                  </Badge>
                )}
                {canMove && mine?.id !== room.id && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={
                      manages
                        ? t('breakout.visit', { room: nameOf(room.id) })
                        : t('breakout.joinRoom', { room: nameOf(room.id) })
                    }
                    loading={busy[`breakout:join:${room.id}`]}
                    onClick={() => void joinRoom(session, room.id)}
                  >
                    {t('breakout.join')}
                  </Button>
                )}
              </Group>
            </Group>
            <Stack
              gap={2}
              role="list"
              aria-label={t('breakout.members', { room: nameOf(room.id) })}
            >
              {room.members.length === 0 ? (
                <Text size="xs" c="dimmed">
                  {t('breakout.empty')}
                </Text>
              ) : (
                room.members.map((id) => (
                  <Member
                    key={id}
                    name={participants[id]?.name ?? ''}
                    participantId={id}
                    roomId={room.id}
                    breakout={breakout}
                    manages={manages}
                  />
                ))
              )}
            </Stack>
          </Stack>
        ))}
      </Stack>
      {manages && unassigned.length > 0 && (
        <Stack gap={2} role="list" aria-label={t('breakout.notAssigned')}>
          <Text fw={600} size="sm">
            {t('breakout.notAssigned')}
          </Text>
          {unassigned.map((p) => (
            <Member
              key={p.id}
              name={p.name}
              participantId={p.id}
              roomId={null}
              breakout={breakout}
              manages
            />
          ))}
        </Stack>
      )}
      {manages && (
        <>
          <Divider />
          <Textarea
            label={t('breakout.broadcast')}
            maxLength={BREAKOUT_MAX_MESSAGE}
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button
            variant="light"
            disabled={text.trim() === ''}
            loading={busy['breakout:broadcast']}
            onClick={() => void send()}
          >
            {t('breakout.broadcastSend')}
          </Button>
          <Button
            color="red"
            loading={busy['breakout:close']}
            onClick={() => void closeRooms(session)}
          >
            {t('breakout.closeAll')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** One person; hosts and co-hosts move them with a select (the main room or a breakout room). */
function Member({
  name,
  participantId,
  roomId,
  breakout,
  manages,
}: {
  name: string;
  participantId: string;
  roomId: string | null;
  breakout: BreakoutView;
  manages: boolean;
}) {
  const { t } = useTranslation();
  const session = useRoom();
  if (!manages) {
    return (
      <Text size="sm" role="listitem">
        {name}
      </Text>
    );
  }
  return (
    <Group role="listitem" justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" truncate>
        {name}
      </Text>
      <NativeSelect
        size="xs"
        aria-label={t('breakout.moveTo', { name })}
        value={roomId ?? ''}
        onChange={(e) => void assignTo(session, participantId, e.currentTarget.value || null)}
        data={[
          { value: '', label: t('breakout.mainRoom') },
          ...breakout.rooms.map((r) => ({
            value: r.id,
            label: t('breakout.roomName', { n: roomNumber(breakout, r.id) }),
          })),
        ]}
      />
    </Group>
  );
}
