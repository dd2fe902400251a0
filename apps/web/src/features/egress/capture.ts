import type { MediaStreamMap } from './types.ts';

/**
 * The recorder page's output: the rendered page itself (tab capture) as video, the room's
 * remote audio mixed with WebAudio, one MediaRecorder (H.264 + Opus in Matroska, a key frame
 * every second, 500 ms chunks) streamed to the egress process's ingest socket.
 *
 * Why tab capture: whatever the page renders (stage layout, active speaker, screen share, and
 * later studio overlays and the whiteboard) is recorded as viewers see it, with no second
 * drawing of the layout into a canvas. Debian's headless Chromium grants it without a prompt
 * with `--auto-accept-this-tab-capture` (measured: 1280x720, crop-and-scale).
 */
export interface CaptureStatus {
  state: 'starting' | 'recording' | 'failed' | 'stopped';
  bytes: number;
  chunks: number;
  error?: string;
}

export interface Capture {
  /** Follow the room's received streams (every audio track is mixed in). */
  setRemote(remote: MediaStreamMap): void;
  stop(): void;
}

const MIME = 'video/x-matroska;codecs=avc1,opus';

export async function startCapture(options: {
  ingest: string;
  width: number;
  height: number;
  onStatus: (status: CaptureStatus) => void;
}): Promise<Capture> {
  const status: CaptureStatus = { state: 'starting', bytes: 0, chunks: 0 };
  const report = (patch: Partial<CaptureStatus>) => {
    Object.assign(status, patch);
    options.onStatus({ ...status });
  };

  const display = await navigator.mediaDevices.getDisplayMedia({
    video: {
      width: options.width,
      height: options.height,
      frameRate: 30,
      // @ts-expect-error -- Chromium's `cursor` constraint is not in the DOM typings
      cursor: 'never',
    },
    audio: false,
    preferCurrentTab: true,
    selfBrowserSurface: 'include',
  });

  // For the egress's browser log (EGRESS_BROWSER_LOG): what was captured, at which viewport.
  // The page has no person to tell and no server log to write to; Chromium's log is the place.
  // eslint-disable-next-line no-console -- see above
  console.info(
    'recorder capture',
    JSON.stringify({
      settings: display.getVideoTracks()[0]?.getSettings(),
      viewport: [window.innerWidth, window.innerHeight, window.devicePixelRatio],
    }),
  );

  // The mix: always one audio track, silent while nobody speaks.
  const audio = new AudioContext({ sampleRate: 48000 });
  const mix = audio.createMediaStreamDestination();
  const sources = new Map<string, { node: MediaStreamAudioSourceNode; sink: HTMLAudioElement }>();

  const stream = new MediaStream([...display.getVideoTracks(), ...mix.stream.getAudioTracks()]);
  const recorder = new MediaRecorder(stream, {
    mimeType: MIME,
    videoBitsPerSecond: options.height >= 1080 ? 4_500_000 : 2_500_000,
    audioBitsPerSecond: 128_000,
    // @ts-expect-error -- Chromium's key-frame interval option is not in the DOM typings
    videoKeyFrameIntervalDuration: 1000,
  });

  const ws = new WebSocket(options.ingest);
  ws.binaryType = 'arraybuffer';
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (recorder.state !== 'inactive') recorder.stop();
    for (const t of display.getTracks()) t.stop();
    void audio.close();
    ws.close();
    if (status.state !== 'failed') report({ state: 'stopped' });
  };

  recorder.ondataavailable = (event) => {
    if (event.data.size === 0 || ws.readyState !== WebSocket.OPEN) return;
    ws.send(event.data);
    report({ bytes: status.bytes + event.data.size, chunks: status.chunks + 1 });
  };
  recorder.onerror = () => {
    report({ state: 'failed', error: 'recorder error' });
    stop();
  };
  ws.onclose = () => stop();
  ws.onerror = () => report({ state: 'failed', error: 'ingest socket failed' });
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.addEventListener('close', () => reject(new Error('ingest socket closed')), { once: true });
  });
  // The wall-clock time of the recording's media time 0 (its first frame, captured as it starts):
  // the egress cuts a file at the moment a host paused, resumed or stopped, in media time,
  // however late the request or the media reach it.
  const epochMs = Date.now();
  recorder.start(500);
  ws.send(JSON.stringify({ t: 'clock', epochMs }));
  report({ state: 'recording' });

  return {
    setRemote(remote) {
      for (const [id, s] of Object.entries(remote)) {
        if (sources.has(id) || s.getAudioTracks().length === 0) continue;
        // Chromium routes a remote WebRTC track into WebAudio only while a media element
        // plays it; a muted element is enough.
        const sink = new Audio();
        sink.muted = true;
        sink.srcObject = s;
        void sink.play().catch(() => undefined);
        const node = audio.createMediaStreamSource(s);
        node.connect(mix);
        sources.set(id, { node, sink });
      }
      for (const [id, { node, sink }] of sources) {
        if (remote[id]) continue;
        node.disconnect();
        sink.srcObject = null;
        sources.delete(id);
      }
    },
    stop,
  };
}
