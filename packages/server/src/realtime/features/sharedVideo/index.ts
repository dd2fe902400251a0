import { parseVideoLink, type ServerMessageOf, type SharedVideoView } from '@podium/protocol';
import { sharedVideoPermissions } from '../../../rooms/feature-permissions/index.ts';
import { can, inRoom, roomError, type RoomError } from '../../../rooms/index.ts';
import type { Answer } from '../../room-types.ts';
import type { FeatureRequestHandler, FeatureRoom, FeatureSlot, RoomFeature } from '../types.ts';
import { controlled } from './rules.ts';

/**
 * Playing a video link (issue 14 item 2). Protocol: `packages/protocol/src/signaling/sharedVideo.ts`
 * (`video_share`, `video_control`, `video_stop`; event `video_state`). Permission `share_video`
 * (rooms/feature-permissions/sharedVideo.ts: hosts, co-hosts, presenters). State: per room run,
 * in a slot: the link and `{playing, position, at}` on the server's clock (rules.ts), sent to
 * everyone on every change and after every `welcome` (a late joiner starts where the others
 * are). Browsers play it themselves: the server never fetches the link.
 *
 * SECURITY: only links `parseVideoLink` understands (http(s) files, YouTube and Vimeo ids) are
 * kept; the web embeds only the two sites' players (the CSP allows no other frame). End-to-end
 * encrypted rooms may share a link too: it is not the room's media, but the server sees it.
 */

interface VideoSlot {
  video: SharedVideoView | null;
  /** Makes every shared link's id unique in the run (the stage tile's key). */
  count: number;
}

const videoSlot: FeatureSlot<VideoSlot> = {
  name: 'shared-video',
  open: () => ({ video: null, count: 0 }),
};

function stateMessage(video: SharedVideoView | null): ServerMessageOf<'video_state'> {
  return { type: 'video_state', video, now: Date.now() };
}

export const sharedVideoFeature: RoomFeature = {
  name: 'sharedVideo',
  permissions: sharedVideoPermissions,
  slots: [videoSlot],
  // A resumed browser may still show a video stopped while it was away: it is told there is none.
  welcome: (room) => [stateMessage(room.local(videoSlot).video)],
};

/** Why `by` may not share or control the video now, or null. */
function refusal(room: FeatureRoom, by: string): RoomError | null {
  const p = room.state.participants.get(by);
  if (!p || !inRoom(p) || p.status !== 'connected') {
    return roomError('not_joined', 'room.not_in_room');
  }
  if (!can(p.role, 'share_video', { mode: room.state.mode })) {
    return roomError('permission', 'errors.permission');
  }
  return null;
}

function announce(room: FeatureRoom, video: SharedVideoView | null): void {
  room.local(videoSlot).video = video;
  room.deliver([{ to: { to: 'everyone' }, message: stateMessage(video) }]);
}

function inTurn(
  room: FeatureRoom,
  by: string,
  answer: Answer,
  act: (slot: VideoSlot) => RoomError | null,
): Promise<void> {
  return room.turn(() => {
    const refused = refusal(room, by) ?? act(room.local(videoSlot));
    answer(refused ? { ok: false, error: refused } : { ok: true });
  });
}

/** A new link replaces the one shown; it starts paused at 0 for the sharer to play. */
export const videoShare: FeatureRequestHandler<'video_share'> = (room, by, request, answer) =>
  inTurn(room, by, answer, (slot) => {
    const link = parseVideoLink(request.url);
    if (!link) return roomError('not_allowed', 'video.invalid_link');
    slot.count += 1;
    announce(room, {
      id: `v${slot.count}`,
      url: link.url,
      kind: link.kind,
      video_id: link.videoId,
      by,
      playing: false,
      position: 0,
      at: Date.now(),
    });
    return null;
  });

export const videoControl: FeatureRequestHandler<'video_control'> = (room, by, request, answer) =>
  inTurn(room, by, answer, (slot) => {
    if (!slot.video) return roomError('conflict', 'video.not_shared');
    announce(room, controlled(slot.video, request, Date.now()));
    return null;
  });

export const videoStop: FeatureRequestHandler<'video_stop'> = (room, by, _request, answer) =>
  inTurn(room, by, answer, (slot) => {
    if (!slot.video) return roomError('conflict', 'video.not_shared');
    announce(room, null);
    return null;
  });
