import { useEffect, useRef } from 'react';
import { useRoomState } from './context.ts';

/**
 * Plays every received audio track, whatever the stage shows (a speaker off-screen in the
 * gallery is still heard). The chosen speaker applies where the browser can pick one.
 */
export function RemoteAudio() {
  const remote = useRoomState((s) => s.media.remote);
  const speaker = useRoomState((s) => s.media.devices.selected.speaker);
  return (
    <>
      {Object.entries(remote)
        .filter(([, stream]) => stream.getAudioTracks().length > 0)
        .map(([feedId, stream]) => (
          <FeedAudio key={feedId} stream={stream} speaker={speaker} />
        ))}
    </>
  );
}

function FeedAudio({ stream, speaker }: { stream: MediaStream; speaker: string | null }) {
  const audio = useRef<HTMLAudioElement>(null);
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
  return <audio ref={audio} autoPlay hidden />;
}
