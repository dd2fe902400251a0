import { Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';

/** Opens and closes the chat panel; counts messages that arrived while it was closed. */
function ChatToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const open = useRoomState((s) => s.panel === 'chat');
  const unread = useRoomState((s) => s.room.unread);
  return (
    <Indicator label={unread} size={18} disabled={unread === 0 || open} offset={6}>
      <ControlToggle
        label={t('room.controls.chat')}
        tip={t('room.controls.chat')}
        pressed={open}
        onClick={() => session.openPanel(open ? null : 'chat')}
      >
        <IconMessageCircle aria-hidden />
      </ControlToggle>
    </Indicator>
  );
}

const CONTROLS = [{ key: 'chat', element: <ChatToggle /> }] as const;

export function useChatControls() {
  return CONTROLS;
}
