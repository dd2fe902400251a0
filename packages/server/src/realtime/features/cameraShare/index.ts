import type { CameraShareView, ServerMessageOf } from '@podium/protocol';
import { cameraSharePermissions } from '../../../rooms/feature-permissions/index.ts';
import type { Outgoing, RoomState } from '../../../rooms/index.ts';
import type {
  FeatureRequestHandler,
  FeatureRoom,
  FeatureSlot,
  RequestPreparer,
  RoomFeature,
} from '../types.ts';
import {
  endedBy,
  startRefusal,
  startShare,
  stopShare,
  stoppedByHost,
  visibleShares,
  type Shares,
} from './rules.ts';

/**
 * Multi-camera sharing (issue 14 item 3). Protocol: `packages/protocol/src/signaling/
 * cameraShare.ts` (`camera_share_start {source, name}`, `camera_share_stop {source}`; event
 * `camera_shares`). Permission `share_camera` (rooms/feature-permissions/cameraShare.ts: the
 * stage) and the camera right of the moment. Each share is one of the owner's extra publishers
 * on the media server (`CAMERA_SHARE_SOURCES`, at most three a person): the media routing lets
 * it be published only with the camera right, and the feeds follow the roster like any other.
 *
 * State: the room run's list of shares, in a slot, told to everyone on every change and after
 * every `welcome` (late joiners, resumes, the recorder). A share ends when its owner stops it,
 * leaves, loses the camera right, or the host stops the cameras (`stop_all_cameras`, through a
 * request preparer: the same people whose camera it turns off); the server then drops its feed
 * itself, whatever the owner's browser does.
 *
 * End-to-end encrypted rooms: allowed. The browser encrypts a share's frames with the room's
 * transform like its main camera (the server only relays them).
 */

interface ShareSlot {
  shares: Shares;
  /** The list as last told to everyone (JSON), so a change that shows nothing new sends nothing. */
  told: string;
}

const shareSlot: FeatureSlot<ShareSlot> = {
  name: 'camera-shares',
  open: () => ({ shares: [], told: '[]' }),
};

function sharesMessage(shares: readonly CameraShareView[]): ServerMessageOf<'camera_shares'> {
  return { type: 'camera_shares', shares: [...shares] };
}

/** The message telling everyone the list, when what they see of it changed; else null. */
function update(slot: ShareSlot, state: RoomState): Outgoing | null {
  const visible = visibleShares(slot.shares, state);
  const told = JSON.stringify(visible);
  if (told === slot.told) return null;
  slot.told = told;
  return { to: { to: 'everyone' }, message: sharesMessage(visible) };
}

/** Ends shares: their feeds go from the media server, whatever the owners' browsers do. */
function end(room: FeatureRoom, slot: ShareSlot, ended: readonly CameraShareView[]): void {
  if (ended.length === 0) return;
  slot.shares = slot.shares.filter((s) => !ended.includes(s));
  for (const share of ended) room.routing.unpublish(share.participant_id, share.source);
}

export const cameraShareFeature: RoomFeature = {
  name: 'cameraShare',
  permissions: cameraSharePermissions,
  slots: [shareSlot],
  welcome: (room) => [sharesMessage(visibleShares(room.local(shareSlot).shares, room.state))],
  decorate: (room, decision) => {
    const slot = room.local(shareSlot);
    if (slot.shares.length === 0) return decision;
    end(room, slot, endedBy(slot.shares, decision.effects, decision.state));
    // Also when someone went backstage or came back: what everyone sees of the list changed.
    const told = update(slot, decision.state);
    return told ? { ...decision, events: [...decision.events, told] } : decision;
  },
};

export const cameraShareStart: FeatureRequestHandler<'camera_share_start'> = (
  room,
  by,
  request,
  answer,
) =>
  room.turn(() => {
    const slot = room.local(shareSlot);
    const refused = startRefusal(room.state, by);
    const changed = refused
      ? ({ ok: false, error: refused } as const)
      : startShare(slot.shares, by, request.source, request.name);
    if (!changed.ok) {
      answer({ ok: false, error: changed.error });
      return;
    }
    slot.shares = changed.shares;
    answer({ ok: true });
    const told = update(slot, room.state);
    if (told) room.deliver([told]);
  });

export const cameraShareStop: FeatureRequestHandler<'camera_share_stop'> = (
  room,
  by,
  request,
  answer,
) =>
  room.turn(() => {
    const slot = room.local(shareSlot);
    const changed = stopShare(slot.shares, by, request.source);
    if (!changed.ok) {
      answer({ ok: false, error: changed.error });
      return;
    }
    end(
      room,
      slot,
      slot.shares.filter((s) => !changed.shares.includes(s)),
    );
    answer({ ok: true });
    const told = update(slot, room.state);
    if (told) room.deliver([told]);
  });

/**
 * The host's "Stop cameras" also ends camera shares (of the same people). Checked in the
 * request's turn, before the machine applies it, with the machine's own permission rule.
 */
export const prepareStopAllCameras: RequestPreparer<'stop_all_cameras'> = async (
  room,
  by,
  request,
) => {
  return (state) => {
    const slot = room.local(shareSlot);
    end(room, slot, stoppedByHost(slot.shares, state, by));
    const told = update(slot, state);
    if (told) room.deliver([told]);
    return { ok: true, request };
  };
};
