import { z } from 'zod';
import { SIGNALING_MAX_NAME, event, participantId, request, signalingId } from './common.ts';

/**
 * Recording a live room (issue 12 item 2; spec §4 "Recording: recording, pause or stop, resume";
 * decisions.md "Recording and streaming"). Hosts and co-hosts start, pause, resume and stop;
 * everyone hears the room's recording state (`recording_state`): on every change, after every
 * `welcome` (joiners, and after a reconnect), so the REC indicator is never stale. The file
 * belongs to the event's owner (`GET /api/recordings`). End-to-end encrypted rooms are never
 * recorded by the server.
 */

export const RECORDING_STATES = ['idle', 'starting', 'recording', 'paused', 'stopping'] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

/** Why a running recording was stopped by the server (told to hosts and co-hosts). */
export const RECORDING_FAILURES = ['disk_full', 'encoder_failed', 'egress_crashed'] as const;
export type RecordingFailure = (typeof RECORDING_FAILURES)[number];
/** Why the server ended a recording it had accepted: a failure while running, or at its start. */
export const RECORDING_STOP_REASONS = [...RECORDING_FAILURES, 'start_failed'] as const;
export type RecordingStopReason = (typeof RECORDING_STOP_REASONS)[number];

export const recordingView = z.object({
  state: z.enum(RECORDING_STATES),
  /** The stored recording this run writes (null when idle). */
  recording_id: signalingId.nullable(),
  /** Epoch ms the recording was started (null when idle). */
  started_at: z.number().nullable(),
  /** Recorded time in ms up to `running_since` (paused parts excluded). */
  recorded_ms: z.number().int().nonnegative(),
  /**
   * Epoch ms the current running stretch began, while `recording`: the recorded time now is
   * `recorded_ms + (now - running_since)`. Null otherwise.
   */
  running_since: z.number().nullable(),
  /** Who started it (participant id and name at the time), null when idle. */
  by: participantId.nullable(),
  by_name: z.string().max(SIGNALING_MAX_NAME).nullable(),
});
export type RecordingView = z.infer<typeof recordingView>;

export const IDLE_RECORDING: RecordingView = {
  state: 'idle',
  recording_id: null,
  started_at: null,
  recorded_ms: 0,
  running_since: null,
  by: null,
  by_name: null,
};

export const recordingRequests = {
  /**
   * Hosts and co-hosts: start recording the room. A refusal says why (already recording, an
   * end-to-end room, no egress on this server); once accepted the reply carries `starting` and
   * `recording_state` follows when the file is written (or `recording_failed` with
   * `start_failed`).
   */
  recording_start: request('recording_start', {}),
  /** Hosts and co-hosts: pause a running recording (the paused time is not in the file). */
  recording_pause: request('recording_pause', {}),
  /** Hosts and co-hosts: resume a paused recording. */
  recording_resume: request('recording_resume', {}),
  /** Hosts and co-hosts: stop and finalise the recording (listed at /app/recording). */
  recording_stop: request('recording_stop', {}),
} as const;

export const recordingEvents = {
  /** The room's recording state: on every change, and after every `welcome`. */
  recording_state: event('recording_state', { recording: recordingView }),
  /**
   * To hosts and co-hosts: the server stopped the recording (the disk is full, the encoder
   * failed, the egress process died) or could not start it. `partial`: the part recorded so far
   * was kept and is listed; otherwise nothing usable was written.
   */
  recording_failed: event('recording_failed', {
    /** null when it failed before a recording was listed. */
    recording_id: signalingId.nullable(),
    reason: z.enum(RECORDING_STOP_REASONS),
    partial: z.boolean(),
  }),
} as const;

const stateReply = z.object({ recording: recordingView });

export const recordingReplies = {
  recording_start: stateReply,
  recording_pause: stateReply,
  recording_resume: stateReply,
  recording_stop: stateReply,
} as const;

/** The error texts of the recording requests (spread into `signalingMessages`). */
export const recordingMessages = {
  en: {
    'recording.unavailable': 'Recording is not available on this server',
    'recording.endtoend': 'End-to-end encrypted events cannot be recorded',
    'recording.already_started': 'This event is already being recorded',
    'recording.not_recording': 'This event is not being recorded',
    'recording.not_paused': 'The recording is not paused',
    'recording.busy': 'The recording is starting or stopping, please wait',
    'recording.start_failed': 'The recording could not be started, please try again',
  },
  vi: {
    'recording.unavailable': 'Máy chủ này không hỗ trợ ghi hình',
    'recording.endtoend': 'Không thể ghi hình sự kiện được mã hóa đầu cuối',
    'recording.already_started': 'Sự kiện này đang được ghi hình',
    'recording.not_recording': 'Sự kiện này không được ghi hình',
    'recording.not_paused': 'Bản ghi hình không ở trạng thái tạm dừng',
    'recording.busy': 'Bản ghi hình đang bắt đầu hoặc đang dừng, vui lòng đợi',
    'recording.start_failed': 'Không thể bắt đầu ghi hình, vui lòng thử lại',
  },
} as const;
