import type { SharedVideoKind } from '@podium/protocol';
import type { PlayerReading } from './sync.ts';

/**
 * One interface over the three players: a <video> for direct files, and the YouTube and Vimeo
 * iframe players driven through their postMessage APIs (no script of theirs runs in the page:
 * the CSP allows their frames, not their scripts).
 */
export interface Player {
  read(): PlayerReading;
  /** The video's length in seconds, when known. */
  duration(): number | undefined;
  seek(seconds: number): void;
  /** Resolves false when the browser refused to start it (autoplay with sound). */
  play(): Promise<boolean>;
  pause(): void;
  dispose(): void;
}

export function videoElementPlayer(video: HTMLVideoElement): Player {
  return {
    read: () => ({ time: video.readyState > 0 ? video.currentTime : null, paused: video.paused }),
    duration: () => (Number.isFinite(video.duration) ? video.duration : undefined),
    seek: (seconds) => {
      video.currentTime = seconds;
    },
    play: () =>
      video.play().then(
        () => true,
        () => false,
      ),
    pause: () => video.pause(),
    dispose: () => undefined,
  };
}

const ORIGINS: Record<Exclude<SharedVideoKind, 'file'>, readonly string[]> = {
  youtube: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
  vimeo: ['https://player.vimeo.com'],
};

/** The embed address of a site's player for a video id (ids are checked by parseVideoLink). */
export function embedUrl(kind: 'youtube' | 'vimeo', videoId: string, origin: string): string {
  if (kind === 'youtube') {
    const params = new URLSearchParams({
      enablejsapi: '1',
      controls: '0',
      disablekb: '1',
      playsinline: '1',
      rel: '0',
      origin,
    });
    return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params}`;
  }
  return `https://player.vimeo.com/video/${encodeURIComponent(videoId)}?controls=0&autopause=0`;
}

/**
 * An embedded site player: commands go out with postMessage, its time comes back as events
 * (YouTube `infoDelivery`, Vimeo `timeupdate`/`play`/`pause`).
 */
export function embedPlayer(kind: 'youtube' | 'vimeo', frame: HTMLIFrameElement): Player {
  let time: number | null = null;
  let paused = true;
  let length: number | undefined;
  const post = (message: unknown) =>
    frame.contentWindow?.postMessage(
      typeof message === 'string' ? message : JSON.stringify(message),
      ORIGINS[kind][0] ?? '*',
    );
  const youtube = (func: string, args: unknown[] = []) =>
    post({ event: 'command', func, args, id: 'podium' });
  const onMessage = (event: MessageEvent) => {
    // SECURITY: only the embedded player's own messages count.
    if (event.source !== frame.contentWindow || !ORIGINS[kind].includes(event.origin)) return;
    let data: unknown = event.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    if (typeof data !== 'object' || data === null) return;
    const m = data as {
      event?: string;
      info?: Record<string, unknown>;
      data?: Record<string, unknown>;
    };
    if (kind === 'youtube' && m.info) {
      if (typeof m.info.currentTime === 'number') time = m.info.currentTime;
      if (typeof m.info.duration === 'number' && m.info.duration > 0) length = m.info.duration;
      // 1: playing, 3: buffering (both on their way).
      if (typeof m.info.playerState === 'number') paused = ![1, 3].includes(m.info.playerState);
    }
    if (kind === 'vimeo') {
      if (m.event === 'ready') {
        for (const name of ['timeupdate', 'play', 'pause']) {
          post({ method: 'addEventListener', value: name });
        }
      }
      if (typeof m.data?.seconds === 'number') time = m.data.seconds;
      if (typeof m.data?.duration === 'number') length = m.data.duration;
      if (m.event === 'play') paused = false;
      if (m.event === 'pause') paused = true;
    }
  };
  window.addEventListener('message', onMessage);
  const onLoad = () => {
    if (kind === 'youtube') post({ event: 'listening', id: 'podium' });
  };
  frame.addEventListener('load', onLoad);
  return {
    read: () => ({ time, paused }),
    duration: () => length,
    seek: (seconds) => {
      time = seconds;
      if (kind === 'youtube') youtube('seekTo', [seconds, true]);
      else post({ method: 'setCurrentTime', value: seconds });
    },
    play: () => {
      if (kind === 'youtube') youtube('playVideo');
      else post({ method: 'play' });
      paused = false;
      return Promise.resolve(true);
    },
    pause: () => {
      if (kind === 'youtube') youtube('pauseVideo');
      else post({ method: 'pause' });
      paused = true;
    },
    dispose: () => {
      window.removeEventListener('message', onMessage);
      frame.removeEventListener('load', onLoad);
    },
  };
}
