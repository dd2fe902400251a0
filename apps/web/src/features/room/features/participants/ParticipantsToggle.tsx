import { Indicator } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { isModerator } from '../../state/permissions.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';

/** Opens and closes the participants panel; moderators see how many wait to be admitted. */
function ParticipantsToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const open = useRoomState((s) => s.panel === 'participants');
  const waiting = useRoomState((s) => s.room.waiting.length);
  const moderator = useRoomState((s) => isModerator(selfOf(s.room)?.role));
  return (
    <Indicator
      label={waiting}
      size={18}
      color="orange"
      disabled={waiting === 0 || !moderator || open}
      offset={6}
    >
      <ControlToggle
        label={t('room.controls.participants')}
        tip={t('room.controls.participants')}
        pressed={open}
        onClick={() => session.openPanel(open ? null : 'participants')}
      >
        <IconUsers aria-hidden />
      </ControlToggle>
    </Indicator>
  );
}

const CONTROLS = [{ key: 'participants', element: <ParticipantsToggle /> }] as const;

export function useParticipantsControls() {
  return CONTROLS;
}
