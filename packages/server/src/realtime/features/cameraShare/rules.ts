import type { CameraShareSource, CameraShareView } from '@podium/protocol';
import {
  can,
  inRoom,
  publishRights,
  roomError,
  type Effect,
  type Participant,
  type RoomError,
  type RoomState,
} from '../../../rooms/index.ts';

/**
 * The pure rules of camera shares (no I/O): who may start one, what a start or stop does to the
 * room's list, which shares a room change ends, and which shares everyone is told about.
 */

export type Shares = readonly CameraShareView[];
export type Changed = { ok: true; shares: Shares } | { ok: false; error: RoomError };

/** Why `by` may not share a camera now, or null. */
export function startRefusal(state: RoomState, by: string): RoomError | null {
  const p = state.participants.get(by);
  if (!p || !inRoom(p) || p.status !== 'connected') {
    return roomError('not_joined', 'room.not_in_room');
  }
  if (!can(p.role, 'share_camera', { mode: state.mode })) {
    return roomError('permission', 'errors.permission');
  }
  // The camera right of the moment (a host may have taken it back).
  if (!publishRights(state, by).video) {
    return roomError('permission', 'room.enable_not_allowed');
  }
  return null;
}

export function startShare(
  shares: Shares,
  by: string,
  source: CameraShareSource,
  name: string,
): Changed {
  if (shares.some((s) => s.participant_id === by && s.source === source)) {
    return { ok: false, error: roomError('conflict', 'cameraShare.in_use') };
  }
  return { ok: true, shares: [...shares, { participant_id: by, source, name }] };
}

export function stopShare(shares: Shares, by: string, source: CameraShareSource): Changed {
  const rest = shares.filter((s) => !(s.participant_id === by && s.source === source));
  if (rest.length === shares.length) {
    return { ok: false, error: roomError('conflict', 'cameraShare.not_shared') };
  }
  return { ok: true, shares: rest };
}

/**
 * The shares a room change ends: their owner is gone (left, removed, timed out) or may no
 * longer send video (a role taken back, a mode change). A participant reconnecting keeps theirs.
 */
export function endedBy(
  shares: Shares,
  effects: readonly Effect[],
  after: RoomState,
): CameraShareView[] {
  const closed = new Set(
    effects.flatMap((e) => (e.kind === 'media.close' ? [e.participantId] : [])),
  );
  return shares.filter((s) => {
    const owner = after.participants.get(s.participant_id);
    return (
      closed.has(s.participant_id) ||
      !owner ||
      !inRoom(owner) ||
      !publishRights(after, s.participant_id).video
    );
  });
}

/**
 * Whose shares the host's "Stop cameras" ends: the same people whose camera it turns off
 * (everyone but the one asking, the host and interpreters), or nobody when `by` may not.
 */
export function stoppedByHost(shares: Shares, state: RoomState, by: string): CameraShareView[] {
  const actor = state.participants.get(by);
  if (!actor || !inRoom(actor) || !can(actor.role, 'stop_all_cameras', { mode: state.mode })) {
    return [];
  }
  return shares.filter((s) => {
    const owner = state.participants.get(s.participant_id);
    return owner !== undefined && isStopped(owner, by);
  });
}

function isStopped(owner: Participant, by: string): boolean {
  return owner.id !== by && owner.role !== 'host' && owner.role !== 'interpreter';
}

/**
 * What everyone is told: the shares of people on the stage. A backstage presenter's shares are
 * left out, like their feeds (a moderator still receives those feeds, but no named tile).
 */
export function visibleShares(shares: Shares, state: RoomState): CameraShareView[] {
  return shares.filter((s) => {
    const owner = state.participants.get(s.participant_id);
    return owner !== undefined && inRoom(owner) && !owner.invisible && owner.recorder !== true;
  });
}
