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

/** Busy key of the stage's audience chat line. */
export const AUDIENCE_CHAT_BUSY = 'audienceChat';

/** The stage answers the audience (a line in the event's audience chat). */
export const sendAudienceChat = (session: Session, text: string) =>
  session.send('audience_chat', { text }, AUDIENCE_CHAT_BUSY);
