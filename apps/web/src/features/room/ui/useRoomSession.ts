import { useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@podium/protocol';
import { cookieTokenStore } from '../../../shared/api/index.ts';
import { useLanguage, useTranslation } from '../../../shared/i18n/index.ts';
import { browserEnvironment, supportsCalling } from '../../../shared/media/support.ts';
import type { JoinAdmission } from '../../join/ticket.ts';
import { IN_CALL_FEATURES } from '../features/index.ts';
import { iceConfig } from '../media/iceConfig.ts';
import { RoomMedia } from '../media/RoomMedia.ts';
import { fetchSocketAuth } from '../session/auth.ts';
import { noticeText } from '../session/notices.ts';
import { handSoundOn, playHandChime } from './handSound.ts';
import { RoomSession, type RoomNotice } from '../session/RoomSession.ts';
import { socketUrl } from '../../../shared/socket/backoff.ts';
import { takePreopenedSocket } from '../../../shared/socket/preopen.ts';

/**
 * The room session for as long as the page shows: created, started and closed by one effect
 * (so StrictMode's extra mount gets a session of its own, never a closed one). Notices become
 * toasts in the current language.
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

  const { ticket, media } = admission;
  useEffect(() => {
    const created = new RoomSession({
      url: socketUrl(window.location),
      // The first connection adopts the socket the join page opened at the click.
      client: { createSocket: (url) => takePreopenedSocket(url) ?? new WebSocket(url) },
      authenticate: () => fetchSocketAuth(ticket),
      accessToken: () => cookieTokenStore.read().access,
      notify: (notice) => notify.current(notice),
      features: IN_CALL_FEATURES,
      createMedia: async (store, client) => {
        if (!supportsCalling(browserEnvironment())) {
          store.getState().setMedia({ supported: false });
          return null;
        }
        // Fetched alongside the devices; the wait is bounded, and without an answer the call
        // starts with host candidates only.
        const ice = iceConfig.load();
        const roomMedia = await RoomMedia.create({
          store,
          signaling: client,
          mediaDevices: navigator.mediaDevices,
          permissions: navigator.permissions,
          createPeerConnection: created.peerConnections(),
          iceServers: () => iceConfig.current(),
          fallbackLabel: (kind, n) => i18n.t(`join.media.fallback.${kind}`, { n }),
          initialDevices: {
            camera: media.cameraId,
            microphone: media.microphoneId,
            speaker: media.speakerId,
          },
          notify: (notice) => notify.current({ kind: 'media', notice }),
        });
        await ice;
        return roomMedia;
      },
    });
    setSession(created);
    void created.start();
    return () => created.close();
  }, [ticket, media.cameraId, media.microphoneId, media.speakerId, i18n]);

  return session;
}
