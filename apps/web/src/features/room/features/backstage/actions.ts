import type { ParticipantView, Role } from '@podium/protocol';
import type { RoomSession } from '../../session/RoomSession.ts';
import { isModerator } from '../../state/permissions.ts';

type Session = Pick<RoomSession, 'send'>;

/** The loading flag of the backstage controls. */
export const BACKSTAGE_BUSY = 'backstage';

/** Roles that go backstage (the server's BACKSTAGE_ROLES): hosts run the room from the stage. */
export const isBackstageRole = (role: Role | undefined): boolean =>
  role === 'presenter' || role === 'speaker';

/** Whether `viewer` may move `target` to the backstage or back (a host control). */
export function canMove(viewer: ParticipantView | null, target: ParticipantView): boolean {
  return (
    viewer !== null &&
    isModerator(viewer.role) &&
    viewer.id !== target.id &&
    isBackstageRole(target.role)
  );
}

/** Oneself: a refusal ('Too few presenters to go invisible', …) becomes a toast. */
export const setSelfInvisible = (session: Session, invisible: boolean) =>
  session.send(invisible ? 'go_invisible' : 'go_visible', {}, BACKSTAGE_BUSY);

export const moveToBackstage = (session: Session, participantId: string, backstage: boolean) =>
  session.send(
    backstage ? 'go_invisible' : 'go_visible',
    { participant_id: participantId },
    `${BACKSTAGE_BUSY}:${participantId}`,
  );

/** Every presenter but the one pinned for everyone ('Please pin a presenter first'), or all back. */
export const moveAllToBackstage = (session: Session, backstage: boolean) =>
  session.send(backstage ? 'go_invisible' : 'go_visible', { all: true }, BACKSTAGE_BUSY);
