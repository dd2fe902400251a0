import type { RoomSession } from '../../session/RoomSession.ts';
import { writeSlice } from '../../store.ts';
import { listeningSlice, lostChannel } from './listening.ts';

/** What the interpretation actions need of the session. */
type Session = Pick<RoomSession, 'send' | 'store'>;

/** Hosts: make someone an interpreter into a language channel; null stops interpreting. */
export function setInterpreter(session: Session, participantId: string, channel: string | null) {
  return session.send(
    'set_interpreter',
    { participant_id: participantId, channel },
    `role:${participantId}`,
  );
}

/** Listeners: the channel to hear (null: Original); remembered once the server agreed. */
export async function chooseChannel(session: Session, channel: string | null): Promise<boolean> {
  const ok = await session.send('choose_channel', { channel }, 'channel');
  if (ok) {
    const participantId = session.store.getState().room.selfId;
    writeSlice(session.store, listeningSlice, { channel, participantId });
  }
  return ok;
}

/** The chosen channel lost its last interpreter: back to Original, on the server too. */
export function backToOriginalIfLost(session: Session): void {
  const { lost, server } = lostChannel(session.store.getState());
  if (!lost) return;
  writeSlice(session.store, listeningSlice, { channel: null, participantId: null });
  if (server) void session.send('choose_channel', { channel: null }, 'channel');
}
