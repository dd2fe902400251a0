import { IDLE_RECORDING, type RecordingView, type ServerMessageOf } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';

/**
 * The room's recording as this browser knows it: the server's `recording_state` (sent on every
 * change and after every welcome — a new participant's only when not idle, protocol
 * `WELCOME_DEFAULTS` — so it is right after a reconnect too) and, for hosts and co-hosts, the
 * last `recording_failed` (shown once as a toast).
 */
export interface RecordingSliceState {
  recording: RecordingView;
  /** The last failure the server told about, with a sequence number so each shows once. */
  failure: (ServerMessageOf<'recording_failed'> & { seq: number }) | null;
}

export const recordingSlice: FeatureSlice<RecordingSliceState> = {
  key: 'recording',
  initial: { recording: IDLE_RECORDING, failure: null },
  reduce: (slice, input) => {
    if (input.type === 'recording_state') return { ...slice, recording: input.recording };
    if (input.type === 'recording_failed') {
      return { ...slice, failure: { ...input, seq: (slice.failure?.seq ?? 0) + 1 } };
    }
    return slice;
  },
};

/** Whether the room is being recorded (the REC indicator shows), paused included. */
export const isRecording = (r: RecordingView): boolean =>
  r.state === 'recording' || r.state === 'paused' || r.state === 'stopping';

/** Recorded time at `now` in ms (the paused parts left out). */
export function recordedAt(r: RecordingView, now: number): number {
  return r.recorded_ms + (r.running_since === null ? 0 : Math.max(0, now - r.running_since));
}

/** "m:ss", or "h:mm:ss" past an hour. */
export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
