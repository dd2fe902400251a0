import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Divider,
  Group,
  Loader,
  Menu,
  NativeSelect,
  Pagination,
  ScrollArea,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import {
  IconCheck,
  IconDots,
  IconHandStop,
  IconMicrophone,
  IconMicrophoneOff,
  IconVideo,
  IconVideoOff,
  IconX,
} from '@tabler/icons-react';
import { ROOM_MODES, type ParticipantView } from '@podium/protocol';
import { useShallow } from 'zustand/react/shallow';
import { useLanguage, useTranslation } from '../../../../shared/i18n/index.ts';
import { downloadBlob } from '../../../events/download.ts';
import { exportFileName, participantsCsv } from '../../export/participantsCsv.ts';
import { participantActions, roomControls } from '../../state/permissions.ts';
import { selfOf } from '../../state/roomState.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { pageOf, searchPeople, splitRoster } from './roster.ts';

const LOCALES = { en: 'en-GB', vi: 'vi-VN' } as const;

/** A confirmation dialog (co-host changes, remove, block, end for all). */
function confirm(
  title: string,
  text: string,
  labels: { confirm: string; cancel: string },
  onConfirm: () => void,
  danger = false,
) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels,
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm,
  });
}

function ParticipantRow({
  participant,
  viewer,
}: {
  participant: ParticipantView;
  viewer: ParticipantView | null;
}) {
  const { t } = useTranslation();
  const session = useRoom();
  const pinnedForAll = useRoomState((s) => s.room.pinnedForAll);
  const busy = useRoomState((s) => Boolean(s.busy[`role:${participant.id}`]));
  const actions = participantActions(viewer, participant);
  const self = viewer?.id === participant.id;
  const name = participant.name;
  const labels = {
    confirm: t('room.participants.confirm.confirm'),
    cancel: t('room.participants.confirm.cancel'),
  };
  // Other features' items for this person (interpretation: make or stop an interpreter).
  const contributed = session.features.flatMap(({ id, participantMenu: menu }) =>
    menu?.available(viewer, participant) ? [{ id, Items: menu.Items }] : [],
  );
  const any = Object.values(actions).some(Boolean) || contributed.length > 0;

  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" role="listitem" aria-label={name}>
      <Stack gap={0} miw={0}>
        <Text size="sm" truncate>
          {name}
          {self ? ` (${t('room.participants.you')})` : ''}
        </Text>
        <Group gap={4}>
          <Badge size="xs" variant="light">
            {t(`room.roles.${participant.role}`)}
          </Badge>
          {participant.guest && participant.role !== 'guest' ? (
            // gray.7 on white is 5.3:1 (the default gray outline, 3.3:1: axe's color-contrast).
            <Badge size="xs" variant="outline" color="gray.7">
              {t('room.roles.guest')}
            </Badge>
          ) : null}
          {participant.invisible ? (
            <Badge size="xs" variant="filled" color="gray">
              {t('backstage.badge')}
            </Badge>
          ) : null}
        </Group>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {participant.hand_raised_at !== null ? (
          <IconHandStop size={16} color="orange" aria-label={t('room.tile.handRaised')} />
        ) : null}
        {participant.audio ? (
          <IconMicrophone size={16} aria-hidden />
        ) : (
          <IconMicrophoneOff size={16} aria-label={t('room.tile.micOff')} />
        )}
        {participant.video ? (
          <IconVideo size={16} aria-hidden />
        ) : (
          <IconVideoOff size={16} aria-hidden />
        )}
        {any ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                loading={busy}
                aria-label={t('room.participants.actions', { name })}
              >
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actions.askAudio ? (
                <Menu.Item onClick={() => void session.askEnable('audio', participant.id)}>
                  {t('room.participants.askAudio')}
                </Menu.Item>
              ) : null}
              {actions.askVideo ? (
                <Menu.Item onClick={() => void session.askEnable('video', participant.id)}>
                  {t('room.participants.askVideo')}
                </Menu.Item>
              ) : null}
              {actions.lowerHand ? (
                <Menu.Item onClick={() => void session.lowerHand(participant.id)}>
                  {t('room.participants.lowerHand')}
                </Menu.Item>
              ) : null}
              {actions.makePresenter ? (
                <Menu.Item onClick={() => void session.setRole(participant.id, 'presenter', true)}>
                  {t('room.participants.makePresenter')}
                </Menu.Item>
              ) : null}
              {actions.stopPresenter ? (
                <Menu.Item onClick={() => void session.setRole(participant.id, 'presenter', false)}>
                  {t('room.participants.stopPresenter')}
                </Menu.Item>
              ) : null}
              {actions.makeCoHost ? (
                <Menu.Item
                  onClick={() =>
                    confirm(
                      t('room.participants.confirm.makeCoHost', { name }),
                      t('room.participants.confirm.makeCoHostText'),
                      labels,
                      () => void session.setRole(participant.id, 'co-host', true),
                    )
                  }
                >
                  {t('room.participants.makeCoHost')}
                </Menu.Item>
              ) : null}
              {actions.removeCoHost ? (
                <Menu.Item
                  onClick={() =>
                    confirm(
                      t('room.participants.confirm.removeCoHost', { name }),
                      t('room.participants.confirm.removeCoHostText', { name }),
                      labels,
                      () => void session.setRole(participant.id, 'co-host', false),
                    )
                  }
                >
                  {t('room.participants.removeCoHost')}
                </Menu.Item>
              ) : null}
              {contributed.map(({ id, Items }) => (
                <Items key={id} viewer={viewer} participant={participant} />
              ))}
              {actions.pinForAll ? (
                <Menu.Item
                  onClick={() =>
                    void session.pinForAll(pinnedForAll === participant.id ? null : participant.id)
                  }
                >
                  {pinnedForAll === participant.id
                    ? t('room.participants.unpinForAll')
                    : t('room.participants.pinForAll')}
                </Menu.Item>
              ) : null}
              {actions.remove || actions.block ? <Menu.Divider /> : null}
              {actions.remove ? (
                <Menu.Item
                  color="red"
                  onClick={() =>
                    confirm(
                      t('room.participants.confirm.remove', { name }),
                      t('room.participants.confirm.removeText', { name }),
                      labels,
                      () => void session.remove(participant.id),
                      true,
                    )
                  }
                >
                  {t('room.participants.remove')}
                </Menu.Item>
              ) : null}
              {actions.block ? (
                <Menu.Item
                  color="red"
                  onClick={() =>
                    confirm(
                      t('room.participants.confirm.block', { name }),
                      t('room.participants.confirm.blockText', { name }),
                      labels,
                      () => void session.block(participant.id),
                      true,
                    )
                  }
                >
                  {t('room.participants.block')}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Group>
  );
}

function WaitingList() {
  const { t } = useTranslation();
  const session = useRoom();
  const waiting = useRoomState((s) => s.room.waiting);
  const busy = useRoomState((s) => s.busy);
  if (!waiting.length) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="sm">
          {t('room.participants.waiting', { count: waiting.length })}
        </Title>
        <Group gap={4}>
          <Button
            size="compact-xs"
            loading={busy.admitAll}
            onClick={() => void session.admit('all')}
          >
            {t('room.participants.admitAll')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            loading={busy.denyAll}
            onClick={() => void session.deny('all')}
          >
            {t('room.participants.denyAll')}
          </Button>
        </Group>
      </Group>
      <Stack gap={4} role="list">
        {waiting.map((w) => (
          <Group key={w.participant_id} justify="space-between" wrap="nowrap" role="listitem">
            <Text size="sm" truncate>
              {w.name}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                aria-label={t('room.participants.admit', { name: w.name })}
                loading={busy[`admit:${w.participant_id}`]}
                onClick={() => void session.admit({ participantId: w.participant_id })}
              >
                <IconCheck size={14} aria-hidden />
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                aria-label={t('room.participants.deny', { name: w.name })}
                loading={busy[`deny:${w.participant_id}`]}
                onClick={() => void session.deny({ participantId: w.participant_id })}
              >
                <IconX size={14} aria-hidden />
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <Divider />
    </Stack>
  );
}

function HostControls({ title }: { title: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useRoom();
  const self = useRoomState((s) => selfOf(s.room));
  const { locked, waitingRoom, mode } = useRoomState(
    useShallow((s) => ({
      locked: s.room.locked,
      waitingRoom: s.room.waitingRoom,
      mode: s.room.mode,
    })),
  );
  const busy = useRoomState((s) => s.busy);
  const controls = roomControls(self?.role);
  if (!controls.lock) return null;

  const exportCsv = () => {
    const { room } = session.store.getState();
    const people = room.order
      .map((id) => room.participants[id])
      .filter((p): p is ParticipantView => !!p);
    const time = new Intl.DateTimeFormat(LOCALES[language], { timeStyle: 'short' });
    const csv = participantsCsv(people, {
      headers: {
        name: t('room.participants.csv.name'),
        role: t('room.participants.csv.role'),
        guest: t('room.participants.csv.guest'),
        status: t('room.participants.csv.status'),
        microphone: t('room.participants.csv.microphone'),
        camera: t('room.participants.csv.camera'),
        hand: t('room.participants.csv.hand'),
      },
      role: (role) => t(`room.roles.${role}`),
      yes: t('room.participants.csv.yes'),
      no: t('room.participants.csv.no'),
      status: (state) => t(`room.participants.csv.${state}`),
      time: (ms) => time.format(ms),
    });
    downloadBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      exportFileName(title, t('room.participants.csv.file'), 'csv'),
    );
  };

  const labels = {
    confirm: t('room.participants.confirm.confirm'),
    cancel: t('room.participants.confirm.cancel'),
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Switch
          label={t('room.participants.locked')}
          checked={locked}
          disabled={busy.lock}
          aria-busy={busy.lock ? true : undefined}
          onChange={(e) => void session.setLocked(e.currentTarget.checked)}
        />
        {busy.lock ? <Loader size="xs" aria-hidden /> : null}
      </Group>
      <Group gap="xs">
        <Switch
          label={t('room.participants.waitingRoom')}
          checked={waitingRoom}
          disabled={busy.waitingRoom}
          aria-busy={busy.waitingRoom ? true : undefined}
          onChange={(e) => void session.setWaitingRoom(e.currentTarget.checked)}
        />
        {busy.waitingRoom ? <Loader size="xs" aria-hidden /> : null}
      </Group>
      {controls.setMode && mode ? (
        <NativeSelect
          label={t('room.participants.mode')}
          value={mode}
          disabled={busy.mode}
          data={ROOM_MODES.map((m) => ({ value: m, label: t(`room.modes.${m}`) }))}
          onChange={(e) => {
            const next = ROOM_MODES.find((m) => m === e.currentTarget.value);
            if (next) void session.setMode(next);
          }}
        />
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          loading={busy.muteAll}
          onClick={() => void session.muteAll()}
        >
          {t('room.participants.muteAll')}
        </Button>
        <Button
          size="xs"
          variant="light"
          loading={busy.stopAllCameras}
          onClick={() => void session.stopAllCameras()}
        >
          {t('room.participants.stopAllCameras')}
        </Button>
        <Button size="xs" variant="default" onClick={exportCsv}>
          {t('room.participants.export')}
        </Button>
        {controls.endForAll ? (
          <Button
            size="xs"
            // White on red.9 is 5.5:1, as the Leave button (red.6: 3.3:1).
            color="red.9"
            loading={busy.endForAll}
            onClick={() =>
              confirm(
                t('room.participants.confirm.endForAll'),
                t('room.participants.confirm.endForAllText'),
                labels,
                () => void session.endForAll(),
                true,
              )
            }
          >
            {t('room.participants.endForAll')}
          </Button>
        ) : null}
      </Group>
      <Divider />
    </Stack>
  );
}

function RaisedHands() {
  const { t } = useTranslation();
  const hands = useRoomState((s) => s.room.hands);
  if (!hands.length) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="sm">
        {t('room.participants.hands', { count: hands.length })}
      </Title>
      <Stack gap={2} role="list">
        {hands.map((h) => (
          <Group key={h.participantId} gap={6} role="listitem">
            <IconHandStop size={14} color="orange" aria-hidden />
            <Text size="sm">{h.name}</Text>
          </Group>
        ))}
      </Stack>
      <Divider />
    </Stack>
  );
}

/**
 * The audience of a conference-like room (hosts and co-hosts see it; attendees see only the
 * stage): searchable by name, 50 a page, so thousands never render at once.
 */
function AudienceList({
  people,
  viewer,
}: {
  people: readonly ParticipantView[];
  viewer: ParticipantView | null;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const found = searchPeople(people, query);
  const shown = pageOf(found, page);
  return (
    <Stack gap="xs">
      <Divider />
      <Title order={3} size="sm">
        {t('roster.audience', { count: people.length })}
      </Title>
      <TextInput
        size="xs"
        type="search"
        aria-label={t('roster.search')}
        placeholder={t('roster.search')}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Stack gap="xs" role="list" aria-label={t('roster.audienceList')}>
        {shown.items.length ? (
          shown.items.map((p) => <ParticipantRow key={p.id} participant={p} viewer={viewer} />)
        ) : (
          <Text size="sm" c="dimmed">
            {t('roster.noMatch')}
          </Text>
        )}
      </Stack>
      {shown.pages > 1 ? (
        <Pagination
          size="sm"
          total={shown.pages}
          value={shown.page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': t(`roster.page.${control}`),
          })}
          getItemProps={(n) => ({ 'aria-label': t('roster.page.number', { n }) })}
        />
      ) : null}
    </Stack>
  );
}

/** The participants panel: roster, waiting room, raised hands and the host controls (spec §6). */
export function ParticipantsPanel({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const participants = useRoomState(
    useShallow((s) =>
      s.room.order.map((id) => s.room.participants[id]).filter((p): p is ParticipantView => !!p),
    ),
  );
  const self = useRoomState((s) => selfOf(s.room));
  const mode = useRoomState((s) => s.room.mode);
  const { stage, audience } = splitRoster(mode, participants);
  return (
    <Stack
      component="aside"
      aria-label={t('room.controls.participants')}
      w={340}
      h="100%"
      gap="sm"
      p="sm"
    >
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('room.participants.title', { count: participants.length })}
        </Title>
        <CloseButton aria-label={t('room.participants.close')} onClick={onClose} />
      </Group>
      <ScrollArea flex={1}>
        <Stack gap="sm">
          <HostControls title={title} />
          <WaitingList />
          <RaisedHands />
          <Title order={3} size="sm">
            {t('room.participants.inRoom')}
          </Title>
          <Stack gap="xs" role="list">
            {stage.length ? (
              stage.map((p) => <ParticipantRow key={p.id} participant={p} viewer={self} />)
            ) : (
              <Text size="sm" c="dimmed">
                {t('room.participants.none')}
              </Text>
            )}
          </Stack>
          {audience.length ? <AudienceList people={audience} viewer={self} /> : null}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
