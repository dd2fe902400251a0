import type { TFunction } from 'i18next';
import { signalingMessages, storageMessages, type Language } from '@podium/protocol';
import { signalingErrorText } from '../signaling/errors.ts';
import { assertNever } from '../../../shared/assertNever.ts';
import type { RoomNotice } from './RoomSession.ts';

export interface NoticeText {
  text: string;
  tone: 'info' | 'error';
}

/** The toast for a room notice, in the viewer's language. */
export function noticeText(notice: RoomNotice, t: TFunction, language: Language): NoticeText {
  switch (notice.kind) {
    case 'error':
      return { text: signalingErrorText(notice.error, language), tone: 'error' };
    case 'media': {
      const m = notice.notice;
      switch (m.kind) {
        case 'unavailable':
          return { text: t('room.mediaUnavailable'), tone: 'error' };
        case 'publish_failed':
          return { text: t('room.publishFailed'), tone: 'error' };
        case 'not_allowed':
          return { text: signalingMessages[language]['room.enable_not_allowed'], tone: 'error' };
        case 'stopped_by_host':
          return { text: t(`room.stoppedByHost.${m.what}`), tone: 'info' };
        default:
          return assertNever(m, 'media notice');
      }
    }
    case 'ask_answered':
      return {
        text: t(`room.askAnswered.${notice.response}`, { name: notice.name }),
        tone: 'info',
      };
    case 'hand_raised':
      return { text: t('room.handRaisedBy', { name: notice.name }), tone: 'info' };
    case 'hand_lowered_by_host':
      return { text: t('room.handLoweredByHost'), tone: 'info' };
    case 'role_changed':
      return {
        text: t('room.roleChanged', { role: t(`room.roles.${notice.role}`) }),
        tone: 'info',
      };
    case 'mode_changed':
      return {
        text: t('room.modeChanged', { mode: t(`room.modes.${notice.mode}`) }),
        tone: 'info',
      };
    case 'reconnected':
      return { text: t('room.reconnected'), tone: 'info' };
    case 'rejoined':
      return { text: t('room.rejoined'), tone: 'info' };
    case 'chat_cleared':
      return { text: t('room.chat.cleared'), tone: 'info' };
    case 'download_failed':
      return { text: t('room.downloadFailed'), tone: 'error' };
    case 'upload_failed':
      switch (notice.reason) {
        case 'rejected':
          return { text: storageMessages['storage.file_rejected'][language], tone: 'error' };
        case 'unauthorized':
          return { text: signalingMessages[language]['errors.permission'], tone: 'error' };
        case 'network':
          return { text: t('room.uploadFailed'), tone: 'error' };
        default:
          return assertNever(notice.reason, 'upload failure');
      }
    default:
      return assertNever(notice, 'room notice');
  }
}
