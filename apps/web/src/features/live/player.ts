/**
 * Plays a room's HLS in a `<video>`: hls.js (loaded on demand) with its low-latency settings,
 * or the browser's own HLS (Safari). Every request carries the viewer's current playback token
 * (read per request, so a renewed one takes over). Fatal network or media errors are retried;
 * the caller hears of them to show a notice.
 */
export interface PlayerOptions {
  /** The playlist's path, without the token. */
  playlist: string;
  token: () => string | null;
  onTrouble: (trouble: 'retrying' | 'unsupported' | null) => void;
}

/** With the token of the moment in the query. */
function withToken(url: string, token: string | null): string {
  const u = new URL(url, window.location.href);
  if (token) u.searchParams.set('token', token);
  return u.toString();
}

export async function attachPlayer(video: HTMLVideoElement, options: PlayerOptions) {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      // Native HLS: the playlist names the token on every URI it lists.
      video.src = withToken(options.playlist, options.token());
      void video.play().catch(() => undefined);
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    options.onTrouble('unsupported');
    return () => undefined;
  }
  const hls = new Hls({
    lowLatencyMode: true,
    // 1 s segments: play 1 s behind the playlist's live edge (measured, bench/README glass-to-glass:
    // two segments behind gave a 5.7 s median from the publisher's camera, about one gives ~3-4 s;
    // issue 12 aims for ≤ 5 s), speeding up a little to catch up. Jump to the edge only when 10 s
    // behind (of the playlist's 12): a viewer that is slow to fetch (a loaded machine refreshed
    // the playlist every 4-5 s) otherwise jumps forward on every refresh and never plays a frame.
    // (hls.js takes the two in seconds or the two in segments, never a mix.)
    liveSyncDuration: 1,
    liveMaxLatencyDuration: 10,
    maxLiveSyncPlaybackRate: 1.1,
    backBufferLength: 30,
    xhrSetup: (xhr, url) => {
      xhr.open('GET', withToken(url, options.token()), true);
    },
  });
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    options.onTrouble('retrying');
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      hls.recoverMediaError();
      return;
    }
    // The playlist is not there yet (starting) or the network dropped: load again shortly.
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => hls.loadSource(options.playlist), 2000);
  });
  hls.on(Hls.Events.FRAG_BUFFERED, () => options.onTrouble(null));
  // The wall-clock time of the frame on screen, from the segments' EXT-X-PROGRAM-DATE-TIME (the
  // encoder's clock): the latency benchmark reads it (bench/README.md, HLS latency).
  const stamp = () => {
    const playing = hls.playingDate;
    if (playing) video.dataset.playingDate = String(playing.getTime());
  };
  video.addEventListener('timeupdate', stamp);
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    void video.play().catch(() => undefined);
  });
  hls.loadSource(options.playlist);
  hls.attachMedia(video);
  return () => {
    if (retryTimer) clearTimeout(retryTimer);
    video.removeEventListener('timeupdate', stamp);
    hls.destroy();
  };
}
