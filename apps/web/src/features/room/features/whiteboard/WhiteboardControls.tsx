import { IconChalkboard } from '@tabler/icons-react';
import { WHITEBOARD_OPEN_ROLES } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { WHITEBOARD_BUSY, closeWhiteboard, openWhiteboard } from './actions.ts';
import { whiteboardSlice } from './state.ts';

/** "Whiteboard": presenters, co-hosts and the host open it for everyone; pressed while open. */
function WhiteboardToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const role = useRoomState((s) => selfOf(s.room)?.role);
  const mode = useRoomState((s) => s.room.mode);
  const open = useRoomState((s) => readSlice(s, whiteboardSlice).view.open);
  const busy = useRoomState((s) => Boolean(s.busy[WHITEBOARD_BUSY]));
  // End-to-end rooms have no server-side board.
  if (!role || !WHITEBOARD_OPEN_ROLES.includes(role) || mode === 'endtoend') return null;
  return (
    <ControlToggle
      label={t('whiteboard.control')}
      tip={open ? t('whiteboard.close') : t('whiteboard.open')}
      pressed={open}
      pending={busy}
      onClick={() => void (open ? closeWhiteboard(session) : openWhiteboard(session))}
    >
      <IconChalkboard aria-hidden />
    </ControlToggle>
  );
}

const CONTROLS = [{ key: 'whiteboard', element: <WhiteboardToggle /> }] as const;

export function useWhiteboardControls() {
  return CONTROLS;
}
