import type { StudioState } from '@podium/protocol';
import type { RoomSession } from '../../session/RoomSession.ts';

/** Hosts and co-hosts: replace the room's studio (the server checks, stores and announces it). */
export function setStudio(session: Pick<RoomSession, 'send'>, studio: StudioState) {
  return session.send('studio_set', { studio }, 'studio:set');
}
