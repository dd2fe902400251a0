import { useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../../shared/i18n/index.ts';
import { fallbackLabel } from '../../../shared/media/fallbackLabel.ts';
import type { JoinAdmission } from '../../../shared/session/admission.ts';
import { noticeText } from '../session/notices.ts';
import { handSoundOn, playHandChime } from './handSound.ts';
import type { RoomNotice, RoomSession } from '../session/RoomSession.ts';
import { adoptBrowserRoom, releaseBrowserRoom, startBrowserRoom } from './browserRoom.ts';

/**
 * The room session for as long as the page shows: the one the join page launched with the
 * admission, or else one started here; handed back when the page unmounts (closed unless a
 * new mount, such as StrictMode's second one, takes it at once). Notices become toasts in the
 * current language.
 */
export function useRoomSession(admission: JoinAdmission): RoomSession | null {
  const { t, i18n } = useTranslation();
  const [language] = useLanguage();
  const [session, setSession] = useState<RoomSession | null>(null);

  // The latest translator, without restarting the session when the language changes.
  const notify = useRef<(notice: RoomNotice) => void>(() => undefined);
  useEffect(() => {
    notify.current = (notice) => {
      if (notice.kind === 'hand_raised' && handSoundOn()) playHandChime();
      const { text, tone } = noticeText(notice, t, language);
      notifications.show({
        message: text,
        color: tone === 'error' ? 'red' : 'blue',
        autoClose: TOAST_MS,
      });
    };
  }, [t, language]);

  useEffect(() => {
    const room =
      adoptBrowserRoom(admission.ticket) ?? startBrowserRoom(admission, fallbackLabel(i18n));
    room.relay.attach((notice) => notify.current(notice));
    // The session is taken and handed back by this one effect (StrictMode's second mount takes
    // it again); the state only hands it to the render.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setSession(room.session);
    return () => releaseBrowserRoom(room);
  }, [admission, i18n]);

  return session;
}
