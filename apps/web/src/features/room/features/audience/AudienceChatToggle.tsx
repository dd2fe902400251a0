import { useState } from 'react';
import { Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { readSlice } from '../../store.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { audienceChatSlice, showsAudienceChat } from './chatState.ts';
import { audienceSlice } from './state.ts';

export const AUDIENCE_CHAT_PANEL = 'audience-chat';

/** Opens the audience chat beside the stage; counts lines that came while it was closed. */
function AudienceChatToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const open = useRoomState((s) => s.panel === AUDIENCE_CHAT_PANEL);
  const received = useRoomState((s) => readSlice(s, audienceChatSlice).received);
  const shown = useRoomState((s) => showsAudienceChat(s.room.mode, readSlice(s, audienceSlice)));
  const [seen, setSeen] = useState(received);
  // While open, everything received is seen (adjusted during render, React's pattern for it).
  if (open && seen !== received) setSeen(received);
  if (!shown) return null;
  const unread = open ? 0 : Math.max(0, received - seen);
  return (
    <Indicator label={unread} size={18} disabled={unread === 0} offset={6}>
      <ControlToggle
        label={t('live.room.chat.control')}
        tip={t('live.room.chat.control')}
        pressed={open}
        onClick={() => session.openPanel(open ? null : AUDIENCE_CHAT_PANEL)}
      >
        <IconMessages aria-hidden />
      </ControlToggle>
    </Indicator>
  );
}

const CONTROLS = [{ key: 'audience-chat', element: <AudienceChatToggle /> }] as const;

export function useAudienceChatControls() {
  return CONTROLS;
}
