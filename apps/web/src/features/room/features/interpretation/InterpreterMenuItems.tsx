import { useState, type FormEvent } from 'react';
import { Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { INTERPRETER_CHANNEL_MAX, type ParticipantView } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import type { RoomSession } from '../../session/RoomSession.ts';
import { isModerator } from '../../state/permissions.ts';
import { useRoom } from '../../ui/context.ts';
import { setInterpreter } from './actions.ts';

/** Whether `viewer` may make `target` an interpreter, or stop them (the server's own rule). */
function interpreterActions(
  viewer: ParticipantView | null,
  target: ParticipantView,
): { make: boolean; stop: boolean } {
  if (!viewer || !isModerator(viewer.role) || viewer.id === target.id) {
    return { make: false, stop: false };
  }
  const interpreting = target.role === 'interpreter';
  return { make: !interpreting && !isModerator(target.role), stop: interpreting };
}

/** Whether the participant menu has interpretation items for this pair. */
export function hasInterpreterActions(viewer: ParticipantView | null, target: ParticipantView) {
  const actions = interpreterActions(viewer, target);
  return actions.make || actions.stop;
}

/** "Make interpreter…" (asks for the channel, then confirms) and "Stop interpreting". */
export function InterpreterMenuItems({
  viewer,
  participant,
}: {
  viewer: ParticipantView | null;
  participant: ParticipantView;
}) {
  const { t } = useTranslation();
  const session = useRoom();
  const actions = interpreterActions(viewer, participant);
  return (
    <>
      {actions.make ? (
        <Menu.Item onClick={() => openChannelDialog(session, participant, t)}>
          {t('room.interpretation.makeInterpreter')}
        </Menu.Item>
      ) : null}
      {actions.stop ? (
        <Menu.Item onClick={() => void setInterpreter(session, participant.id, null)}>
          {t('room.interpretation.stopInterpreting')}
        </Menu.Item>
      ) : null}
    </>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function openChannelDialog(session: RoomSession, participant: ParticipantView, t: Translate) {
  const name = participant.name;
  const id = modals.open({
    title: t('room.interpretation.dialogTitle', { name }),
    // Rendered by the app's modal provider, outside the room context: the session comes along.
    children: (
      <ChannelForm
        text={t('room.interpretation.dialogText', { name })}
        onCancel={() => modals.close(id)}
        onConfirm={(channel) => {
          modals.close(id);
          void setInterpreter(session, participant.id, channel);
        }}
      />
    ),
  });
}

function ChannelForm({
  text,
  onConfirm,
  onCancel,
}: {
  text: string;
  onConfirm: (channel: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const channel = value.trim();
    if (channel === '') return setError(t('room.interpretation.channelRequired'));
    if (channel.length > INTERPRETER_CHANNEL_MAX) {
      return setError(t('room.interpretation.channelTooLong', { max: INTERPRETER_CHANNEL_MAX }));
    }
    onConfirm(channel);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <TextInput
          label={t('room.interpretation.channelName')}
          description={t('room.interpretation.channelHint')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('room.interpretation.cancel')}
          </Button>
          <Button type="submit">{t('room.interpretation.confirm')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
