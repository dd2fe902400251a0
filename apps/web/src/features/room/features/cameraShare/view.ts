import {
  CAMERA_SHARE_SOURCES,
  type CameraShareSource,
  type FeedView,
  type Role,
} from '@podium/protocol';
import { shareId, type CameraShareState } from './state.ts';

/** Spec §4: a camera share is starting, streaming or stopping. */
export type CameraShareStatus = 'starting' | 'streaming' | 'stopping';

/** A camera share as the stage shows it. */
export interface CameraShareTile {
  id: string;
  participantId: string;
  source: CameraShareSource;
  name: string;
  status: CameraShareStatus;
  /** This browser's own share (it shows its capture and a Stop button). */
  self: boolean;
  /** The feed carrying it, once the media server has it. */
  feedId: string | null;
}

/**
 * The camera share tiles of the stage, the pinned one first. A share is `starting` until the
 * media server publishes its feed (this browser's own: from the click, before the server even
 * listed it), `streaming` while the feed is there, `stopping` once its owner asked to stop.
 */
export function shareTiles(
  slice: CameraShareState,
  feeds: Readonly<Record<string, FeedView>>,
  selfId: string | null,
): CameraShareTile[] {
  const feedOf = (participantId: string, source: CameraShareSource) =>
    Object.values(feeds).find((f) => f.participant_id === participantId && f.source === source);
  const tiles: CameraShareTile[] = slice.shares.map((share) => {
    const id = shareId(share.participant_id, share.source);
    const feed = feedOf(share.participant_id, share.source);
    return {
      id,
      participantId: share.participant_id,
      source: share.source,
      name: share.name,
      status: slice.stopping.includes(id) ? 'stopping' : feed ? 'streaming' : 'starting',
      self: share.participant_id === selfId,
      feedId: feed?.feed_id ?? null,
    };
  });
  if (selfId !== null) {
    for (const own of slice.own) {
      const id = shareId(selfId, own.source);
      if (tiles.some((t) => t.id === id)) continue;
      tiles.push({
        id,
        participantId: selfId,
        source: own.source,
        name: own.name,
        status: 'starting',
        self: true,
        feedId: null,
      });
    }
  }
  const pinned = tiles.find((t) => t.id === slice.pinned);
  return pinned ? [pinned, ...tiles.filter((t) => t !== pinned)] : tiles;
}

/**
 * The next of this person's sources free for a share, or null when all are in use (the limit,
 * 'You can share at most 3 more cameras').
 */
export function freeSource(
  slice: CameraShareState,
  selfId: string | null,
): CameraShareSource | null {
  const used = new Set<string>(slice.own.map((o) => o.source));
  for (const s of slice.shares) if (s.participant_id === selfId) used.add(s.source);
  return CAMERA_SHARE_SOURCES.find((source) => !used.has(source)) ?? null;
}

/** Who may share more cameras (the server's `share_camera` column): the stage. */
export function mayShareCamera(role: Role | undefined, canPublishVideo: boolean): boolean {
  const stage = role === 'host' || role === 'co-host' || role === 'presenter' || role === 'speaker';
  return stage && canPublishVideo;
}
