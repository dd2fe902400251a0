import { useEffect } from 'react';
import { Badge, NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { selfOf } from '../../state/roomState.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { backToOriginalIfLost, chooseChannel } from './actions.ts';
import { interpreterChannels, listenedChannel, lostChannel } from './listening.ts';

/** Value of the "Original" option (channel names are never empty). */
const ORIGINAL = '';

/**
 * The call toolbar's interpretation control: an interpreter sees the channel they publish into;
 * everyone else picks "Original" or a channel that has an interpreter (hidden while none has).
 */
function InterpretationControl() {
  const { t } = useTranslation();
  const session = useRoom();
  const self = useRoomState((s) => selfOf(s.room));
  const channelsKey = useRoomState((s) => interpreterChannels(s.room.participants).join('\n'));
  const current = useRoomState(listenedChannel);
  const lost = useRoomState((s) => lostChannel(s).lost);
  const channels = channelsKey === '' ? [] : channelsKey.split('\n');

  // The chosen channel lost its last interpreter: back to Original, on the server too.
  useEffect(() => {
    if (lost) backToOriginalIfLost(session);
  }, [lost, session]);

  if (self?.interpreter_channel) {
    return (
      <Badge size="lg" variant="light" leftSection={<IconLanguage size={14} aria-hidden />}>
        {t('room.interpretation.interpreting', { channel: self.interpreter_channel })}
      </Badge>
    );
  }
  if (channels.length === 0 || !self) return null;

  const choose = (value: string) => chooseChannel(session, value === ORIGINAL ? null : value);

  return (
    <NativeSelect
      aria-label={t('room.interpretation.channel')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={current ?? ORIGINAL}
      onChange={(e) => void choose(e.currentTarget.value)}
      data={[
        { value: ORIGINAL, label: t('room.interpretation.original') },
        ...channels.map((c) => ({ value: c, label: c })),
      ]}
    />
  );
}

const CONTROLS = [{ key: 'interpretation', element: <InterpretationControl /> }] as const;

/** The interpretation feature's controls: the channel selector (or the interpreter's badge). */
export function useInterpretationControls() {
  return CONTROLS;
}
