import type { StreamDestinationInput } from '@podium/protocol';
import type { RoomSession } from '../../session/RoomSession.ts';

/** What the streaming actions need of the session. */
type Session = Pick<RoomSession, 'send'>;

/** Hosts and co-hosts: go live to saved servers and/or ad-hoc destinations. */
export function startStreaming(session: Session, destinations: StreamDestinationInput[]) {
  return session.send('stream_start', { destinations }, 'stream:start');
}

/** Hosts and co-hosts: stop one destination, or every one (no id). */
export function stopStreaming(session: Session, destinationId?: string) {
  return session.send(
    'stream_stop',
    destinationId === undefined ? {} : { destination_id: destinationId },
    `stream:stop:${destinationId ?? 'all'}`,
  );
}
