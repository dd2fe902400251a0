import type { ServerMessage } from '@podium/protocol';
import { breakoutPermissions } from '../../../rooms/feature-permissions/index.ts';
import type { RoomFeature } from '../types.ts';
import { breakoutDecorate } from './routing.ts';
import { warningAt } from './rules.ts';
import { breakoutRun, finish, runOf, viewFor } from './slot.ts';

/**
 * Breakout rooms (README.md here). Protocol: `packages/protocol/src/signaling/breakout.ts`.
 * Permission: `breakout` (rooms/feature-permissions/breakout.ts: hosts and co-hosts). Pure
 * rules: `rules.ts` (balanced split, moves, refusals). The requests are answered outside the
 * room machine (`requests.ts`); the groups are carried out by the media routing
 * (`MediaRouting.setGroups`: each person receives only their group's feeds) and by rewriting
 * public chat messages to the sender's group (`routing.ts`).
 */
export const breakoutFeature: RoomFeature = {
  name: 'breakout',
  permissions: breakoutPermissions,
  slots: [breakoutRun],
  decorate: breakoutDecorate,
  welcome: (room, participantId) => {
    const p = room.state.participants.get(participantId);
    if (!p) return [];
    const { breakout } = runOf(room);
    const messages: ServerMessage[] = [
      { type: 'breakout_state', breakout: viewFor(room.state, breakout, p) },
    ];
    // Past the 60 s warning, whoever arrives (a late joiner, a browser back as a new participant
    // after its session was lost) is warned too: the warning was sent once, before they came.
    const warnAt = breakout && warningAt(breakout);
    if (breakout?.endsAt && warnAt !== null && Date.now() >= warnAt) {
      messages.push({ type: 'breakout_closing', closes_at: breakout.endsAt });
    }
    return messages;
  },
  ended: finish,
};

export {
  breakoutAssign,
  breakoutBroadcast,
  breakoutClose,
  breakoutHelp,
  breakoutJoin,
  breakoutOpen,
} from './requests.ts';
