import type { RoomSession } from '../../session/RoomSession.ts';

/** What the recording actions need of the session. */
type Session = Pick<RoomSession, 'send'>;

/** The loading flag of every recording control (one request at a time). */
export const RECORDING_BUSY = 'recording';

/** Hosts and co-hosts: a refusal (permission, already recording, …) becomes a toast. */
export const startRecording = (session: Session) =>
  session.send('recording_start', {}, RECORDING_BUSY);
export const pauseRecording = (session: Session) =>
  session.send('recording_pause', {}, RECORDING_BUSY);
export const resumeRecording = (session: Session) =>
  session.send('recording_resume', {}, RECORDING_BUSY);
export const stopRecording = (session: Session) =>
  session.send('recording_stop', {}, RECORDING_BUSY);
