import { useEffect, useRef } from 'react';
import type { FeedView } from '@podium/protocol';
import { effectiveChannel, feedVolume, useListening } from '../interpretation/listening.ts';
import { useRoom, useRoomState } from './context.ts';

/**
 * Plays every received audio track, whatever the stage shows (a speaker off-screen in the
 * gallery is still heard). The chosen speaker applies where the browser can pick one.
 */
export function RemoteAudio() {
  const remote = useRoomState((s) => s.media.remote);
  const speaker = useRoomState((s) => s.media.devices.selected.speaker);
  const feeds = useRoomState((s) => s.room.feeds);
  // Interpretation: the chosen channel's interpreter over the original, lowered.
  const listening = useListening(useRoom().store);
  const channel = useRoomState((s) => effectiveChannel(listening, s.room));
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
            volume={feedVolume(feeds[feedId], channel)}
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
