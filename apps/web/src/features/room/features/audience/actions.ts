import type { RoomSession } from '../../session/RoomSession.ts';

/** What the audience actions need of the session. */
type Session = Pick<RoomSession, 'send'>;

/** Busy key of both requests (one control shows the pending state). */
export const AUDIENCE_BUSY = 'audience';

/** Hosts and co-hosts: put the room on its public watch page. */
export const startAudience = (session: Session) =>
  session.send('audience_start', {}, AUDIENCE_BUSY);

/** Hosts and co-hosts: take the room off its watch page. */
export const stopAudience = (session: Session) => session.send('audience_stop', {}, AUDIENCE_BUSY);
