import type { ParticipantView, Role } from '@podium/protocol';
import type { RoomSession } from '../../session/RoomSession.ts';

type Session = Pick<RoomSession, 'send'>;

export const SHARED_VIDEO_BUSY = 'sharedVideo';

/** Who shares and controls (the server's `share_video` column): the stage. */
const canShareVideo = (role: Role | undefined): boolean =>
  role === 'host' || role === 'co-host' || role === 'presenter' || role === 'speaker';

export const mayControl = (self: ParticipantView | null): boolean => canShareVideo(self?.role);

/** A refusal ('Invalid link', permission) becomes a toast; resolves true when shared. */
export const shareVideo = (session: Session, url: string) =>
  session.send('video_share', { url }, SHARED_VIDEO_BUSY);

export const controlVideo = (session: Session, state: { playing: boolean; position: number }) =>
  session.send('video_control', state, SHARED_VIDEO_BUSY);

export const stopVideo = (session: Session) => session.send('video_stop', {}, SHARED_VIDEO_BUSY);
