import { useEffect, useRef } from 'react';
import type { FeedView } from '@podium/protocol';
import { useShallow } from 'zustand/react/shallow';
import type { InCallFeature } from '../features/inCallFeature.ts';
import type { RoomStoreState } from '../store.ts';
import { useRoom, useRoomState } from './context.ts';

/** A feed's playback volume: the product of the features' gains (interpretation lowers some). */
function feedGain(
  features: readonly InCallFeature[],
  state: RoomStoreState,
  feed: FeedView | undefined,
): number {
  return features.reduce((gain, f) => gain * (f.feedGain?.(state, feed) ?? 1), 1);
}

/**
 * Plays every received audio track, whatever the stage shows (a speaker off-screen in the
 * gallery is still heard). The chosen speaker applies where the browser can pick one.
 */
export function RemoteAudio() {
  const remote = useRoomState((s) => s.media.remote);
  const speaker = useRoomState((s) => s.media.devices.selected.speaker);
  const feeds = useRoomState((s) => s.room.feeds);
  const { features } = useRoom();
  const volumes = useRoomState(
    useShallow((s) =>
      Object.fromEntries(
        Object.keys(s.media.remote).map((id) => [id, feedGain(features, s, s.room.feeds[id])]),
      ),
    ),
  );
  return (
    <>
      {Object.entries(remote)
        .filter(([, stream]) => stream.getAudioTracks().length > 0)
        .map(([feedId, stream]) => (
          <FeedAudio
            key={feedId}
            stream={stream}
            speaker={speaker}
            feed={feeds[feedId]}
            volume={volumes[feedId] ?? 1}
          />
        ))}
    </>
  );
}

function FeedAudio({
  stream,
  speaker,
  feed,
  volume,
}: {
  stream: MediaStream;
  speaker: string | null;
  feed: FeedView | undefined;
  volume: number;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.srcObject = new MediaStream(stream.getAudioTracks());
    void element.play().catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  useEffect(() => {
    const element = audio.current as
      (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (!element || !speaker || typeof element.setSinkId !== 'function') return;
    element.setSinkId(speaker).catch(() => undefined);
  }, [speaker]);
  return (
    <audio
      ref={audio}
      autoPlay
      hidden
      // Which feed and channel this plays: read by the browser tests and handy in devtools.
      data-participant={feed?.participant_id}
      data-channel={feed?.channel ?? ''}
    />
  );
}
