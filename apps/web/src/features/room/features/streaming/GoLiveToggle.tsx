import { IconBroadcast } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { isModerator } from '../../state/permissions.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { streamingOf } from './state.ts';

/** Hosts and co-hosts: opens the live streaming panel; pressed while the room is live. */
function GoLiveToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const open = useRoomState((s) => s.panel === 'streaming');
  const live = useRoomState((s) => streamingOf(s).live);
  return (
    <ControlToggle
      label={t('streaming.room.goLive')}
      tip={t('streaming.room.goLive')}
      pressed={open || live}
      danger={live}
      onClick={() => session.openPanel(open ? null : 'streaming')}
    >
      <IconBroadcast aria-hidden />
    </ControlToggle>
  );
}

const CONTROLS = [{ key: 'streaming', element: <GoLiveToggle /> }] as const;
const NONE = [] as const;

/** The Go live control, offered to hosts and co-hosts only (the server checks anyway). */
export function useStreamingControls() {
  const moderator = useRoomState((s) => isModerator(selfOf(s.room)?.role));
  const encrypted = useRoomState((s) => s.room.mode === 'endtoend');
  return moderator && !encrypted ? CONTROLS : NONE;
}
