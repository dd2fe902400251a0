import type { Logger } from 'pino';

/**
 * The egress of live rooms, as the in-call features (recording, streaming) see it: one composed
 * picture of a room's stage (rendered by a hidden, view-only `recorder` participant in headless
 * Chromium) encoded with ffmpeg to any number of outputs at once — a file, RTMP destinations,
 * HLS. One composition per room feeds every output; never one browser per output.
 *
 * The implementation (media/egress/) runs the composition in a supervised child process so it
 * can later run on another machine; nothing here names Chromium or ffmpeg.
 *
 * Contract shared by the recording and streaming features:
 * - `open` is idempotent per room: a second call returns the running session (its resolution
 *   stays what the first call chose).
 * - Outputs are independent: one failing (an RTMP server refusing the key, a full disk) reports
 *   `failed` for that output only; the others go on.
 * - `pause`/`resume` apply to `file` outputs only; the paused time is not in the file.
 * - When the last output is removed the session closes itself (the recorder leaves the room).
 * - If the egress process dies, every output reports `failed` with `egress_crashed`; a file
 *   output's part recorded so far stays playable at its path (fragmented MP4 or segments,
 *   finalised on the way out), and the session reports `ended`.
 */
export interface RoomEgress {
  /** false when this server cannot compose rooms (no Chromium or ffmpeg, or turned off). */
  readonly available: boolean;
  open(roomId: string, options: EgressOptions): Promise<EgressSession>;
}

export interface EgressOptions {
  /** 720p30 by default; 1080p30 for theater rooms. */
  resolution: '720p' | '1080p';
  log: Logger;
}

export type EgressOutput =
  /** An MP4 (H.264 + AAC) written at `path` (finalised when removed). */
  | { id: string; kind: 'file'; path: string }
  /** rtmp:// or rtmps:// URL including the stream key. SECURITY: never logged. */
  | { id: string; kind: 'rtmp'; url: string }
  /** Low-latency HLS playlist and segments written under `dir`. */
  | { id: string; kind: 'hls'; dir: string };

export type EgressOutputState =
  'starting' | 'running' | 'paused' | 'stopping' | 'stopped' | 'failed';

/** Why an output failed; the feature maps it to the user-facing message. */
export type EgressFailure =
  /** The RTMP server refused the publish (wrong key) or could not be reached. */
  | 'rtmp_refused'
  /** The RTMP connection dropped after it was up (the feature may retry with backoff). */
  | 'rtmp_dropped'
  | 'disk_full'
  | 'encoder_failed'
  | 'egress_crashed';

export interface EgressOutputStatus {
  outputId: string;
  state: EgressOutputState;
  failure?: EgressFailure;
  /** For file outputs: bytes written and media time recorded so far (paused parts excluded). */
  bytes?: number;
  durationMs?: number;
}

export interface EgressEvents {
  output: (status: EgressOutputStatus) => void;
  /** The session is over (closed, or the egress died); outputs have reported their last state. */
  ended: (reason: 'closed' | 'egress_crashed') => void;
}

export interface EgressSession {
  readonly roomId: string;
  /** Resolves once the output is `running` (or rejects with its failure). */
  addOutput(output: EgressOutput): Promise<void>;
  /**
   * Stops and finalises one output; resolves once it is `stopped`. `at` (here and in pause and
   * resume; default now) is the wall-clock ms the host asked: a file is cut at that moment of
   * the media, however long the request took to reach the egress.
   */
  removeOutput(outputId: string, at?: number): Promise<EgressOutputStatus>;
  pause(outputId: string, at?: number): Promise<void>;
  resume(outputId: string, at?: number): Promise<void>;
  status(): readonly EgressOutputStatus[];
  on<E extends keyof EgressEvents>(event: E, listener: EgressEvents[E]): () => void;
  /** Stops every output and the composition; idempotent. */
  close(): Promise<void>;
}

/** Servers without an egress: recording and streaming requests are refused clearly. */
export const NO_EGRESS: RoomEgress = {
  available: false,
  open: () => Promise.reject(new Error('egress is not available')),
};
